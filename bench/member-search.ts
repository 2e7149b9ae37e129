/**
 * Member services' search (issue 29, docs/adr/0026) over 100,000 generated members on the embedded
 * database: each form as the API runs it (`searchMembers` of server/features/members/staff-members.ts,
 * prepared statements and all), first without migration 019's indexes (the baseline: a scan of
 * every member), then with them, in the same run on the same data.
 *
 *   npx tsx bench/member-search.ts   (prints the figures)
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { migrate, MIGRATIONS_DIR, splitStatements } from '#server/platform/db/migrate.ts'
import { many, openDatabase, type Database } from '#server/platform/db/database.ts'
import { memberNumber } from '#server/features/members/members.ts'
import { searchMembers } from '#server/features/members/staff-members.ts'
import { z } from '#schemas/engine/zod.ts'
import type { Tenant } from '#schemas/tenant.ts'

export const SEARCH_MEMBERS = 100_000
const GROUP = 'bench'
const PLAN = 990_001
/** Migration 019's search indexes: dropped for the baseline, then created as the migration does. */
const INDEXES = splitStatements(readFileSync(path.join(MIGRATIONS_DIR, '019_member_search.sql'), 'utf8')).filter(
  (statement) => /^CREATE INDEX users_search_/.test(statement),
)

/** A deterministic pseudo-random sequence (mulberry32), so every run searches the same members. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Person {
  first: string
  last: string
  email: string
  phone: string
}

/** Names made of syllables (about 12,000 last names, 1,400 first names), emails from them, phones of ten digits. */
function people(count: number): Person[] {
  const next = random(29)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const syllables = ['an', 'bel', 'cor', 'da', 'el', 'fer', 'gar', 'har', 'is', 'jo', 'kan', 'lo', 'mar', 'nel']
  const ends = ['son', 'ez', 'er', 'ski', 'ton', 'a', 'o', 'es', 'ley', 'man', 'ov', 'in', 'ard', 'ie', 'ro']
  const word = (parts: number) => {
    const text = Array.from({ length: parts }, () => pick(syllables)).join('') + pick(ends)
    return text[0]!.toUpperCase() + text.slice(1)
  }
  return Array.from({ length: count }, (_, index) => {
    const first = word(1 + Math.floor(next() * 2))
    const last = word(2 + Math.floor(next() * 2))
    return {
      first,
      last,
      email: `${first}.${last}.${index}@example.com`.toLowerCase(),
      phone: String(2_000_000_000 + Math.floor(next() * 7_999_999_999)),
    }
  })
}

async function generate(db: Database, list: Person[]) {
  await db.query("INSERT INTO tenants (group_key, name) VALUES ($1, 'Benchmark') ON CONFLICT DO NOTHING", [GROUP])
  await db.query(
    "INSERT INTO plans (id, group_key, name, description, monthly_price_cents, annual_price_cents, fee_schedule) VALUES ($1, $2, 'Bench', 'Bench', 1000, 10000, '[]')",
    [PLAN, GROUP],
  )
  for (let start = 0; start < list.length; start += 10_000)
    await db.query(
      `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone)
       SELECT $1, p->>'email', 'x', 'member', p->>'first', p->>'last', p->>'phone' FROM jsonb_array_elements($2::jsonb) AS t(p)`,
      [GROUP, JSON.stringify(list.slice(start, start + 10_000))],
    )
  // Each member with a membership, whose state every row of the answer shows.
  await db.query(
    `INSERT INTO subscriptions (group_key, member_id, plan_id, billing_cycle, status, started_at, renews_at, period_started_at)
     SELECT group_key, id, $2, 'monthly', 'active', '2026-11-01', '2026-12-01', '2026-11-01' FROM users WHERE group_key = $1`,
    [GROUP, PLAN],
  )
  await db.query('ANALYZE users')
  await db.query('ANALYZE subscriptions')
}

const percentile = (times: number[], share: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))] ?? NaN

export interface MemberSearchForm {
  form: string
  example: string
  baseline: { p50: number; p95: number }
  indexed: { p50: number; p95: number }
  meanRows: number
}

export interface MemberSearchResult {
  members: number
  searches: number
  forms: MemberSearchForm[]
}

export async function memberSearch(searches = 200): Promise<MemberSearchResult> {
  const db = await openDatabase({})
  try {
    await migrate(db)
    for (const statement of INDEXES) await db.query(`DROP INDEX ${/CREATE INDEX (\w+)/.exec(statement)![1]}`)
    const list = people(SEARCH_MEMBERS)
    await generate(db, list)
    const ids = (
      await many(db, z.object({ id: z.number() }), 'SELECT id FROM users WHERE group_key = $1 ORDER BY id', [GROUP])
    ).map((row) => row.id)
    const tenant = { groupKey: GROUP } as Tenant
    const next = random(11)
    const sample = Array.from({ length: searches }, () => Math.floor(next() * list.length))
    const forms: { form: string; query: (index: number) => string }[] = [
      { form: 'a last name’s first 4 letters', query: (index) => list[index]!.last.slice(0, 4) },
      { form: 'last name and first name', query: (index) => `${list[index]!.last}, ${list[index]!.first}` },
      // (An email's start without its @ reads as a name.)
      { form: 'an email up to its @', query: (index) => list[index]!.email.split('@')[0]! + '@' },
      { form: 'a whole email', query: (index) => list[index]!.email },
      {
        form: 'phone digits, the first 6 typed as (xxx) xxx',
        query: (index) => `(${list[index]!.phone.slice(0, 3)}) ${list[index]!.phone.slice(3, 6)}`,
      },
      {
        form: 'a member number',
        query: (index) => memberNumber(GROUP, ids[index]!),
      },
    ]
    const time = async (query: (index: number) => string) => {
      const times: number[] = []
      let rows = 0
      for (const index of sample.slice(0, 10)) await searchMembers({ db, tenant }, query(index))
      for (const index of sample) {
        const started = performance.now()
        rows += (await searchMembers({ db, tenant }, query(index))).members.length
        times.push(performance.now() - started)
      }
      return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), rows: rows / sample.length }
    }
    // The baseline: a member number has no index of its own (the primary key finds the account):
    // its scan is the number written out for every member and compared, as a stored number would be without an index.
    const numberScan = (index: number) =>
      db.query(
        `SELECT id FROM users WHERE group_key = $1 AND role = 'member' AND upper(left(group_key, 3)) || lpad(id::text, 7, '0') = $2 LIMIT 26`,
        [GROUP, memberNumber(GROUP, ids[index]!)],
      )
    const baselines = []
    for (const form of forms)
      baselines.push(form.form === 'a member number' ? await timeRaw(sample, numberScan) : await time(form.query))
    for (const statement of INDEXES) await db.query(statement)
    await db.query('ANALYZE users')
    const result: MemberSearchForm[] = []
    for (const [index, form] of forms.entries()) {
      const indexed = await time(form.query)
      result.push({
        form: form.form,
        example: form.query(sample[0]!),
        baseline: { p50: baselines[index]!.p50, p95: baselines[index]!.p95 },
        indexed: { p50: indexed.p50, p95: indexed.p95 },
        meanRows: indexed.rows,
      })
    }
    return { members: SEARCH_MEMBERS, searches, forms: result }
  } finally {
    await db.close()
  }
}

async function timeRaw(sample: number[], run: (index: number) => Promise<unknown>) {
  const times: number[] = []
  for (const index of sample.slice(0, 10)) await run(index)
  for (const index of sample) {
    const started = performance.now()
    await run(index)
    times.push(performance.now() - started)
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), rows: 1 }
}

/** The section of bench/results.md. */
export function memberSearchSection(result: MemberSearchResult): string[] {
  const fmt = (value: number) => value.toFixed(2)
  return [
    '## 12. Member search',
    `${result.searches} searches of each form over ${result.members.toLocaleString('en')} generated members (each with a membership) on embedded PGlite, as the API runs them (\`searchMembers\`: at most 25 rows and their membership's state). The baseline is the same run before migration 019's indexes are created (a scan of every member; a member number, which the primary key finds, against the number written out for every member).`,
    '',
    '| search (example) | baseline p50 (ms) | baseline p95 (ms) | indexed p50 (ms) | indexed p95 (ms) | rows (mean) |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.forms.map(
      (form) =>
        `| ${form.form} (\`${form.example}\`) | ${fmt(form.baseline.p50)} | ${fmt(form.baseline.p95)} | ${fmt(form.indexed.p50)} | ${fmt(form.indexed.p95)} | ${form.meanRows.toFixed(1)} |`,
    ),
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await memberSearch()
  console.log(memberSearchSection(result).join('\n'))
}
