import type { Office, Plan, planPriceSchema, Provider } from '#schemas/api/directory.ts'
import type { z } from '#schemas/engine/zod.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { toPlan } from '../plans/index.ts'
import {
  listedProviders,
  officeById,
  officeOffers,
  officesOf,
  officesOffering,
  planPricesAt,
  plansAt,
  type OfficeRow,
  type ProviderRow,
  type StoredProviderRow,
} from './office-store.ts'

export const toOffice = (row: OfficeRow): Office => ({
  id: row.id,
  name: row.name,
  address: { line: row.address_line, city: row.city, state: row.state, zip: row.zip },
  latitude: row.latitude,
  longitude: row.longitude,
  phone: row.phone,
  hours: row.hours,
  acceptingNewPatients: row.accepting_new_patients,
  accessibility: row.accessibility,
  staffLanguages: row.staff_languages,
})

/** A provider as the API says it, from its row: the public directory's, and member services' record. */
export const providerFields = (row: StoredProviderRow) => ({
  id: row.id,
  name: row.name,
  providerType: row.provider_type,
  specialty: row.specialty,
  npi: row.npi,
  licenseNumber: row.license_number,
  boardCertification: row.board_certification,
  patientAges: row.patient_ages,
  groupAffiliation: row.group_affiliation,
  languages: row.languages,
  acceptingNewPatients: row.accepting_new_patients,
  officeId: row.office_id,
})
export const toProvider = (row: ProviderRow): Provider => ({
  ...providerFields(row),
  npi: row.npi,
  licenseNumber: row.license_number,
})

type PlanPrice = z.infer<typeof planPriceSchema>

/** Offices, providers and the plans each office offers, of one tenant (every query is scoped to the tenant). */
export const catalog = {
  async office(db: Queryable, groupKey: string, id: number): Promise<Office | undefined> {
    const row = await officeById(db, groupKey, id)
    return row && toOffice(row)
  },
  async offices(db: Queryable, groupKey: string): Promise<Office[]> {
    return (await officesOf(db, groupKey)).map(toOffice)
  },
  async officesOffering(db: Queryable, groupKey: string, planId: number): Promise<Office[]> {
    return (await officesOffering(db, groupKey, planId)).map(toOffice)
  },
  async plansAt(db: Queryable, groupKey: string, officeId: number): Promise<Plan[]> {
    return (await plansAt(db, groupKey, officeId)).map(toPlan)
  },
  /** The tenant's listed providers, by name (an office's only, with `officeId`). */
  async providers(db: Queryable, groupKey: string, officeId?: number): Promise<Provider[]> {
    return (await listedProviders(db, groupKey, officeId)).map(toProvider)
  },
  /** The plans each office offers as its card lists them (name and prices), cheapest monthly first. */
  async planPricesAt(db: Queryable, groupKey: string, officeIds: readonly number[]): Promise<Map<number, PlanPrice[]>> {
    const rows = await planPricesAt(db, groupKey, officeIds)
    const byOffice = new Map<number, PlanPrice[]>(officeIds.map((id) => [id, []]))
    for (const row of rows)
      byOffice.get(row.office_id)?.push({
        id: row.id,
        name: row.name,
        monthlyPriceCents: row.monthly_price_cents,
        annualPriceCents: row.annual_price_cents,
      })
    return byOffice
  },
  offers: officeOffers,
}
