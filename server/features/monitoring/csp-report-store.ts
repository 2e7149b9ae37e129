import { z } from '#schemas/engine/zod.ts'
import { json, many, one, type Queryable } from '../../platform/db/database.ts'

const groupRow = z.object({
  directive: z.string(),
  blocked_url: z.string(),
  path: z.string(),
  count: z.number(),
  last_seen: z.coerce.date(),
  sample: z.nullable(z.string()),
})

/** One violation as kept (the page's path, the URLs without their query). */
export interface CspReportRow {
  document_url: string
  blocked_url: string
  directive: string
  source_file: string | null
  line: number | null
  col: number | null
  sample: string | null
  disposition: string
}

/**
 * Holds the tenant's report intake until the transaction `tx` ends: its count and its insert are
 * then one step, so parallel requests from one client cannot each read the same room (a flood of 20
 * at once took the whole hour's 1,000).
 */
export async function lockCspReports(tx: Queryable, groupKey: string) {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('csp_reports|' || $1, 0))`, [groupKey])
}

/** How many reports the tenant, and of them the client `clientKey`, sent since `since`. */
export const cspReportCounts = (db: Queryable, groupKey: string, since: Date, clientKey: string) =>
  one(
    db,
    z.object({ tenant: z.number(), client: z.number() }),
    `SELECT count(*)::int AS tenant, (count(*) FILTER (WHERE client_key = $3))::int AS client
         FROM csp_reports WHERE group_key = $1 AND received_at >= $2`,
    [groupKey, since, clientKey],
  )

/** Keeps the reports in one statement. */
export async function insertCspReports(
  db: Queryable,
  groupKey: string,
  rows: readonly CspReportRow[],
  receivedAt: Date,
  clientKey: string,
) {
  await db.query(
    `INSERT INTO csp_reports (group_key, document_url, blocked_url, directive, source_file, line, col, sample, disposition, received_at, client_key)
           SELECT $1, r.document_url, r.blocked_url, r.directive, r.source_file, r.line, r.col, r.sample, r.disposition, $3, $4
           FROM jsonb_to_recordset($2::jsonb) AS r(document_url text, blocked_url text, directive text, source_file text, line integer, col integer, sample text, disposition text)`,
    [groupKey, json(rows), receivedAt, clientKey],
  )
}

export async function deleteCspReportsBefore(db: Queryable, before: Date) {
  await db.query('DELETE FROM csp_reports WHERE received_at < $1', [before])
}

/**
 * The 50 most reported violations since `since`, grouped by directive, blocked URL and page: first
 * those the most clients sent (what breaks for many visitors is the alarm), so one client's flood,
 * however many groups it spreads over, ranks below a violation two visitors saw.
 */
export const cspReportGroups = (db: Queryable, groupKey: string, since: Date) =>
  many(
    db,
    groupRow,
    `SELECT directive, blocked_url, document_url AS path, count(*)::int AS count, max(received_at) AS last_seen, max(sample) AS sample
         FROM csp_reports WHERE group_key = $1 AND received_at >= $2
         GROUP BY directive, blocked_url, document_url
         ORDER BY count(DISTINCT client_key) DESC, count(*) DESC, max(received_at) DESC LIMIT 50`,
    [groupKey, since],
  )
