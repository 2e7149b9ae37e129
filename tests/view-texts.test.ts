import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * ADR 0006: everything a visitor reads that is not data is content. A view module (a `.tsx` of
 * blocks/, stories and tests aside) may not write a sentence for the visitor itself; the sentence
 * goes into the owning block's settings (`settings.ts`, `settingText(default, label)`) or, for a
 * section block, its props from the section's settings in content, with today's wording as the
 * default.
 *
 * What is read, precisely:
 * - the text of a JSX element: each run of JSX text and `{expressions}` between two child
 *   elements, an expression counting as a placeholder (so `Page {page} of {pages}` is a sentence);
 * - a string or template literal given to a text attribute (`TEXT_ATTRIBUTES`) or as a child,
 *   directly or as a branch of `?:`, `&&`, `||` or `??`;
 * - the same given to a text property of an object literal (`TEXT_PROPERTIES`: a confirm dialog's
 *   title and buttons, a table column's header, a choice's label).
 * A text is a sentence when it has two words or more (a word: letters, perhaps with an apostrophe
 * or a hyphen inside and punctuation around), its placeholders aside. So a unit (“mi”), a single
 * label word (“Edit”), punctuation, a class name (`text-lg`, never in a text position anyway), a
 * URL or an identifier is not a sentence. Data-formatting functions that build a sentence around
 * data live in `.ts` modules, which this test does not read.
 */
const TEXT_ATTRIBUTES = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'caption',
  'description',
  'heading',
  'hint',
  'label',
  'legend',
  'placeholder',
  'title',
])

/** The properties of an object literal that a view shows as text. */
const TEXT_PROPERTIES = new Set([...TEXT_ATTRIBUTES, 'header', 'message', 'okText', 'cancelText', 'text'])

/**
 * Sentences that are not content, by file and exact text. Keep it short and say why.
 */
const ALLOWED: Record<string, string[]> = {
  // The DMHC's name and numbers are fixed by the statute (Health and Safety Code §1368.02(b)) with
  // the rest of its statement (schemas/dmhc.ts), word for word: not the content manager's to change.
  'blocks/page-grievance/page-grievance.tsx': ['California Department of Managed Health Care'],
}

const WORD = /^[^\p{L}\p{N}]*\p{L}+(?:['’-]\p{L}+)*[^\p{L}\p{N}]*$/u
const PLACEHOLDER = '…'

const isSentence = (text: string) =>
  text
    .split(/\s+/)
    .filter((token) => token !== PLACEHOLDER)
    .filter((token) => WORD.test(token)).length >= 2

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** A literal's text, each `${…}` of a template as a placeholder. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => ` ${PLACEHOLDER} ${span.literal.text}`).join('')
  return undefined
}

/** The literals an expression may evaluate to: itself, or the branches of `?:`, `&&`, `||`, `??`. */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression)
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)]
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOf(node.right)
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken)
      return [...literalsOf(node.left), ...literalsOf(node.right)]
  }
  return literalText(node) === undefined ? [] : [node]
}

interface Finding {
  line: number
  text: string
}

/** The sentences a view module writes itself. */
function sentencesIn(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const findings: Finding[] = []
  const add = (node: ts.Node, text: string) => {
    const collapsed = collapse(text)
    if (isSentence(collapsed))
      findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: collapsed })
  }
  const addLiterals = (expression: ts.Expression | undefined) => {
    for (const literal of expression ? literalsOf(expression) : []) add(literal, literalText(literal) ?? '')
  }

  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      let run: (ts.JsxText | ts.JsxExpression)[] = []
      const flush = () => {
        const first = run[0]
        if (first) {
          const text = run
            .map((child) => {
              if (ts.isJsxText(child)) return child.text
              // A lone literal child is the same text as JSX text; anything else is data.
              const literal = child.expression && literalText(child.expression)
              return literal ?? ` ${PLACEHOLDER} `
            })
            .join('')
          add(run.find((child) => ts.isJsxText(child) && collapse(child.text)) ?? first, text)
        }
        run = []
      }
      for (const child of node.children) {
        if (ts.isJsxText(child)) run.push(child)
        else if (ts.isJsxExpression(child)) {
          const expression = child.expression
          const literal = expression && literalText(expression) !== undefined
          if (expression && !literal) addLiterals(expression)
          // A conditional text is checked branch by branch, not as a placeholder of the run.
          if (expression && !literal && literalsOf(expression).length > 0) flush()
          else run.push(child)
        } else flush()
      }
      flush()
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer
      if (ts.isStringLiteral(value)) add(value, value.text)
      else if (ts.isJsxExpression(value)) addLiterals(value.expression)
    }
    if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.has(node.name.getText(file))) addLiterals(node.initializer)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return findings
}

const root = path.resolve(import.meta.dirname, '..')
const viewModules = (readdirSync(path.join(root, 'blocks'), { recursive: true }) as string[])
  .map((name) => path.posix.join('blocks', name.split(path.sep).join('/')))
  .filter((name) => name.endsWith('.tsx') && !/\.(stories|test)\.tsx$/.test(name))
  .sort()

describe('texts a visitor reads are content (ADR 0006)', () => {
  it('finds view modules to read', () => {
    expect(viewModules.length).toBeGreaterThan(40)
  })

  it('no view module writes a sentence for the visitor', () => {
    const problems = viewModules.flatMap((name) => {
      const allowed = ALLOWED[name] ?? []
      return sentencesIn(name, readFileSync(path.join(root, name), 'utf8'))
        .filter((finding) => !allowed.includes(finding.text))
        .map((finding) => `${name}:${finding.line}: “${finding.text}”`)
    })
    expect(
      problems,
      `${problems.length} sentences are written in views. A text a visitor reads is content: add it to the owning block's settings (settings.ts, settingText(default, label), today's wording as the default; a section block's props.ts) and read it from the settings; a sentence built around data goes into a template setting filled with fillText, or a formatting function in a .ts module. Only what is not the content manager's to change goes into ALLOWED in tests/view-texts.test.ts, with the reason.\n`,
    ).toEqual([])
  })

  it.each([
    ['<p>Results</p>', []],
    ['<p>No offices found.</p>', ['No offices found.']],
    ['<p>Page {page} of {pages}</p>', ['Page … of …']],
    ['<p>{count} results</p>', []],
    ['<p>{settings.heading}</p>', []],
    ["<p>{'Nothing here yet'}</p>", ['Nothing here yet']],
    ["<p>{sending ? 'Sending…' : settings.submit}</p>", []],
    ["<p>{sending ? 'Signing in…' : settings.submit}</p>", ['Signing in…']],
    ['<p>Edit<span> {name}</span></p>', []],
    ['<Field label="First name" />', ['First name']],
    ['<Field label={`Fees on the ${plan} plan`} />', ['Fees on the … plan']],
    ['<Field label={settings.first_name} placeholder="90210" />', []],
    ['<div className="text-lg font-bold" />', []],
    ['<a href="https://example.org/a b" rel="noopener noreferrer" />', []],
    ['<span>2.4 mi</span>', []],
    ['<img alt={office.name ?? "Office photo"} />', ['Office photo']],
  ])('%s: %j', (source, expected) => {
    expect(sentencesIn('view.tsx', `const view = ${source}`).map((finding) => finding.text)).toEqual(expected)
  })
})
