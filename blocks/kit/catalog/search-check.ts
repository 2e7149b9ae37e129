import { providerSearchSchema, type ProviderSearch } from '#schemas/api/directory.ts'
import type { DentistSearch } from '#schemas/search.ts'
import { cleanSearch, SEARCH_FIELDS, type SearchProblems } from './dentist-search.ts'

// The search check, with the API's schema (and zod): a page checks its address's search in its
// props (on the server for the first render, carried to the browser); its loader and its form load
// this module when they check one themselves (`loadSearchCheck`, dentist-search.ts).

/**
 * Checks a search with the API's own schema: the search as the API takes it, or what is wrong
 * with it, by field (a bad radius, a malformed ZIP).
 */
export function checkSearch(search: DentistSearch): SearchCheck {
  const parsed = providerSearchSchema.safeParse(cleanSearch(search))
  if (parsed.success) {
    const { zip, radius, name, specialty, language, accepting, page } = parsed.data
    return {
      ok: true,
      search: {
        zip,
        radius,
        name,
        specialty,
        language,
        accepting: accepting === undefined ? undefined : accepting ? 'true' : 'false',
        page,
      },
    }
  }
  const problems: SearchProblems = {}
  for (const issue of parsed.error.issues) {
    const field = SEARCH_FIELDS.find((name) => name === issue.path[0]) ?? 'zip'
    problems[field] ??= issue.message
  }
  return { ok: false, problems }
}

/** A search, checked: the search as the API takes it, or what is wrong with it by field. */
export type SearchCheck = { ok: true; search: ProviderSearch } | { ok: false; problems: SearchProblems }
