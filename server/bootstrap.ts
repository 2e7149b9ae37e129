import path from 'node:path'
import { SESSION_KEEP_ALIVE_MS } from '#engine'
import { tenants } from '#site-config/tenants.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { SCRYPT } from './platform/auth/passwords.ts'
import { createSessions } from './platform/auth/sessions.ts'
import { createSigner, loadSecret } from './platform/auth/signing.ts'
import { totpKey } from './platform/auth/totp.ts'
import { createCsrf } from './platform/http/csrf.ts'
import type { ApiDeps } from './context.ts'
import { createDbContentService } from './features/content/index.ts'
import { openDatabase, type Database } from './platform/db/database.ts'
import { migrate } from './platform/db/migrate.ts'
import { seed } from './seed.ts'
import type { Env } from './env.ts'
import type { Logger } from './platform/logger.ts'
import { createMailer } from './platform/mail/mailer.ts'
import { sandboxCaptcha } from './platform/captcha.ts'
import { createRateLimits } from './platform/rate-limits.ts'
import { createCspReports, createSandboxCollector } from './features/monitoring/index.ts'
import type { PaymentProcessor } from './platform/payments/payments.ts'
import { createSandboxProcessor } from './platform/payments/sandbox-processor.ts'
import { serverClock } from './platform/clock.ts'
import { projectRoot } from './paths.ts'

/** The tries of staff codes per account (server/features/staff/staff-auth.ts). */
export const STAFF_CODE_ATTEMPTS = { points: 5, durationMs: 15 * 60_000 }

/** DATA_DIR value for a database in memory (tests). */
export const IN_MEMORY = 'memory:'

/** The embedded database's folder, when the database is embedded and on disk. */
export const embeddedDataDir = (env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>) =>
  env.DATABASE_URL || env.DATA_DIR === IN_MEMORY ? undefined : path.resolve(projectRoot, env.DATA_DIR)

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), applies the
 * migrations, seeds tenants not in it yet, and creates the services the API uses. `payments`
 * replaces the sandbox processor (tests), and SANDBOX_CLOCK is then refused (server/platform/clock.ts).
 * `pgliteImage`: what an embedded database in memory starts from (the tests' migrated dump).
 */
export async function createServerDeps(
  env: Env,
  logger: Logger,
  options: { payments?: (db: Database) => PaymentProcessor; now?: () => Date; pgliteImage?: Blob | undefined } = {},
): Promise<ApiDeps> {
  // Before the database opens: a moved clock with another processor stops the start at once.
  const clock = serverClock(env, { sandboxPayments: options.payments === undefined, logger })
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: embeddedDataDir(env),
    pgliteImage: options.pgliteImage,
  })
  const applied = await migrate(db)
  if (applied.length) logger.info({ applied, database: db.kind }, 'Applied migrations')
  const hashCost = { ...SCRYPT, N: 2 ** env.PASSWORD_HASH_COST }
  const secret = await loadSecret(db, env.APP_SECRET)
  const staffTotpKey = totpKey(secret)
  if (env.SEED_DEMO_DATA) {
    const seeded = await seed(db, {
      tenants,
      demoData,
      contentDir: path.resolve(projectRoot, env.CONTENT_DIR),
      hashCost,
      totpKey: staffTotpKey,
      now: (options.now ?? clock)(),
    })
    if (seeded.length) logger.info({ seeded }, 'Seeded demo data')
  }
  const signer = createSigner(secret)
  return {
    env,
    logger,
    db,
    content: createDbContentService(db, logger, {
      policyOf: (groupKey) => tenants.tenants.find((tenant) => tenant.groupKey === groupKey)?.policy,
    }),
    // Idle on the server for the browser's short limit and the keep-alive's interval (the browser
    // tells it of activity at most that often): a session ends when its page would have signed out,
    // also when that page was closed.
    sessions: createSessions(db, { idleMs: env.IDLE_AUTH_MS + SESSION_KEEP_ALIVE_MS, absoluteMs: env.SESSION_MAX_MS }),
    limits: createRateLimits(db, {
      signInAddress: { points: env.LOGIN_FAILURES_PER_ADDRESS, durationMs: env.LOGIN_FAILURE_WINDOW_MS },
      signInAccount: { points: env.LOGIN_FAILURES_PER_ACCOUNT, durationMs: env.LOGIN_FAILURE_WINDOW_MS },
      // Changing a password checks the current one: the same few tries as a sign-in to one account.
      changePassword: { points: env.LOGIN_FAILURES_PER_ACCOUNT, durationMs: env.LOGIN_FAILURE_WINDOW_MS },
      // A staff account's second factor: 5 codes in 15 minutes, so 6 digits cannot be guessed
      // (a million codes, three valid at a time: a year of tries has about a 5% chance).
      staffCode: STAFF_CODE_ATTEMPTS,
      resetAddress: env.RATE_LIMIT_RESET_ADDRESS,
      resetRecipient: env.RATE_LIMIT_RESET_RECIPIENT,
      signup: env.RATE_LIMIT_SIGNUP,
      contact: env.RATE_LIMIT_CONTACT,
      grievance: env.RATE_LIMIT_GRIEVANCE,
      grievanceLookup: env.RATE_LIMIT_GRIEVANCE_LOOKUP,
      directoryReport: env.RATE_LIMIT_DIRECTORY_REPORT,
      checkoutAccount: env.RATE_LIMIT_CHECKOUT_ACCOUNT,
      coupon: env.RATE_LIMIT_COUPON,
    }),
    mailer: createMailer(db, logger, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, retryMs: env.MAIL_RETRY_MS }),
    payments:
      options.payments?.(db) ??
      createSandboxProcessor(db, {
        beforeChargeMs: env.SANDBOX_CHARGE_DELAY_MS,
        afterChargeMs: env.SANDBOX_CHARGE_REPLY_DELAY_MS,
        logger,
      }),
    captcha: sandboxCaptcha,
    monitoring: createSandboxCollector(db),
    cspReports: createCspReports(db, options.now ?? clock),
    signer,
    csrf: createCsrf(signer, env.TRUST_PROXY),
    hashCost,
    totpKey: staffTotpKey,
    // A caller's own clock (a test's) comes first; the processor check above holds either way.
    now: options.now ?? clock,
  }
}
