import { z } from '#schemas/engine/zod.ts'
import { many, maybeOne, one, type Param, type Queryable } from '../../platform/db/database.ts'
import { planRow } from '../plans/index.ts'
import type { BoundingBox } from './geo.ts'

/** The directory's rows: offices, their providers, and the plans each office offers. */

export const officeRow = z.object({
  id: z.number(),
  name: z.string(),
  address_line: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  hours: z.array(
    z.object({ day: z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']), opens: z.string(), closes: z.string() }),
  ),
  accepting_new_patients: z.boolean(),
  accessibility: z.array(z.string()),
  staff_languages: z.array(z.string()),
})
export type OfficeRow = z.infer<typeof officeRow>
/** An office's row as member services' record shows it: with when it last changed. */
const officeRecordRow = z.extend(officeRow, { updated_at: z.coerce.date() })

/** A provider's row as stored: one not yet listed may have no NPI or licence number on file. */
export const storedProviderRow = z.object({
  id: z.number(),
  office_id: z.number(),
  name: z.string(),
  provider_type: z.string(),
  specialty: z.string(),
  npi: z.nullable(z.string()),
  license_number: z.nullable(z.string()),
  board_certification: z.nullable(z.string()),
  patient_ages: z.enum(['adults', 'children', 'all']),
  group_affiliation: z.nullable(z.string()),
  languages: z.array(z.string()),
  accepting_new_patients: z.boolean(),
})
export type StoredProviderRow = z.infer<typeof storedProviderRow>
/** A listed provider's row (`LISTED_PROVIDER`): both on file. */
export const providerRow = z.extend(storedProviderRow, { npi: z.string(), license_number: z.string() })
export type ProviderRow = z.infer<typeof providerRow>
const providerRecordRow = z.extend(storedProviderRow, { updated_at: z.coerce.date() })

/**
 * The condition that puts a provider in the public directory: its NPI and licence number are on
 * file (H&S 1367.27 asks for both; rows from before migration 004 have neither until the seed or an
 * editor records them), so the directory never shows an entry it cannot back.
 */
const LISTED_PROVIDER = 'p.npi IS NOT NULL AND p.license_number IS NOT NULL'

export const officeById = (db: Queryable, groupKey: string, id: number) =>
  maybeOne(db, officeRow, 'SELECT * FROM offices WHERE group_key = $1 AND id = $2', [groupKey, id])

/** The tenant's offices by state, city and name. */
export const officesOf = (db: Queryable, groupKey: string) =>
  many(db, officeRow, 'SELECT * FROM offices WHERE group_key = $1 ORDER BY state, city, name', [groupKey])

/** The tenant's offices that offer the plan, by state, city and name. */
export const officesOffering = (db: Queryable, groupKey: string, planId: number) =>
  many(
    db,
    officeRow,
    'SELECT o.* FROM offices o JOIN office_plans op ON op.office_id = o.id WHERE o.group_key = $1 AND op.plan_id = $2 ORDER BY o.state, o.city, o.name',
    [groupKey, planId],
  )

export async function officeOffers(db: Queryable, officeId: number, planId: number): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM office_plans WHERE office_id = $1 AND plan_id = $2', [officeId, planId])).length > 0
  )
}

/** The plans an office offers, cheapest monthly first. */
export const plansAt = (db: Queryable, groupKey: string, officeId: number) =>
  many(
    db,
    planRow,
    'SELECT p.* FROM plan_catalog p JOIN office_plans op ON op.plan_id = p.id WHERE p.group_key = $1 AND op.office_id = $2 ORDER BY p.monthly_price_cents',
    [groupKey, officeId],
  )

/** The name and prices of each plan the offices offer, one row per office and plan, cheapest monthly first. */
export const planPricesAt = (db: Queryable, groupKey: string, officeIds: readonly number[]) =>
  many(
    db,
    z.object({
      office_id: z.number(),
      id: z.number(),
      name: z.string(),
      monthly_price_cents: z.number(),
      annual_price_cents: z.number(),
    }),
    `SELECT op.office_id, p.id, p.name, p.monthly_price_cents, p.annual_price_cents FROM office_plans op JOIN plan_catalog p ON p.id = op.plan_id
       WHERE p.group_key = $1 AND op.office_id = ANY($2::integer[]) ORDER BY p.monthly_price_cents, p.id`,
    [groupKey, officeIds.map(String)],
  )

/** The tenant's listed providers, by name (an office's only, with `officeId`). */
export const listedProviders = (db: Queryable, groupKey: string, officeId?: number) =>
  many(
    db,
    providerRow,
    `SELECT p.* FROM providers p WHERE p.group_key = $1 AND ($2::integer IS NULL OR p.office_id = $2) AND ${LISTED_PROVIDER} ORDER BY p.name, p.id`,
    [groupKey, officeId ?? null],
  )

/** What the find-a-dentist filters ask of a provider (and, for `name`, of its office). */
export interface DirectoryFilters {
  /** Part of the office's name or the provider's, any case. */
  name?: string | undefined
  /** Part of the specialty, any case. */
  specialty?: string | undefined
  /** One of the provider's languages, any case. */
  language?: string | undefined
  accepting?: boolean | undefined
}

/** Provider columns under names that cannot clash with the office's (`p_name` beside `name`). */
const PROVIDER_COLUMNS = Object.keys(providerRow.shape)

/**
 * The SQL of a directory search: the tenant's offices, inside `box` when given (plain range
 * conditions on latitude and longitude, which the `offices_location` index answers), each with its
 * listed providers that pass the filters. Without provider filters an office with no provider
 * still comes back (one row, provider columns NULL); with any, only offices with a matching
 * provider do. Text matches use strpos, not LIKE, so `%` and `_` in what a visitor typed are
 * just characters.
 */
export function directorySql(
  groupKey: string,
  filters: DirectoryFilters,
  box?: BoundingBox,
): { text: string; params: Param[] } {
  const params: Param[] = [groupKey]
  const bind = (value: Param) => `$${params.push(value)}`
  const where = ['o.group_key = $1']
  if (box) {
    where.push(`o.latitude BETWEEN ${bind(box.minLatitude)} AND ${bind(box.maxLatitude)}`)
    if (box.longitude) where.push(`o.longitude BETWEEN ${bind(box.longitude.min)} AND ${bind(box.longitude.max)}`)
  }
  if (filters.name) {
    const name = bind(filters.name)
    where.push(`(strpos(lower(o.name), lower(${name})) > 0 OR strpos(lower(p.name), lower(${name})) > 0)`)
  }
  if (filters.specialty) where.push(`strpos(lower(p.specialty), lower(${bind(filters.specialty)})) > 0`)
  if (filters.language)
    where.push(
      `EXISTS (SELECT 1 FROM unnest(p.languages) AS spoken(language) WHERE lower(spoken.language) = lower(${bind(filters.language)}))`,
    )
  if (filters.accepting !== undefined) where.push(`p.accepting_new_patients = ${bind(filters.accepting)}`)
  return {
    text: `SELECT o.*, ${PROVIDER_COLUMNS.map((column) => `p.${column} AS p_${column}`).join(', ')}
      FROM offices o LEFT JOIN providers p ON p.office_id = o.id AND p.group_key = o.group_key AND ${LISTED_PROVIDER}
      WHERE ${where.join(' AND ')}
      ORDER BY o.id, p.name, p.id`,
    params,
  }
}

/** The rows of a directory search (`directorySql`): an office's columns, and a provider's under `p_`. */
export function directoryRows(db: Queryable, groupKey: string, filters: DirectoryFilters, box?: BoundingBox) {
  const { text, params } = directorySql(groupKey, filters, box)
  return db.query(text, params)
}

/** A search row's provider: none on the one row of an office without a matching provider (its `p_` columns NULL). */
export const searchedProvider = (row: Record<string, unknown>): ProviderRow | null =>
  row.p_id === null
    ? null
    : providerRow.parse(Object.fromEntries(PROVIDER_COLUMNS.map((column) => [column, row[`p_${column}`]])))

/** The latest `updated_at` of the tenant's offices and providers (null without any). */
export async function directoryChangedAt(db: Queryable, groupKey: string): Promise<Date | null> {
  const { updated_at } = await one(
    db,
    z.object({ updated_at: z.nullable(z.coerce.date()) }),
    'SELECT greatest((SELECT max(updated_at) FROM offices WHERE group_key = $1), (SELECT max(updated_at) FROM providers WHERE group_key = $1)) AS updated_at',
    [groupKey],
  )
  return updated_at
}

/** A provider of the tenant with its office's name, as a directory report names them. */
export const providerWithOffice = (db: Queryable, groupKey: string, providerId: number) =>
  maybeOne(
    db,
    z.object({ name: z.string(), office_id: z.number(), office_name: z.string() }),
    'SELECT p.name, p.office_id, o.name AS office_name FROM providers p JOIN offices o ON o.id = p.office_id WHERE p.group_key = $1 AND p.id = $2',
    [groupKey, providerId],
  )

export const officeName = (db: Queryable, groupKey: string, officeId: number) =>
  maybeOne(db, z.pick(officeRow, { name: true }), 'SELECT name FROM offices WHERE group_key = $1 AND id = $2', [
    groupKey,
    officeId,
  ])

/** An office of the tenant that must exist (a report's), with when it last changed. */
export const officeRecordById = (db: Queryable, groupKey: string, id: number) =>
  one(db, officeRecordRow, 'SELECT * FROM offices WHERE group_key = $1 AND id = $2', [groupKey, id])

/** A provider of the tenant that must exist (a report's), listed or not, with when it last changed. */
export const providerRecordById = (db: Queryable, groupKey: string, id: number) =>
  one(db, providerRecordRow, 'SELECT * FROM providers WHERE group_key = $1 AND id = $2', [groupKey, id])

/** A record's fields, each with its column and its value as a query parameter. */
export type Columns = [column: string, value: Param][]

/** Writes the columns into an office or a provider, its `updated_at` moved to `now`. */
export async function updateRecord(
  tx: Queryable,
  table: 'offices' | 'providers',
  id: number,
  columns: Columns,
  now: Date,
): Promise<void> {
  const params: Param[] = [id, now]
  const assignments = columns.map(([column, value]) => `${column} = $${params.push(value)}`)
  await tx.query(`UPDATE ${table} SET ${[...assignments, 'updated_at = $2'].join(', ')} WHERE id = $1`, params)
}
