import { officeSearchQuery } from '../kit/catalog/dentist-search.ts'
import type { SearchCheck } from '../kit/catalog/search-check.ts'

export { officeDetailsQuery as officeQuery, officePlansQuery as plansQuery } from '../kit/catalog/office-queries.ts'

/** An id from the address: a positive whole number, or nothing. */
export const positiveId = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined

/** Offices near a checked ZIP search, when it is one. */
export const nearQuery = (checked: SearchCheck | undefined) =>
  checked?.ok ? officeSearchQuery(checked.search, 6) : undefined
