import { z } from '#schemas/engine/zod.ts'
import type { Office, Provider } from '#schemas/api/directory.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { toOffice, toProvider } from './catalog.ts'
import { boundingBox, distanceMiles, type Centroid } from './geo.ts'
import {
  directoryChangedAt,
  directoryRows,
  officeRow,
  searchedProvider,
  type DirectoryFilters,
} from './office-store.ts'

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

const officeId = z.pick(officeRow, { id: true })

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
  const matches = new Map<number, DirectoryMatch>()
  for (const row of await directoryRows(db, groupKey, filters, near && boundingBox(near.origin, near.radiusMiles))) {
    const { id } = officeId.parse(row)
    let match = matches.get(id)
    if (!match) {
      const office = toOffice(officeRow.parse(row))
      match = { office, distanceMiles: near ? distanceMiles(near.origin, office) : null, providers: [] }
      matches.set(id, match)
    }
    const provider = searchedProvider(row)
    if (provider) match.providers.push(toProvider(provider))
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
  return ((await directoryChangedAt(db, groupKey)) ?? fallback).toISOString()
}
