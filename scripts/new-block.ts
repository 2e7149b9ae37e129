/**
 * `npm run new:block -- <name> [--section]`: scaffolds `blocks/<name>/` (see README, "How to add
 * a block"): the props schema, the registration, the component, a story and a unit test.
 *
 * `scaffoldBlock` is pure (it returns the files); `writeBlockScaffold` writes them; the command
 * line runs only when this file is the entry (`tsx scripts/new-block.ts`), so tests import it.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export interface BlockScaffold {
  /** The block's folder name, also its `name` and the name of its component file. */
  name: string
  section: boolean
  /** The folder, relative to the project root: `blocks/<name>`. */
  folder: string
  /** The files, their paths relative to the project root. */
  files: { path: string; text: string }[]
}

const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
/** Folders of blocks/ that are not blocks. */
const RESERVED = new Set(['kit'])

/** Why a name cannot be a block's, or undefined when it can. */
export function blockNameProblem(name: string, section: boolean): string | undefined {
  if (!KEBAB_CASE.test(name))
    return `"${name}" is not a kebab-case name: lower-case letters and digits in words joined by "-", starting with a letter (e.g. section-note, header-wide)`
  if (RESERVED.has(name)) return `"${name}" is reserved: blocks/${name}/ holds the code blocks share`
  if (section && !name.startsWith('section-'))
    return `A section block's name starts with "section-" (its registry key): try section-${name}`
  if (!section && name.startsWith('section-')) return `"${name}" names a section block: add --section`
  return undefined
}

/** section-note → sectionNote */
export const camelCase = (name: string) => name.replace(/-([a-z0-9])/g, (_match, char: string) => char.toUpperCase())
/** section-note → SectionNote */
export const pascalCase = (name: string) => camelCase(name).replace(/^[a-z]/, (char) => char.toUpperCase())
/** section-note → Note, promo-banner → Promo banner */
const titleOf = (name: string, section: boolean) => {
  const words = (section ? name.slice('section-'.length) : name).replaceAll('-', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The files of a new block, without writing them. Throws on a bad name. */
export function scaffoldBlock(name: string, options: { section?: boolean } = {}): BlockScaffold {
  const section = options.section ?? false
  const problem = blockNameProblem(name, section)
  if (problem) throw new Error(problem)
  const block = camelCase(name)
  const Component = pascalCase(name)
  const schema = `${block}PropsSchema`
  const props = `${Component}Props`
  const title = titleOf(name, section)
  const folder = `blocks/${name}`

  // The props schema has a module of its own, which the block loads when the browser checks props
  // itself: the first render's props are the server's, so zod is not part of a page's start.
  const propsTs = `import { z } from '#schemas/engine/zod.ts'

export const ${schema} = z.object({
  title: z.string().check(z.regex(/\\S/, 'Title is required'), z.maxLength(120), z.describe('Title')),
  text: z.optional(z.string().check(z.maxLength(2000))).check(z.describe('Text')),
})
export type ${props} = z.output<typeof ${schema}>
`
  const schemaLoader = `() => import('./props.ts').then((module) => module.${schema})`
  const blockTs = section
    ? `import { defineSectionBlock } from '#engine'
import * as component from './${name}.tsx'

export const ${block} = defineSectionBlock({
  name: '${name}',
  title: '${title}',
  description: 'A title and a short text.',
  schema: ${schemaLoader},
  load: () => component,
})
`
    : `import { defineBlock } from '#engine'
import * as component from './${name}.tsx'

export const ${block} = defineBlock({
  name: '${name}',
  title: '${title}',
  description: 'A title and a short text.',
  schema: ${schemaLoader},
  // Reads the block's props from the page: the content, the session, the route's parameters.
  select: (context) => ({ title: context.content.base.variables.global_title }),
  load: () => component,
})
`

  const componentTsx = `import type { ${props} } from './props.ts'

export default function ${Component}({ title, text }: ${props}) {
  return (
    <section className="bg-white text-body" data-block="${name}">
      <div className="mx-auto max-w-5xl px-4 py-14">
        <h2 className="text-3xl font-bold">{title}</h2>
        {text && <p className="mt-4 max-w-2xl text-lg">{text}</p>}
      </div>
    </section>
  )
}
`

  const storyTitle = section ? `Sections/${name} · ${title}` : `Blocks/${name} · ${title}`
  const storiesTsx = section
    ? `import type { Meta, StoryObj } from '@storybook/react-vite'
import { argTypesFromSchema } from '#engine/tools'
import { phone, showsHeading } from '../kit/section-stories.ts'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

const meta = {
  title: '${storyTitle}',
  component: ${Component},
  args: { title: 'Closed on Monday', text: 'We reopen on Tuesday at 8am.' },
  argTypes: argTypesFromSchema(${schema}),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ${Component}>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = { play: showsHeading('Closed on Monday') }
export const WithoutText: Story = { args: { text: undefined }, play: showsHeading('Closed on Monday') }
export const Phone: Story = { ...phone, play: showsHeading('Closed on Monday') }
`
    : `import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { PHONE } from '../kit/story-fixtures.ts'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

const showsTitle = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(within(canvasElement).getByRole('heading', { level: 2, name: 'Closed on Monday' })).toBeVisible()
}

const meta = {
  title: '${storyTitle}',
  component: ${Component},
  args: { title: 'Closed on Monday', text: 'We reopen on Tuesday at 8am.' },
  argTypes: argTypesFromSchema(${schema}),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ${Component}>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = { play: showsTitle }
export const WithoutText: Story = { args: { text: undefined }, play: showsTitle }
export const Phone: Story = { globals: PHONE, play: showsTitle }
`

  const testTsx = `// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ${schema} } from './props.ts'
import ${Component} from './${name}.tsx'

afterEach(cleanup)

describe('${name}', () => {
  it('shows its title and text', () => {
    render(<${Component} {...${schema}.parse({ title: 'Closed on Monday', text: 'We reopen on Tuesday at 8am.' })} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Closed on Monday' })).toBeTruthy()
    expect(screen.getByText('We reopen on Tuesday at 8am.')).toBeTruthy()
  })

  it('refuses props without a title', () => {
    expect(${schema}.safeParse({ title: ' ' }).success).toBe(false)
  })
})
`

  return {
    name,
    section,
    folder,
    files: [
      { path: `${folder}/props.ts`, text: propsTs },
      { path: `${folder}/block.ts`, text: blockTs },
      { path: `${folder}/${name}.tsx`, text: componentTsx },
      { path: `${folder}/${name}.stories.tsx`, text: storiesTsx },
      { path: `${folder}/${name}.test.tsx`, text: testTsx },
    ],
  }
}

/** Writes the scaffold under `rootDir`; refuses a folder that exists. Returns the files' paths. */
export function writeBlockScaffold(rootDir: string, scaffold: BlockScaffold): string[] {
  const folder = path.join(rootDir, scaffold.folder)
  if (existsSync(folder)) throw new Error(`${scaffold.folder}/ exists already: choose another name, or edit that block`)
  mkdirSync(folder, { recursive: true })
  return scaffold.files.map((file) => {
    const target = path.join(rootDir, file.path)
    writeFileSync(target, file.text, { flag: 'wx' })
    return target
  })
}

/** What to do after scaffolding. */
export function nextSteps(scaffold: BlockScaffold): string {
  const block = camelCase(scaffold.name)
  // A registration is the loader of the block's definition: a page loads only the ones it renders.
  const entry = `() => import('#blocks/${scaffold.name}/block.ts').then((module) => module.${block})`
  return scaffold.section
    ? [
        'Next:',
        `  1. Register it in site-config/registry.ts, in \`blocks\`: '${scaffold.name}': ${entry},`,
        '  2. npm run schemas:generate (the content schema gets the new section).',
        `  3. Fill in the props schema, the component, the stories and the test; npx vitest run --project unit ${scaffold.folder}`,
      ].join('\n')
    : [
        'Next:',
        `  1. Register it in site-config/registry.ts under its layout key or page identifier, in \`blocks\`: e.g. '<key>': ${entry},`,
        "  2. Make its `select` read the props it needs from the page's context (see blocks/kit/header-block.ts).",
        `  3. Fill in the props schema, the component, the stories and the test; npx vitest run --project unit ${scaffold.folder}`,
      ].join('\n')
}

const USAGE = 'Usage: npm run new:block -- <name> [--section]\n  e.g. npm run new:block -- section-note --section'

/** The command line: returns the exit code. */
export function main(argv: readonly string[], rootDir: string, log = console.log, error = console.error): number {
  const flags = argv.filter((arg) => arg.startsWith('-'))
  const names = argv.filter((arg) => !arg.startsWith('-'))
  const unknown = flags.filter((flag) => flag !== '--section')
  if (unknown.length > 0 || names.length !== 1) {
    error(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE)
    return 1
  }
  try {
    const scaffold = scaffoldBlock(names[0]!, { section: flags.includes('--section') })
    const written = writeBlockScaffold(rootDir, scaffold)
    log(
      `Wrote ${scaffold.section ? 'section block' : 'block'} ${scaffold.name}:\n${written.map((file) => `  ${path.relative(process.cwd(), file)}`).join('\n')}`,
    )
    log(nextSteps(scaffold))
    return 0
  } catch (problem) {
    error(problem instanceof Error ? problem.message : String(problem))
    return 1
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2), path.resolve(import.meta.dirname, '..'))
}
