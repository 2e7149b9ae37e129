import { apiQuery } from '#engine'
import { catalogApi, providerSearchSchema, type ProviderSearch } from '#schemas/api/catalog.ts'
import type { DentistSearch } from '#schemas/search.ts'

/** The fields of the search form, in the address's names. */
export const SEARCH_FIELDS = ['zip', 'radius', 'name', 'specialty', 'language', 'accepting'] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

/** The distances a visitor picks from (a shared address may carry another valid one: it is kept). */
export const RADIUS_CHOICES = ['5', '10', '25', '50', '100'] as const

/** The dental specialties the providers are listed under (ADA-recognised, plus general dentistry). */
export const SPECIALTIES = ['General dentistry', 'Pediatric dentistry', 'Orthodontics', 'Endodontics', 'Periodontics', 'Oral surgery', 'Prosthodontics'] as const

/** The search without its empty values, as the address and the API take it. */
export function cleanSearch(search: DentistSearch): DentistSearch {
  return Object.fromEntries(Object.entries(search).flatMap(([key, value]) => (typeof value === 'string' && value.trim() !== '' ? [[key, value.trim()]] : [])))
}

export type SearchProblems = Partial<Record<SearchField, string>>

/**
 * Checks a search with the API's own schema: the search as the API takes it, or what is wrong
 * with it, by field (a bad radius, a malformed ZIP).
 */
export function checkSearch(search: DentistSearch): { ok: true; search: ProviderSearch } | { ok: false; problems: SearchProblems } {
  const parsed = providerSearchSchema.safeParse(cleanSearch(search))
  if (parsed.success) {
    const { zip, radius, name, specialty, language, accepting, page } = parsed.data
    return { ok: true, search: { zip, radius, name, specialty, language, accepting: accepting === undefined ? undefined : accepting ? 'true' : 'false', page } }
  }
  const problems: SearchProblems = {}
  for (const issue of parsed.error.issues) {
    const field = SEARCH_FIELDS.find((name) => name === issue.path[0]) ?? 'zip'
    problems[field] ??= issue.message
  }
  return { ok: false, problems }
}

/** The search from the form's fields: the checkbox as `true` when ticked, the page back to 1. */
export function searchFromForm(form: FormData): DentistSearch {
  const text = (name: SearchField) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  return cleanSearch({ zip: text('zip'), radius: text('radius'), name: text('name'), specialty: text('specialty'), language: text('language'), accepting: form.get('accepting') ? 'true' : undefined })
}

/** The office search of a valid search (one page of results). */
export const officeSearchQuery = (search: ProviderSearch, pageSize = 10) => apiQuery(catalogApi.officeSearch, { query: { ...search, pageSize } })

/** The provider search of a valid search: every match at once (the directory lists, prints and exports them all). */
export const providerSearchQuery = (search: ProviderSearch) => apiQuery(catalogApi.providers, { query: { ...search, page: 1, pageSize: 500 } })
