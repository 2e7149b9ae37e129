import { useMemo, useState } from 'react'
import { localizedTexts, localizedWords, mustTranslate } from '#engine/tools'
import { cmsContentSchema } from '#schemas/cms.ts'
import type { ValidationIssue } from '#schemas/engine/validation-error.ts'
import siteSchema from '#schemas/generated/site-content.schema.json' with { type: 'json' }
import { DEFAULT_LANGUAGE } from '#schemas/languages.ts'
import { site } from '#site-config/site.ts'
import { Choice, languageOption } from './choice.tsx'

type Content = Record<string, unknown>
type Texts = Readonly<Record<string, string>>
export type Translations = Readonly<Record<string, Texts>>

/** A language the content lists: its code and its name in itself. */
export interface Language {
  code: string
  name: string
}

/** The languages the content lists other than the default (the ones a translator works on). */
export function otherLanguages(content: Content): Language[] {
  const base = content.base as { variables?: { languages?: unknown } } | undefined
  const listed = Array.isArray(base?.variables?.languages) ? (base.variables.languages as unknown[]) : []
  return listed.flatMap((language) =>
    typeof language === 'object' &&
    language !== null &&
    'code' in language &&
    typeof language.code === 'string' &&
    language.code !== DEFAULT_LANGUAGE
      ? [{ code: language.code, name: 'name' in language && typeof language.name === 'string' ? language.name : '' }]
      : [],
  )
}

/** The DOM id of a text's translation field (a pointer's `/`, spaces and braces made id-safe). */
export const translationId = (locale: string, pointer: string) =>
  `translation-${locale}-${pointer.replace(/[^\w-]/g, (char) => `_${char.codePointAt(0)!.toString(16)}`)}`

/** A pointer as a person reads it: `/pages/faq/sections/0/title` → `pages › faq › sections 1 › title`. */
const readable = (pointer: string) =>
  pointer
    .slice(1)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<string[]>((parts, key) => {
      const last = parts.at(-1)
      return /^\d+$/.test(key) && last !== undefined
        ? [...parts.slice(0, -1), `${last} ${Number(key) + 1}`]
        : [...parts, key.replace(/_/g, ' ')]
    }, [])
    .join(' › ')

/** Each text visitors read, with the default language's words and whether every language must have its own. */
interface Text {
  pointer: string
  words: string
  required: boolean
}

/**
 * The texts of the content without its translations: recomputed when another part changes, not as
 * a translation is typed (each keystroke changes the translations alone).
 */
function useTexts(content: Content): Text[] {
  const parts = Object.entries(content).filter(([key]) => key !== 'translations')
  const [known, setKnown] = useState<{ parts: [string, unknown][]; texts: Text[] }>()
  const same =
    known !== undefined &&
    known.parts.length === parts.length &&
    known.parts.every(([key, value], index) => parts[index]?.[0] === key && parts[index][1] === value)
  if (same) return known.texts
  const texts = textsOf(content)
  setKnown({ parts, texts })
  return texts
}

/** The texts the site reads: of the content as it parses (defaults filled in), else as typed. */
function textsOf(content: Content): Text[] {
  const parsed = cmsContentSchema.safeParse(content)
  const read = parsed.success ? parsed.data : content
  const schema = siteSchema as Record<string, unknown>
  const kinds = localizedTexts(schema, read)
  const required = mustTranslate(kinds, site.locales?.required ?? [])
  return [...localizedWords(schema, read)].map(([pointer, words]) => ({
    pointer,
    words,
    required: required(pointer),
  }))
}

const translated = (texts: Texts, pointer: string) => (texts[pointer]?.trim() ?? '') !== ''

/**
 * The translator's view: a language of the content chosen, each text with the default language's
 * words beside it, what is still untranslated (the legal texts a language needs before it is
 * published first), each a link to its field. A translation emptied falls back to the default.
 */
export function TranslationsForm({
  content,
  issues,
  locale,
  onLocale,
  onChange,
}: {
  content: Content
  issues: readonly ValidationIssue[]
  locale: string | undefined
  onLocale: (locale: string) => void
  onChange: (translations: Translations) => void
}) {
  const languages = otherLanguages(content)
  const texts = useTexts(content)
  const [part, setPart] = useState('')
  const [all, setAll] = useState(false)
  const [chosen, setChosen] = useState<{ view: string; texts: Text[]; pointers: string[] }>()
  const translations = (content.translations ?? {}) as Translations
  const mine = (locale && translations[locale]) || {}
  const parts = useMemo(() => [...new Set(texts.map((text) => text.pointer.split('/')[1]!))], [texts])

  if (languages.length === 0 || !locale)
    return (
      <p>
        This site speaks its default language alone. Add a language under Site › Languages (its code, such as{' '}
        <code>vi</code>, is its address prefix: <code>/vi/faq</code>); its texts are then translated here.
      </p>
    )

  const missing = texts.filter((text) => !translated(mine, text.pointer))
  const missingRequired = missing.filter((text) => text.required)
  // The list stays as it was chosen while its texts are typed (a text translated does not leave it).
  const view = `${locale}|${part}|${String(all)}`
  let listed = chosen?.view === view && chosen.texts === texts ? chosen.pointers : undefined
  if (!listed) {
    listed = texts
      .filter((text) => (all || !translated(mine, text.pointer)) && (!part || text.pointer.split('/')[1] === part))
      .map((text) => text.pointer)
    setChosen({ view, texts, pointers: listed })
  }
  const listedSet = new Set(listed)
  const shown = texts.filter((text) => listedSet.has(text.pointer))
  const name = languages.find((language) => language.code === locale)?.name ?? locale
  const problems = new Map(
    issues
      .filter((issue) => issue.path[0] === 'translations' && issue.path[1] === locale)
      .map((issue) => [String(issue.path[2]), issue.message]),
  )
  const set = (pointer: string, value: string) => {
    const others = Object.entries(mine).filter(([key]) => key !== pointer)
    onChange({ ...translations, [locale]: Object.fromEntries(value === '' ? others : [...others, [pointer, value]]) })
  }
  const focus = (pointer: string) => {
    if (!shown.some((text) => text.pointer === pointer)) {
      setPart('')
      setAll(true)
    }
    requestAnimationFrame(() =>
      requestAnimationFrame(() => document.getElementById(translationId(locale, pointer))?.focus()),
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <Choice
          stacked
          label="Language to translate"
          value={locale}
          options={languages.map(languageOption)}
          onChange={onLocale}
        />
        <Choice
          stacked
          label="Part"
          value={part}
          options={[
            { value: '', label: 'All parts' },
            ...parts.map((key) => ({ value: key, label: key.replace(/_/g, ' ') })),
          ]}
          onChange={setPart}
        />
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} /> Show translated
          texts too
        </label>
      </div>

      <p role="status" className="text-sm">
        {name}: {texts.length - missing.length} of {texts.length} texts translated.{' '}
        {missing.length > 0 && 'An untranslated text shows the default language’s words.'}
      </p>

      {missingRequired.length > 0 && (
        <section aria-labelledby="required-title" className="rounded border border-amber-400 bg-amber-50 p-3 text-sm">
          <h2 id="required-title" className="font-semibold">
            Required before {name} is published ({missingRequired.length})
          </h2>
          <p>The site publishes a language only with its own legal texts: translate each of these.</p>
          <ul className="mt-1 list-disc pl-5">
            {missingRequired.map((text) => (
              <li key={text.pointer}>
                <a
                  href={`#${translationId(locale, text.pointer)}`}
                  className="underline"
                  onClick={(event) => {
                    event.preventDefault()
                    focus(text.pointer)
                  }}
                >
                  {readable(text.pointer)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <h2 className="font-semibold">
        {all ? 'Texts' : 'Untranslated texts'} ({shown.length})
      </h2>
      <ol className="flex flex-col gap-4">
        {shown.map((text) => {
          const id = translationId(locale, text.pointer)
          const problem = problems.get(text.pointer)
          const long = text.words.length > 80
          const Control = long ? 'textarea' : 'input'
          return (
            <li key={text.pointer} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium">
                {readable(text.pointer)}
                {text.required && (
                  <>
                    {' '}
                    <span className="ml-1 rounded bg-amber-200 px-1 text-xs">required</span>
                  </>
                )}
              </label>
              <p id={`${id}-default`} className="text-sm text-slate-600">
                <span className="font-medium">Default: </span>
                {text.words}
              </p>
              <Control
                id={id}
                lang={locale}
                value={mine[text.pointer] ?? ''}
                onChange={(event: { target: { value: string } }) => set(text.pointer, event.target.value)}
                aria-describedby={`${id}-default${problem ? ` ${id}-problem` : ''}`}
                aria-invalid={problem ? true : undefined}
                {...(long ? { rows: 3 } : {})}
                className="rounded border border-slate-400 px-2 py-1"
              />
              {problem && (
                <p id={`${id}-problem`} className="text-sm text-red-800">
                  {problem}
                </p>
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
