import { z } from '#schemas/engine/zod.ts'
import type { Office, Provider } from '#schemas/api/catalog.ts'
import { one, type Param, type Queryable } from '../../platform/db/database.ts'
import { LISTED_PROVIDER, officeRow, providerRow, toOffice, toProvider } from './catalog.ts'
import { boundingBox, distanceMiles, type BoundingBox, type Centroid } from './geo.ts'

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

/** Where a radius search measures from. */
export interface Near {
  origin: Centroid
  radiusMiles: number
}

/** An office that matches, its distance (null without a ZIP) and its providers that match. */
export interface DirectoryMatch {
  office: Office
  /** Exact great-circle miles: round only to show it. */
  distanceMiles: number | null
  providers: Provider[]
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

const officeId = z.object({ id: z.number() })

/** PostgreSQL text cannot hold U+0000, and no stored name contains it: such a filter matches nothing. */
const holdsNul = (filters: DirectoryFilters) =>
  [filters.name, filters.specialty, filters.language].some((value) => value?.includes('\u0000'))

/** Empty text filters (`?language=`) mean no filter, as in the form they come from. */
const withoutEmpty = (filters: DirectoryFilters): DirectoryFilters => ({
  name: filters.name || undefined,
  specialty: filters.specialty || undefined,
  language: filters.language || undefined,
  accepting: filters.accepting,
})

/**
 * The one directory search behind both the provider and the office search: filters in SQL (the
 * tenant, the box around the ZIP, the text and new-patient filters), then the exact distance of
 * each office in the box, the radius, and the order: nearest first (then office name), or without
 * a ZIP by state, city and office name. Not paginated: each caller pages what it lists.
 */
export async function searchDirectory(
  db: Queryable,
  groupKey: string,
  rawFilters: DirectoryFilters,
  near?: Near,
): Promise<DirectoryMatch[]> {
  const filters = withoutEmpty(rawFilters)
  if (holdsNul(filters)) return []
  const { text, params } = directorySql(groupKey, filters, near && boundingBox(near.origin, near.radiusMiles))
  const matches = new Map<number, DirectoryMatch>()
  for (const row of await db.query(text, params)) {
    const { id } = officeId.parse(row)
    let match = matches.get(id)
    if (!match) {
      const office = toOffice(officeRow.parse(row))
      match = { office, distanceMiles: near ? distanceMiles(near.origin, office) : null, providers: [] }
      matches.set(id, match)
    }
    // An office without a matching provider comes back once, its provider columns NULL.
    if (row.p_id !== null)
      match.providers.push(
        toProvider(
          providerRow.parse(Object.fromEntries(PROVIDER_COLUMNS.map((column) => [column, row[`p_${column}`]]))),
        ),
      )
  }
  const byName = (a: DirectoryMatch, b: DirectoryMatch) => a.office.name.localeCompare(b.office.name, 'en')
  const found = [...matches.values()]
  if (!near)
    return found.sort(
      (a, b) =>
        a.office.address.state.localeCompare(b.office.address.state, 'en') ||
        a.office.address.city.localeCompare(b.office.address.city, 'en') ||
        byName(a, b),
    )
  return found
    .filter((match) => match.distanceMiles! <= near.radiusMiles)
    .sort((a, b) => a.distanceMiles! - b.distanceMiles! || byName(a, b))
}

/** Miles as the directory shows them: one decimal. */
export const shownMiles = (miles: number | null) => (miles === null ? null : Math.round(miles * 10) / 10)

/**
 * When the tenant's directory last changed: the latest `updated_at` of its offices and providers
 * (the directory must say how current it is, §1367.27). A tenant without offices has never
 * changed; it answers `fallback`.
 */
export async function directoryUpdatedAt(db: Queryable, groupKey: string, fallback: Date): Promise<string> {
  const { updated_at } = await one(
    db,
    z.object({ updated_at: z.nullable(z.coerce.date()) }),
    'SELECT greatest((SELECT max(updated_at) FROM offices WHERE group_key = $1), (SELECT max(updated_at) FROM providers WHERE group_key = $1)) AS updated_at',
    [groupKey],
  )
  return (updated_at ?? fallback).toISOString()
}
