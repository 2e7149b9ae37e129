import type { CspReportsSummary, CspViolation } from '#schemas/csp-report.ts'
import type { Database } from '../../platform/db/database.ts'
import { hashed } from '../../platform/rate-limits.ts'
import {
  cspReportCounts,
  cspReportGroups,
  deleteCspReportsBefore,
  insertCspReports,
  lockCspReports,
} from './csp-report-store.ts'

/** A tenant keeps at most this many reports an hour: a page that fails for everyone, or a flood, fills no disk. */
export const CSP_REPORTS_PER_HOUR = 1000
/**
 * And one client (an address) at most this many of them: a flood from one fills its own share, and
 * the reports of everyone else (the alarm behind the sanitiser) still arrive. A visitor whose
 * pages all break sends a few a page.
 */
export const CSP_REPORTS_PER_CLIENT_PER_HOUR = 100
const RETENTION_MS = 90 * 24 * 60 * 60_000
const HOUR = 60 * 60_000

/** The page a report came from: its path alone (a query may hold what a visitor typed). */
const pathOf = (url: string) => {
  try {
    return new URL(url).pathname
  } catch {
    return url.split(/[?#]/)[0] ?? ''
  }
}

/**
 * Content-Security-Policy violations, kept in the database as the monitoring events are, for the
 * playground's vitals page: what the policy stopped (a script that got into content past the
 * sanitiser) or what of the site's own it would break.
 */
export function createCspReports(db: Database, now: () => Date = () => new Date()) {
  let cleanedAt = 0
  return {
    /** Keeps what fits of `violations` from the client at `address`; answers how many. */
    async record(groupKey: string, violations: readonly CspViolation[], address: string): Promise<number> {
      if (violations.length === 0) return 0
      const client = hashed(`csp|${address}`)
      const rows = violations.map((violation) => ({
        document_url: pathOf(violation.documentUrl),
        blocked_url: violation.blockedUrl.split(/[?#]/)[0] ?? '',
        directive: violation.directive,
        source_file: violation.sourceFile?.split(/[?#]/)[0] ?? null,
        line: violation.line ?? null,
        col: violation.column ?? null,
        sample: violation.sample ?? null,
        disposition: violation.disposition,
      }))
      // Counted and kept under the tenant's lock: parallel requests take their room one by one.
      const kept = await db.transaction(async (tx) => {
        await lockCspReports(tx, groupKey)
        const recent = await cspReportCounts(tx, groupKey, new Date(now().getTime() - HOUR), client)
        const room = Math.max(
          0,
          Math.min(CSP_REPORTS_PER_HOUR - recent.tenant, CSP_REPORTS_PER_CLIENT_PER_HOUR - recent.client),
        )
        const fits = rows.slice(0, room)
        if (fits.length) await insertCspReports(tx, groupKey, fits, now(), client)
        return fits.length
      })
      if (now().getTime() - cleanedAt > HOUR) {
        cleanedAt = now().getTime()
        await deleteCspReportsBefore(db, new Date(cleanedAt - RETENTION_MS))
      }
      return kept
    },

    async summary(groupKey: string, since: Date, days: number): Promise<CspReportsSummary> {
      const groups = await cspReportGroups(db, groupKey, since)
      return {
        days,
        groups: groups.map((row) => ({
          directive: row.directive,
          blockedUrl: row.blocked_url,
          path: row.path,
          count: row.count,
          lastSeen: row.last_seen.toISOString(),
          sample: row.sample,
        })),
      }
    },
  }
}
export type CspReports = ReturnType<typeof createCspReports>
