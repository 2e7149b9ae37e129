import { z } from '#schemas/engine/zod.ts'
import { VITALS, type RumBatch } from '#schemas/engine/monitoring.ts'
import { json, many, one, type JsonParam, type Queryable } from '../../platform/db/database.ts'

const vitalRow = z.object({
  name: z.enum(VITALS),
  count: z.number(),
  p75: z.nullable(z.number()),
  good: z.number(),
  needs_improvement: z.number(),
  poor: z.number(),
})
const pageRow = z.object({
  path: z.string(),
  views: z.number(),
  lcp: z.nullable(z.number()),
  inp: z.nullable(z.number()),
  cls: z.nullable(z.number()),
})
const totalsRow = z.object({ sessions: z.number(), views: z.number() })

/** One browser event as kept: its kind, page, name and measure, and the rest of it as sent. */
export interface RumEventRow {
  type: string
  path: string
  name: string | null
  value: number | null
  detail: Record<string, unknown>
}

/** Keeps a session's events, in one statement. */
export async function insertRumEvents(
  db: Queryable,
  groupKey: string,
  session: RumBatch['session'],
  rows: readonly RumEventRow[],
) {
  await db.query(
    `INSERT INTO rum_events (group_key, session_id, replay, type, path, name, value, detail)
         SELECT $1, $2, $3, e.type, e.path, e.name, e.value, e.detail
         FROM jsonb_to_recordset($4::jsonb) AS e(type text, path text, name text, value double precision, detail jsonb)`,
    [groupKey, session.id, session.replay, json(rows)],
  )
}

export async function deleteRumEventsBefore(db: Queryable, before: Date) {
  await db.query('DELETE FROM rum_events WHERE received_at < $1', [before])
}

/** Each vital's count, 75th percentile and ratings since `since`, rated by `thresholds` (name, good, poor). */
export const vitalsSince = (db: Queryable, groupKey: string, since: Date, thresholds: JsonParam) =>
  many(
    db,
    vitalRow,
    `SELECT e.name, count(*)::int AS count, percentile_cont(0.75) WITHIN GROUP (ORDER BY e.value) AS p75,
             count(*) FILTER (WHERE e.value <= t.good)::int AS good,
             count(*) FILTER (WHERE e.value > t.good AND e.value <= t.poor)::int AS needs_improvement,
             count(*) FILTER (WHERE e.value > t.poor)::int AS poor
           FROM rum_events e JOIN jsonb_to_recordset($3::jsonb) AS t(name text, good double precision, poor double precision) ON t.name = e.name
           WHERE e.group_key = $1 AND e.type = 'vital' AND e.received_at >= $2
           GROUP BY e.name`,
    [groupKey, since, thresholds],
  )

const p75Of = (name: string) =>
  `percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE type = 'vital' AND name = '${name}')`

/** The 25 most viewed pages since `since`, with their views and their LCP, INP and CLS at the 75th percentile. */
export const pagesSince = (db: Queryable, groupKey: string, since: Date) =>
  many(
    db,
    pageRow,
    `SELECT path, count(*) FILTER (WHERE type = 'view')::int AS views, ${p75Of('LCP')} AS lcp, ${p75Of('INP')} AS inp, ${p75Of('CLS')} AS cls
           FROM rum_events WHERE group_key = $1 AND type IN ('view', 'vital') AND received_at >= $2
           GROUP BY path ORDER BY views DESC, path LIMIT 25`,
    [groupKey, since],
  )

export const totalsSince = (db: Queryable, groupKey: string, since: Date) =>
  one(
    db,
    totalsRow,
    `SELECT count(DISTINCT session_id)::int AS sessions, count(*) FILTER (WHERE type = 'view')::int AS views FROM rum_events WHERE group_key = $1 AND received_at >= $2`,
    [groupKey, since],
  )
