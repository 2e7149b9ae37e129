/**
 * Provider search over 10,000 generated offices (two listed dentists each), on the embedded
 * database: the search the site runs (a bounding box on the indexed coordinates, then the exact
 * distance), against the same search done as a scan of every office (the baseline an index has to beat).
 */
import { migrate } from '#server/platform/db/migrate.ts'
import { openDatabase, type Database } from '#server/platform/db/database.ts'
import { searchDirectory, type DirectoryMatch } from '#server/features/directory/directory.ts'
import { distanceMiles } from '#server/features/directory/geo.ts'

export const SEARCH_OFFICES = 10_000
const GROUP = 'bench'
const RADIUS = 25

/** A deterministic pseudo-random sequence (mulberry32), so every run searches the same places. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function generate(db: Database): Promise<{ latitude: number; longitude: number }[]> {
  await db.query("INSERT INTO tenants (group_key, name) VALUES ($1, 'Benchmark') ON CONFLICT DO NOTHING", [GROUP])
  const next = random(42)
  // Offices spread over the contiguous United States, denser in a few metro areas as real networks are.
  const metros = [
    [34.05, -118.24],
    [40.71, -74.0],
    [41.88, -87.63],
    [29.76, -95.37],
    [33.45, -112.07],
    [37.77, -122.42],
  ] as const
  const places = Array.from({ length: SEARCH_OFFICES }, (_, index) => {
    if (index % 2 === 0) {
      const [lat, lon] = metros[index % metros.length]!
      return { latitude: lat + (next() - 0.5), longitude: lon + (next() - 0.5) }
    }
    return { latitude: 25 + next() * 24, longitude: -124 + next() * 57 }
  })
  await db.query(
    `INSERT INTO offices (id, group_key, name, address_line, city, state, zip, latitude, longitude, phone, hours)
     SELECT 900000 + n, $1, 'Office ' || n, n || ' Main St', 'City', 'CA', '90001', (p->>'latitude')::float8, (p->>'longitude')::float8, '8005550100', '[]'::jsonb
     FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(p, n)`,
    [GROUP, JSON.stringify(places)],
  )
  await db.query(
    `INSERT INTO providers (id, group_key, office_id, name, specialty, languages, accepting_new_patients, npi, license_number)
     SELECT 2000000 + o.id * 2 + k, $1, o.id, 'Dr. ' || o.id || '-' || k, 'General dentistry', ARRAY['English'], true, lpad((o.id * 2 + k)::text, 10, '0'), 'L' || o.id || k
     FROM offices o CROSS JOIN generate_series(0, 1) AS k WHERE o.group_key = $1`,
    [GROUP],
  )
  await db.query('ANALYZE offices')
  await db.query('ANALYZE providers')
  return places
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? NaN

export interface SearchResult {
  offices: number
  searches: number
  indexed: { p50: number; p95: number }
  scan: { p50: number; p95: number }
  meanMatches: number
}

export async function providerSearch(searches = 200): Promise<SearchResult> {
  const db = await openDatabase({})
  try {
    await migrate(db)
    await generate(db)
    const next = random(7)
    const centres = Array.from({ length: searches }, () => ({
      latitude: 30 + next() * 15,
      longitude: -120 + next() * 45,
    }))
    const time = async (
      search: (origin: { latitude: number; longitude: number }) => Promise<DirectoryMatch[] | unknown[]>,
    ) => {
      const times: number[] = []
      let matches = 0
      for (const origin of centres.slice(0, 10)) await search(origin)
      for (const origin of centres) {
        const started = performance.now()
        matches += (await search(origin)).length
        times.push(performance.now() - started)
      }
      const sorted = [...times].sort((a, b) => a - b)
      return { p50: sorted[Math.floor(sorted.length / 2)] ?? NaN, p95: p95(times), matches: matches / centres.length }
    }
    const indexed = await time((origin) =>
      searchDirectory(db, GROUP, {}, { origin: { ...origin, city: 'Benchmark', state: 'CA' }, radiusMiles: RADIUS }),
    )
    // The scan: every office of the tenant read, its distance computed, the radius applied.
    const scan = await time(async (origin) => {
      const rows = await db.query('SELECT id, latitude, longitude FROM offices WHERE group_key = $1', [GROUP])
      return rows.filter(
        (row) => distanceMiles(origin, { latitude: Number(row.latitude), longitude: Number(row.longitude) }) <= RADIUS,
      )
    })
    return {
      offices: SEARCH_OFFICES,
      searches,
      indexed: { p50: indexed.p50, p95: indexed.p95 },
      scan: { p50: scan.p50, p95: scan.p95 },
      meanMatches: indexed.matches,
    }
  } finally {
    await db.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await providerSearch())
