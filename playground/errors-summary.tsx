import { formatPath, type ValidationIssue } from '#schemas/engine/validation-error.ts'
import { SECTIONS, type SectionKey } from './editor-schema.ts'

/** The DOM id rjsf gives the field at a content path (the forms use `root_{part}` as prefix). */
export const fieldId = (path: readonly (string | number)[]) => ['root', ...path].join('_')

/** Every problem of the draft, each a link to its field. */
export function ErrorsSummary({
  issues,
  onJump,
  onJumpToTranslation,
}: {
  issues: ValidationIssue[]
  onJump: (section: SectionKey, id: string) => void
  /** A language's text (`translations.{locale}.{pointer}`): its field in the Translations tab. */
  onJumpToTranslation?: (locale: string, pointer: string) => void
}) {
  if (issues.length === 0) return null
  return (
    <div
      role="alert"
      aria-labelledby="errors-title"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-950"
    >
      <p id="errors-title" className="font-semibold">
        {issues.length === 1
          ? 'One problem stops this draft from being published:'
          : `${issues.length} problems stop this draft from being published:`}
      </p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {issues.map((issue) => {
          const section = SECTIONS.find(({ key }) => key === issue.path[0])
          const [part, locale, pointer] = issue.path
          return (
            <li key={issue.path.join('.')}>
              {part === 'translations' &&
              onJumpToTranslation &&
              typeof locale === 'string' &&
              typeof pointer === 'string' ? (
                <button
                  type="button"
                  className="text-left underline"
                  onClick={() => onJumpToTranslation(locale, pointer)}
                >
                  Translations ({locale}): {pointer} — {issue.message}
                </button>
              ) : section ? (
                <button
                  type="button"
                  className="text-left underline"
                  onClick={() => onJump(section.key, fieldId(issue.path))}
                >
                  {section.title}: {formatPath(issue.path.slice(1))} — {issue.message}
                </button>
              ) : (
                <span>
                  {formatPath(issue.path)} — {issue.message}
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
