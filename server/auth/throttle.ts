import { z } from '#schemas/zod.ts'
import { maybeOne, type Database } from '../db/database.ts'

export interface ThrottleRule {
  /** Failures allowed in the window before further attempts are refused (429). */
  limit: number
  windowMs: number
}

/**
 * Login throttling. Failures are counted per client address and per account-and-address pair:
 * an attacker is slowed on every address, but nobody can lock a member out, since the member's
 * own address has its own count (no per-account lock). Success clears the pair's count.
 */
export function createThrottle(db: Database, rules: { perAddress: ThrottleRule; perAccount: ThrottleRule }) {
  const row = z.object({ failures: z.number(), window_start: z.coerce.date() })

  const count = async (key: string, rule: ThrottleRule, now: Date) => {
    const found = await maybeOne(db, row, 'SELECT failures, window_start FROM login_failures WHERE key = $1', [key])
    if (!found || now.getTime() - found.window_start.getTime() > rule.windowMs) return { failures: 0, retryAfterMs: 0 }
    return { failures: found.failures, retryAfterMs: rule.windowMs - (now.getTime() - found.window_start.getTime()) }
  }

  const keys = (address: string, email: string) => ({ address: `ip:${address}`, account: `acct:${email}|${address}` })

  return {
    /** Milliseconds to wait when this attempt must be refused, else 0. */
    async check(address: string, email: string, now = new Date()): Promise<number> {
      const key = keys(address, email)
      const [byAddress, byAccount] = await Promise.all([count(key.address, rules.perAddress, now), count(key.account, rules.perAccount, now)])
      if (byAddress.failures >= rules.perAddress.limit) return byAddress.retryAfterMs
      if (byAccount.failures >= rules.perAccount.limit) return byAccount.retryAfterMs
      return 0
    },

    async fail(address: string, email: string, now = new Date()): Promise<void> {
      const key = keys(address, email)
      for (const [name, rule] of [[key.address, rules.perAddress], [key.account, rules.perAccount]] as const) {
        await db.query(
          `INSERT INTO login_failures (key, failures, window_start) VALUES ($1, 1, $2)
           ON CONFLICT (key) DO UPDATE SET
             failures = CASE WHEN login_failures.window_start < $3 THEN 1 ELSE login_failures.failures + 1 END,
             window_start = CASE WHEN login_failures.window_start < $3 THEN $2 ELSE login_failures.window_start END`,
          [name, now, new Date(now.getTime() - rule.windowMs)],
        )
      }
    },

    async succeed(address: string, email: string): Promise<void> {
      await db.query('DELETE FROM login_failures WHERE key = $1', [keys(address, email).account])
    },
  }
}
export type Throttle = ReturnType<typeof createThrottle>
