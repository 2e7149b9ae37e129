import { requiredQuery } from '#engine'
import { officeDetailsQuery, officePlansQuery } from '../kit/catalog/office-queries.ts'

/** The office (required: an unknown id makes the page a 404). */
export const officeQuery = (id: number) => requiredQuery(officeDetailsQuery(id))
export const plansQuery = officePlansQuery
