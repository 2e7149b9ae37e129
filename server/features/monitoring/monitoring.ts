import { z } from '#schemas/engine/zod.ts'
import { VITAL_THRESHOLDS, VITALS, type RumBatch, type VitalsSummary } from '#schemas/engine/monitoring.ts'
import { json, many, one, type Database } from '../../platform/db/database.ts'

/**
 * Where the browsers' real-user monitoring events go. A RUM service (Datadog, New Relic, …)
 * would take them at its own intake; here nothing may leave the machine, so the sandbox
 * collector keeps them in the database and answers the playground's vitals page from there.
 */
export interface RumCollector {
  record(groupKey: string, batch: RumBatch): Promise<number>
  vitals(groupKey: string, since: Date): Promise<Omit<VitalsSummary, 'configured' | 'days'>>
}

/** Events older than this are deleted (checked at most once an hour). */
const RETENTION_MS = 90 * 24 * 60 * 60_000
const CLEANUP_EVERY_MS = 60 * 60_000

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

const p75Of = (name: string) =>
  `percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FILTER (WHERE type = 'vital' AND name = '${name}')`

export function createSandboxCollector(db: Database, now: () => Date = () => new Date()): RumCollector {
  let cleanedAt = 0
  const thresholds = json(
    VITALS.map((name) => ({ name, good: VITAL_THRESHOLDS[name][0], poor: VITAL_THRESHOLDS[name][1] })),
  )
  return {
    async record(groupKey, batch) {
      const rows = batch.events.map((event) => {
        const { type, path, ...detail } = event
        const name = event.type === 'vital' || event.type === 'action' ? event.name : null
        const value =
          event.type === 'vital'
            ? event.value
            : event.type === 'resource' || event.type === 'long-task'
              ? event.duration
              : null
        return { type, path, name, value, detail }
      })
      await db.query(
        `INSERT INTO rum_events (group_key, session_id, replay, type, path, name, value, detail)
         SELECT $1, $2, $3, e.type, e.path, e.name, e.value, e.detail
         FROM jsonb_to_recordset($4::jsonb) AS e(type text, path text, name text, value double precision, detail jsonb)`,
        [groupKey, batch.session.id, batch.session.replay, json(rows)],
      )
      if (now().getTime() - cleanedAt > CLEANUP_EVERY_MS) {
        cleanedAt = now().getTime()
        await db.query('DELETE FROM rum_events WHERE received_at < $1', [new Date(cleanedAt - RETENTION_MS)])
      }
      return rows.length
    },

    async vitals(groupKey, since) {
      const [vitals, pages, totals] = await Promise.all([
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
        ),
        many(
          db,
          pageRow,
          `SELECT path, count(*) FILTER (WHERE type = 'view')::int AS views, ${p75Of('LCP')} AS lcp, ${p75Of('INP')} AS inp, ${p75Of('CLS')} AS cls
           FROM rum_events WHERE group_key = $1 AND type IN ('view', 'vital') AND received_at >= $2
           GROUP BY path ORDER BY views DESC, path LIMIT 25`,
          [groupKey, since],
        ),
        one(
          db,
          totalsRow,
          `SELECT count(DISTINCT session_id)::int AS sessions, count(*) FILTER (WHERE type = 'view')::int AS views FROM rum_events WHERE group_key = $1 AND received_at >= $2`,
          [groupKey, since],
        ),
      ])
      const byName = new Map(vitals.map((row) => [row.name, row]))
      return {
        ...totals,
        vitals: VITALS.map((name) => {
          const row = byName.get(name)
          return {
            name,
            count: row?.count ?? 0,
            p75: row?.p75 ?? null,
            ratings: { good: row?.good ?? 0, needsImprovement: row?.needs_improvement ?? 0, poor: row?.poor ?? 0 },
          }
        }),
        pages,
      }
    },
  }
}
