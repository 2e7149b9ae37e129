import { z } from '#schemas/engine/zod.ts'
import { monitoringApi } from '#schemas/api/monitoring.ts'
import { trackingConsentSchema, type MonitoringConfig } from '#schemas/engine/monitoring.ts'

const bool = z.pipe(
  z.enum(['true', 'false', '1', '0', '']),
  z.transform((value) => value === 'true' || value === '1'),
)

/** A percentage: a number from 0 to 100 ("abc" and 150 are refused, naming the setting). */
const percentage = z.coerce
  .number<string>({ error: 'expected a number from 0 to 100' })
  .check(z.gte(0, 'expected a number from 0 to 100'), z.lte(100, 'expected a number from 0 to 100'))
/**
 * A rate limit: attempts per window, written `5/1h` (units s, m, h, d), e.g. `30/15m`.
 */
const UNIT_MS = { s: 1000, m: 60_000, h: 60 * 60_000, d: 24 * 60 * 60_000 } as const
export const rateRule = z.pipe(
  z
    .string()
    .check(
      z.regex(/^[1-9]\d{0,5}\/[1-9]\d{0,4}[smhd]$/, 'expected attempts per window, such as 5/1h (units s, m, h, d)'),
    ),
  z.transform((value) => {
    const [points = '', window = ''] = value.split('/')
    return {
      points: Number(points),
      durationMs: Number(window.slice(0, -1)) * UNIT_MS[window.slice(-1) as keyof typeof UNIT_MS],
    }
  }),
)

const rate = (fallback: string) => z._default(rateRule, rateRule.parse(fallback))

/** An empty setting (`NAME=` in a .env file) is an unset one. */
const emptyIsUnset = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    schema,
  )

/** Every setting of the server, read once at start-up. `.env.example` lists each with its default. */
export const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Folder of the tenants' content files (one folder per group_key). */
  CONTENT_DIR: z._default(z.string(), 'site-config/tenants'),
  /** Idle limits of a signed-in member, in milliseconds: sign out, then also reload. */
  IDLE_AUTH_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 15 * 60_000),
  IDLE_SESSION_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 60 * 60_000),
  ENABLE_RECAPTCHA: z._default(bool, false),
  RECAPTCHA_SITE_KEY: z.optional(z.string()),
  /** Where the embedded database (PGlite) keeps its files when DATABASE_URL is unset (`memory:` for none). */
  DATA_DIR: z._default(z.string(), '.data'),
  /** A PostgreSQL server to use instead of the embedded database. */
  DATABASE_URL: z.optional(z.string()),
  /** Seed the demo data of tenants not in the database yet, at start. */
  SEED_DEMO_DATA: z._default(bool, true),
  /** Secret for signed tokens (preview links). Default: generated once and kept in the database. */
  APP_SECRET: z.optional(z.string().check(z.minLength(32))),
  /** scrypt cost as a power of two (17: 128 MiB per hash, the OWASP setting). Tests use less. */
  PASSWORD_HASH_COST: z._default(z.coerce.number().check(z.int(), z.gte(10), z.lte(20)), 17),
  /** Sessions end after this long, however active. */
  SESSION_MAX_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 12 * 60 * 60_000),
  /**
   * Sign-in throttling: failed attempts per client address, and per account and address, in a
   * window. Each attempt is counted before its password is checked; a success gives it back.
   */
  LOGIN_FAILURES_PER_ADDRESS: z._default(z.coerce.number().check(z.int(), z.positive()), 20),
  LOGIN_FAILURES_PER_ACCOUNT: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
  LOGIN_FAILURE_WINDOW_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 15 * 60_000),
  /** Rate limits of the other unauthenticated senders and probes, per client address unless named otherwise (429 past them). */
  RATE_LIMIT_RESET_ADDRESS: rate('5/1h'),
  /** Password-reset mails to one email address, from any client address. */
  RATE_LIMIT_RESET_RECIPIENT: rate('3/1h'),
  RATE_LIMIT_SIGNUP: rate('10/1h'),
  RATE_LIMIT_CONTACT: rate('5/1h'),
  RATE_LIMIT_GRIEVANCE: rate('5/1h'),
  /** Grievance lookups by reference and email, without signing in: few enough that references cannot be guessed. */
  RATE_LIMIT_GRIEVANCE_LOOKUP: rate('10/1h'),
  RATE_LIMIT_DIRECTORY_REPORT: rate('10/1h'),
  RATE_LIMIT_CHECKOUT_ACCOUNT: rate('20/1h'),
  /** Coupon checks: the coupon endpoint and a checkout's plan step with a code. */
  RATE_LIMIT_COUPON: rate('30/1h'),
  /** SMTP server for mail (smtp://user:pass@host:port). Unset: mail stays in the outbox table. */
  SMTP_URL: z.optional(z.string()),
  MAIL_FROM: z._default(z.string(), 'Dental plan <no-reply@localhost>'),
  /** Mail the SMTP server did not take is retried after this long, then twice as long each time (up to an hour). */
  MAIL_RETRY_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 30_000),
  /**
   * Serve the mail outbox at /dev/outbox (HTML) and /dev/outbox.json: the sandbox mail server's
   * inbox, for development and the end-to-end tests. Default: on in development only. Never on
   * a public site: it shows every mail, reset links included.
   */
  EXPOSE_OUTBOX: z.optional(bool),
  /** The largest request body a route takes unless it needs more (grievance attachments, draft content): larger ones get a 413 unread. */
  BODY_LIMIT_BYTES: z._default(z.coerce.number().check(z.int(), z.gte(1024), z.lte(64 * 1024 * 1024)), 64 * 1024),
  /** Trust X-Forwarded-For and X-Forwarded-Proto (behind a reverse proxy). */
  TRUST_PROXY: z._default(bool, false),
  /** Grievances: days to acknowledge and to resolve. */
  GRIEVANCE_ACK_DAYS: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
  GRIEVANCE_RESOLVE_DAYS: z._default(z.coerce.number().check(z.int(), z.positive()), 30),
  /** Days to resolve an urgent grievance (a serious threat to health): H&S §1368.01(b) allows 72 hours. */
  GRIEVANCE_URGENT_DAYS: z._default(z.coerce.number().check(z.int(), z.positive()), 3),
  /** Password-reset links expire after this long. */
  RESET_TOKEN_TTL_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 60 * 60_000),
  /**
   * The sandbox payment processor's hosted card fields listen on this port: an origin of their
   * own, as a real processor's are (default: PORT + 1). 0: do not start them.
   */
  PAYMENT_FIELDS_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))),
  /**
   * A payment claim still pending after this long was left by a crash: the next request asks the
   * processor whether it charged, and completes the order or charges once (server/platform/idempotency.ts).
   */
  PAYMENT_CLAIM_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 30_000),
  /**
   * `off`: the server leaves the memberships' timed work (renewals, retries, ends, notices) to a
   * worker process, `npm run jobs` (server/jobs-cli.ts). On by default: the server runs it every minute.
   */
  JOBS: z._default(z.enum(['on', 'off']), 'on'),
  /**
   * Test seams of the sandbox processor only: a charge waits this long before it is made, or after
   * it is made before it answers (the crash tests end the server there). 0: no wait.
   */
  SANDBOX_CHARGE_DELAY_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  SANDBOX_CHARGE_REPLY_DELAY_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  /**
   * The server's clock starts at this time and runs on from it, for the server and its jobs alike
   * (a demo or a test sees what a member sees a year on). Only with the sandbox processor
   * (server/platform/clock.ts).
   */
  SANDBOX_CLOCK: emptyIsUnset(
    z.optional(
      z.pipe(
        z.iso.datetime({
          offset: true,
          error: 'expected an ISO date and time with its offset, such as 2027-01-05T09:00:00Z',
        }),
        z.transform((value) => new Date(value)),
      ),
    ),
  ),
  /** The card fields' public origin when they are reached another way (behind a proxy: https://pay.example.com). */
  PAYMENT_FIELDS_ORIGIN: z.optional(z.url()),
  /** At SIGTERM the requests in flight may finish for this long; then they are cut and the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 25_000),
  /** Identifies the deployed build; browsers reload when it changes. Default: derived from the build. */
  BUILD_ID: z.optional(z.string()),
  /**
   * Real-user monitoring: on when a client token is set (and the tenant's content does not set
   * disable_performance_tracking). Events go to RUM_INTAKE_URL, by default this server's sandbox
   * collector (`/api/rum/intake`, kept in the database; the playground shows them at /playground/vitals).
   */
  RUM_CLIENT_TOKEN: emptyIsUnset(z.optional(z.string())),
  RUM_INTAKE_URL: emptyIsUnset(z.optional(z.url())),
  /** Percentage of sessions monitored, and of those, recorded for session replay (0 to 100). */
  RUM_SESSION_SAMPLE_RATE: emptyIsUnset(z._default(percentage, 100)),
  RUM_SESSION_REPLAY_SAMPLE_RATE: emptyIsUnset(z._default(percentage, 0)),
  /** `not-granted`: nothing is collected until the visitor allows it (the privacy choices banner). */
  RUM_TRACKING_CONSENT: emptyIsUnset(z._default(trackingConsentSchema, 'granted')),
})
export type Env = z.infer<typeof envSchema>

/** Monitoring settings that mean nothing without a client token. */
const RUM_SETTINGS = [
  'RUM_INTAKE_URL',
  'RUM_SESSION_SAMPLE_RATE',
  'RUM_SESSION_REPLAY_SAMPLE_RATE',
  'RUM_TRACKING_CONSENT',
] as const

/** The browser's monitoring settings, or undefined when monitoring is not configured. */
export function monitoringConfig(env: Env): MonitoringConfig | undefined {
  if (env.RUM_CLIENT_TOKEN === undefined) return undefined
  return {
    clientToken: env.RUM_CLIENT_TOKEN,
    intakeUrl: env.RUM_INTAKE_URL ?? monitoringApi.intake.path,
    sessionSampleRate: env.RUM_SESSION_SAMPLE_RATE,
    sessionReplaySampleRate: env.RUM_SESSION_REPLAY_SAMPLE_RATE,
    trackingConsent: env.RUM_TRACKING_CONSENT,
    trackUserInteractions: true,
    trackResources: true,
    trackLongTasks: true,
    defaultPrivacyLevel: 'mask-user-input',
  }
}

/** The port of the sandbox processor's card fields (undefined: not started). */
export const paymentFieldsPort = (env: Env): number | undefined => {
  const port = env.PAYMENT_FIELDS_PORT ?? env.PORT + 1
  return port === 0 ? undefined : port
}

/** Parses the environment; a bad setting stops the start with a message naming it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  const rumSettings = RUM_SETTINGS.filter((name) => source[name] !== undefined && source[name] !== '')
  if (!source.RUM_CLIENT_TOKEN && rumSettings.length > 0)
    problems.push(`RUM_CLIENT_TOKEN: required when monitoring is configured (${rumSettings.join(', ')} set)`)
  if (result.success && problems.length === 0) return result.data
  throw new Error(`Invalid configuration: ${problems.join('; ')}`)
}

/** `readEnv` for the server's start: a bad setting ends the process with its message (no stack trace). */
export function readEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return readEnv(source)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}
