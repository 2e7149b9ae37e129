import { createHash } from 'node:crypto'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import type { Database, Param } from './db/database.ts'
import { RateLimited } from './errors.ts'

/** At most `points` attempts in a window of `durationMs`, counted from the window's first attempt. */
export interface RateRule {
  points: number
  durationMs: number
}

/** What each limit counts, and the sentence a refused visitor reads (it ends with "Try again later."; the forms replace that with the wait). */
export const RATE_LIMITS = {
  signInAddress: 'Too many sign-in attempts. Try again later.',
  signInAccount: 'Too many sign-in attempts. Try again later.',
  changePassword: 'Too many wrong current passwords. Try again later.',
  staffCode: 'Too many codes were tried for this account. Try again later.',
  resetAddress: 'Too many password-reset requests. Try again later.',
  resetRecipient: 'Too many password-reset requests for this email address. Try again later.',
  signup: 'Too many accounts were created from your address. Try again later.',
  contact: 'Too many messages from your address. Try again later.',
  grievance: 'Too many grievances from your address. Try again later.',
  grievanceLookup: 'Too many grievance lookups from your address. Try again later.',
  directoryReport: 'Too many reports from your address. Try again later.',
  checkoutAccount: 'Too many attempts at this step from your address. Try again later.',
  coupon: 'Too many coupon checks from your address. Try again later.',
} as const
export type RateLimitName = keyof typeof RATE_LIMITS

/**
 * The store's queries through the project's query layer, so the same limiter runs on PGlite and
 * on PostgreSQL (the library would otherwise want a `pg` client); docs/adr/0011.
 */
function storeClient(db: Database) {
  return {
    async query({ text, values = [] }: { text: string; values?: readonly Param[] }) {
      const rows = await db.query(text, values)
      return { rows, rowCount: rows.length }
    },
  }
}

/**
 * A key of the limits table: a hash, so the table holds neither addresses nor emails, and an
 * identity of any length fits its column.
 */
export const hashed = (identity: string) => createHash('sha256').update(identity).digest('base64url')

/**
 * The one rate-limit layer: counters in the database (table `rate_limits`), so that every server
 * process on the same database counts together. An attempt is counted (reserved) before the work
 * it guards, in one atomic upsert that returns the new count, so a burst of parallel requests
 * cannot pass it.
 */
export function createRateLimits(db: Database, rules: Record<RateLimitName, RateRule>) {
  const client = storeClient(db)
  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      new RateLimiterPostgres({
        storeClient: client,
        storeType: 'client',
        tableName: 'rate_limits',
        // Created by migration 007, never by the library at run time.
        tableCreated: true,
        // One limiter deletes the table's windows that ended over an hour ago, every 5 minutes.
        clearExpiredByTimeout: name === 'signInAddress',
        keyPrefix: name,
        points: rule.points,
        duration: Math.max(1, Math.ceil(rule.durationMs / 1000)),
      }),
    ]),
  ) as Record<RateLimitName, RateLimiterPostgres>

  return {
    /**
     * Counts one attempt against `name` for `identity`; when the window's attempts are spent,
     * throws RateLimited (a 429 with Retry-After). The attempt is counted before the work runs.
     */
    async take(name: RateLimitName, identity: string): Promise<void> {
      try {
        await limiters[name].consume(hashed(identity))
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused
        throw new RateLimited(RATE_LIMITS[name], Math.max(1, Math.ceil(refused.msBeforeNext / 1000)))
      }
    },
    /** Gives one attempt back (a sign-in that succeeded: only failures should spend an address's attempts). */
    async giveBack(name: RateLimitName, identity: string): Promise<void> {
      const key = hashed(identity)
      // A reward into a window that has ended would start the next one below zero.
      if (await limiters[name].get(key)) await limiters[name].reward(key)
    },
    /** Forgets every attempt of `identity` (a sign-in that succeeded clears its account's count). */
    async clear(name: RateLimitName, identity: string): Promise<void> {
      await limiters[name].delete(hashed(identity))
    },
  }
}
export type RateLimits = ReturnType<typeof createRateLimits>
