import path from 'node:path'
import { tenants } from '#site-config/tenants.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { SCRYPT } from './auth/passwords.ts'
import { createSessions } from './auth/sessions.ts'
import { createSigner, loadSecret } from './auth/signing.ts'
import { createThrottle } from './auth/throttle.ts'
import type { ApiDeps } from './api/context.ts'
import { createDbContentService } from './content/db-content-service.ts'
import { openDatabase, type Database } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { seed } from './db/seed.ts'
import type { Env } from './env.ts'
import type { Logger } from './logger.ts'
import { createMailer } from './services/mailer.ts'
import { sandboxCaptcha } from './services/captcha.ts'
import { createSandboxCollector } from './services/monitoring.ts'
import type { PaymentProcessor } from './services/payments.ts'
import { createSandboxProcessor } from './services/sandbox-processor.ts'
import { projectRoot } from './paths.ts'

/** DATA_DIR value for a database in memory (tests). */
export const IN_MEMORY = 'memory:'

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), applies the
 * migrations, seeds tenants not in it yet, and creates the services the API uses.
 */
export async function createServerDeps(env: Env, logger: Logger, options: { payments?: (db: Database) => PaymentProcessor; now?: () => Date } = {}): Promise<ApiDeps> {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR === IN_MEMORY ? undefined : path.resolve(projectRoot, env.DATA_DIR) })
  const applied = await migrate(db)
  if (applied.length) logger.info({ applied, database: db.kind }, 'Applied migrations')
  const hashCost = { ...SCRYPT, N: 2 ** env.PASSWORD_HASH_COST }
  if (env.SEED_DEMO_DATA) {
    const seeded = await seed(db, { tenants, demoData, contentDir: path.resolve(projectRoot, env.CONTENT_DIR), hashCost })
    if (seeded.length) logger.info({ seeded }, 'Seeded demo data')
  }
  return {
    env,
    logger,
    db,
    content: createDbContentService(db, logger),
    sessions: createSessions(db, { idleMs: env.IDLE_SESSION_MS, absoluteMs: env.SESSION_MAX_MS }),
    throttle: createThrottle(db, {
      perAddress: { limit: env.LOGIN_FAILURES_PER_ADDRESS, windowMs: env.LOGIN_FAILURE_WINDOW_MS },
      perAccount: { limit: env.LOGIN_FAILURES_PER_ACCOUNT, windowMs: env.LOGIN_FAILURE_WINDOW_MS },
    }),
    mailer: createMailer(db, logger, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, retryMs: env.MAIL_RETRY_MS }),
    payments: options.payments?.(db) ?? createSandboxProcessor(db, { beforeChargeMs: env.SANDBOX_CHARGE_DELAY_MS, afterChargeMs: env.SANDBOX_CHARGE_REPLY_DELAY_MS, logger }),
    captcha: sandboxCaptcha,
    monitoring: createSandboxCollector(db),
    signer: createSigner(await loadSecret(db, env.APP_SECRET)),
    hashCost,
    now: options.now ?? (() => new Date()),
  }
}
