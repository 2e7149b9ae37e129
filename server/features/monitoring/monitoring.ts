import { VITAL_THRESHOLDS, VITALS, type RumBatch, type VitalsSummary } from '#schemas/engine/monitoring.ts'
import { json, type Database } from '../../platform/db/database.ts'
import { deleteRumEventsBefore, insertRumEvents, pagesSince, totalsSince, vitalsSince } from './rum-store.ts'

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
      await insertRumEvents(db, groupKey, batch.session, rows)
      if (now().getTime() - cleanedAt > CLEANUP_EVERY_MS) {
        cleanedAt = now().getTime()
        await deleteRumEventsBefore(db, new Date(cleanedAt - RETENTION_MS))
      }
      return rows.length
    },

    async vitals(groupKey, since) {
      const [vitals, pages, totals] = await Promise.all([
        vitalsSince(db, groupKey, since, thresholds),
        pagesSince(db, groupKey, since),
        totalsSince(db, groupKey, since),
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
