import { apiQuery } from '#engine'
import type { ProviderSearch } from '#schemas/api/directory.ts'
import { catalogApi } from '#schemas/api/directory.routes.ts'
import type { DentistSearch } from '#schemas/search.ts'

/** The fields of the search form, in the address's names. */
export const SEARCH_FIELDS = ['zip', 'radius', 'name', 'specialty', 'language', 'accepting'] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

/** The distances a visitor picks from (a shared address may carry another valid one: it is kept). */
export const RADIUS_CHOICES = ['5', '10', '25', '50', '100'] as const

/** The dental specialties the providers are listed under (ADA-recognised, plus general dentistry). */
export const SPECIALTIES = [
  'General dentistry',
  'Pediatric dentistry',
  'Orthodontics',
  'Endodontics',
  'Periodontics',
  'Oral surgery',
  'Prosthodontics',
] as const

/** The search without its empty values, as the address and the API take it. */
export function cleanSearch(search: DentistSearch): DentistSearch {
  return Object.fromEntries(
    Object.entries(search).flatMap(([key, value]) =>
      typeof value === 'string' && value.trim() !== '' ? [[key, value.trim()]] : [],
    ),
  )
}

export type SearchProblems = Partial<Record<SearchField, string>>

/** The search check (the API's schema, and zod), loaded with its first use (kit/catalog/search-check.ts). */
export const loadSearchCheck = () => import('./search-check.ts').then((module) => module.checkSearch)

/** The search from the form's fields: the checkbox as `true` when ticked, the page back to 1. */
export function searchFromForm(form: FormData): DentistSearch {
  const text = (name: SearchField) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  return cleanSearch({
    zip: text('zip'),
    radius: text('radius'),
    name: text('name'),
    specialty: text('specialty'),
    language: text('language'),
    accepting: form.get('accepting') ? 'true' : undefined,
  })
}

/** The office search of a valid search (one page of results). */
export const officeSearchQuery = (search: ProviderSearch, pageSize = 10) =>
  apiQuery(catalogApi.officeSearch, { query: { ...search, pageSize } })

/** The provider search of a valid search: every match at once (the directory lists, prints and exports them all). */
export const providerSearchQuery = (search: ProviderSearch) =>
  apiQuery(catalogApi.providers, { query: { ...search, page: 1, pageSize: 500 } })
