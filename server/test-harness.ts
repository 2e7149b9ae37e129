/**
 * Integration-test harness: the real app on a real database. PGlite in memory by default; a
 * fresh database on the PostgreSQL server named by TEST_DATABASE_URL when it is set (`.ci/run`
 * starts one), so the same tests run on both.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import * as site from '#site-config/entry-server.ts'
import { createServerRenderer } from '#engine/server'
import { createApp } from './app.ts'
import { noPreloads } from './assets.ts'
import { createServerDeps, IN_MEMORY } from './bootstrap.ts'
import { readEnv, type Env } from './env.ts'
import { createLogger, type Logger } from './platform/logger.ts'
import { one, type Database, type Queryable } from './platform/db/database.ts'
import { z } from '#schemas/engine/zod.ts'
import type { PaymentProcessor } from './platform/payments/payments.ts'
import { sandboxTokenize } from './platform/payments/sandbox-processor.ts'
import { totpCode } from './platform/auth/totp.ts'
import { memberTimeZone } from '#schemas/membership-policy.ts'
import { clockFrom } from './platform/clock.ts'
import { periodEnd, type BillingCycle } from '#schemas/periods.ts'
import { lifecycle, members } from './features/members/index.ts'
import { pgliteTestImage, postgresTestTemplate } from './platform/db/test-databases.ts'

export const DATABASES = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
export type DatabaseKind = (typeof DATABASES)[number]

export const [defaultTenant, otherTenant] = [
  tenants.tenants.find((t) => t.groupKey === tenants.defaultTenant)!,
  tenants.tenants.find((t) => t.groupKey !== tenants.defaultTenant)!,
]
const account = (groupKey: string, role: 'member' | 'editor') => {
  const found = demoData[groupKey]?.accounts.find((candidate) => candidate.role === role)
  if (!found) throw new Error(`The demo data of ${groupKey} has no ${role}`)
  return { email: found.email, password: found.password }
}
/** A demo content manager: staff with the content role, enrolled with the demo's TOTP secret. */
const contentManager = (groupKey: string) => {
  const found = demoData[groupKey]?.accounts.find((candidate) => candidate.role === 'editor')
  if (!found?.totpSecret) throw new Error(`The demo data of ${groupKey} has no enrolled content manager`)
  return { email: found.email, password: found.password, totpSecret: found.totpSecret }
}
/** The demo accounts, from the seed data. */
export const MEMBER = account(defaultTenant.groupKey, 'member')

/** An account's id by its email (default: the demo member of the first tenant). */
export async function accountId(db: Queryable, email = MEMBER.email, groupKey = defaultTenant.groupKey) {
  return (
    await one(db, z.object({ id: z.number() }), 'SELECT id FROM users WHERE group_key = $1 AND email = $2', [
      groupKey,
      email,
    ])
  ).id
}
export const EDITOR = contentManager(defaultTenant.groupKey)
const staffAccount = (staffRole: 'support' | 'admin') => {
  const found = demoData[defaultTenant.groupKey]?.accounts.find((candidate) => candidate.staffRoles?.[0] === staffRole)
  if (!found?.totpSecret) throw new Error(`The demo data has no enrolled ${staffRole}`)
  return { email: found.email, password: found.password, totpSecret: found.totpSecret }
}
/** The demo staff (first tenant), enrolled with their TOTP secret. */
export const SUPPORT = staffAccount('support')
export const ADMIN = staffAccount('admin')
export const OTHER_EDITOR = contentManager(otherTenant.groupKey)

/** A new database on the test PostgreSQL server: a copy of the run's migrated template when there is one. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL!
  const name = `t_${randomBytes(6).toString('hex')}`
  const template = postgresTestTemplate()
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: admin })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

export interface TestServer {
  app: ReturnType<typeof createApp>
  deps: Awaited<ReturnType<typeof createServerDeps>>
  env: Env
  /** A browser-like client: keeps cookies and sends the csrf header (over HTTPS through the trusted proxy when asked). */
  client: (host?: string, address?: string, options?: { https?: boolean }) => TestClient
  /**
   * A client signed in as a staff member (a content manager too) with both factors, at the
   * server's time. Tests sign in many times within one 30 s step, where a person would wait for the
   * app's next code: the account's last used step is cleared first. The rule that a code is accepted
   * once is tested in server/features/staff/staff-auth.test.ts.
   */
  staffClient: (account: { email: string; password: string; totpSecret: string }, host?: string) => Promise<TestClient>
  close: () => Promise<void>
}

/**
 * The senders' rate limits out of the way of tests that send a form hundreds of times from one
 * address; the rate-limit tests set their own (server/platform/rate-limits.test.ts).
 */
const UNLIMITED = Object.fromEntries(
  [
    'RESET_ADDRESS',
    'RESET_RECIPIENT',
    'SIGNUP',
    'CONTACT',
    'GRIEVANCE',
    'GRIEVANCE_LOOKUP',
    'DIRECTORY_REPORT',
    'CHECKOUT_ACCOUNT',
    'COUPON',
  ].map((name) => [`RATE_LIMIT_${name}`, '100000/1h']),
)

/**
 * The test server of the enclosing `describe`: started before its tests and closed after them.
 * Read it inside a test or a hook (it starts in `beforeAll`).
 */
export function useTestServer(...args: Parameters<typeof startTestServer>): TestServer {
  let started: TestServer | undefined
  beforeAll(async () => {
    started = await startTestServer(...args)
  }, 60_000)
  afterAll(() => started?.close())
  return new Proxy({} as TestServer, {
    get: (_, key) => {
      if (!started) throw new Error('The test server starts in beforeAll: read it inside a test or a hook')
      return Reflect.get(started, key) as unknown
    },
  })
}

/** Where a test server's clock starts (and runs on from), unless the test sets its own: before the demo membership's renewal. */
export const TEST_EPOCH = new Date('2026-11-20T12:00:00Z')

export async function startTestServer(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>
    now?: () => Date
    payments?: (db: Database) => PaymentProcessor
    logger?: Logger
  } = {},
): Promise<TestServer> {
  const database = kind === 'postgres' ? await freshPostgres() : undefined
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '12',
    DATA_DIR: IN_MEMORY,
    TRUST_PROXY: 'true',
    ...UNLIMITED,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  })
  const deps = await createServerDeps(env, options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), {
    // A sandbox clock unless the test brings its own: the tests' dates (the demo membership's
    // renewal among them) are the same on whatever day they run.
    now: options.now ?? (options.env?.['SANDBOX_CLOCK'] ? undefined : clockFrom(TEST_EPOCH)),
    payments: options.payments,
    // The run's migrated database (server/test-databases.setup.ts), copied: no initdb, no migration.
    pgliteImage: kind === 'pglite' ? pgliteTestImage('migrated') : undefined,
  })
  // The pages as production renders them: a signed-out visitor's page is not rendered again for the same inputs.
  const siteModule = {
    ...site,
    render: createServerRenderer({ manifest: site.manifest, registry: site.registry, site: site.site, memo: true }),
  }
  const app = createApp({
    deps,
    tenants,
    loadSite: () => Promise.resolve(siteModule),
    template: () =>
      Promise.resolve(
        // As index.html: the language, the place of a notice before the app, the app, its state.
        '<!doctype html><html lang="en"><head><!--app-head--></head><body><!--app-notice--><div id="root"><!--app-html--></div><!--app-state--></body></html>',
      ),
    assets: noPreloads,
    toolTemplate: (page) =>
      Promise.resolve(`<html><head><!--app-head--><title>${page}</title></head><body></body></html>`),
    buildId: 'test',
  })
  return {
    app,
    deps,
    env,
    client: (host = defaultTenant.hosts[0]!, address?: string, options: { https?: boolean } = {}) =>
      new TestClient(app, host, address, options.https, deps.now),
    staffClient: async (staff, host = defaultTenant.hosts[0]!) => {
      await deps.db.query(
        'UPDATE staff_mfa SET last_used_step = NULL WHERE user_id IN (SELECT id FROM users WHERE email = $1)',
        [staff.email],
      )
      return new TestClient(app, host, undefined, false, deps.now).staffLogin(staff)
    },
    close: async () => {
      await deps.db.close()
      await database?.drop()
    },
  }
}

export class TestClient {
  readonly cookies = new Map<string, string>()
  constructor(
    private readonly app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
    readonly host: string,
    /** The client's address, sent as X-Forwarded-For (the test server trusts its proxy). */
    readonly address?: string,
    /** Whether the client's requests came over HTTPS to the proxy (X-Forwarded-Proto). */
    readonly https = false,
    /** The server's clock: a staff code is the one for the server's time. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A cookie by the name the site gives it (`__Host-` prefixed over HTTPS). */
  cookie(name: string): string | undefined {
    return this.cookies.get(this.https ? `__Host-${name}` : name)
  }

  /** `body` is sent as JSON; `json` is JSON text as it is (what JSON.stringify cannot write: 10,000 levels deep). */
  async request(
    path: string,
    init: { method?: string; body?: unknown; json?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const method = init.method ?? 'GET'
    if (method !== 'GET' && init.csrf !== false && !this.cookie('csrf')) await this.request('/api/auth')
    const csrf = this.cookie('csrf')
    const headers: Record<string, string> = {
      host: this.host,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([key, value]) => `${key}=${value}`).join('; ') } : {}),
      ...(init.body !== undefined || init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(this.address ? { 'x-forwarded-for': this.address } : {}),
      ...(this.https ? { 'x-forwarded-proto': 'https' } : {}),
      ...(method !== 'GET' && init.csrf !== false && csrf ? { 'csrf-token': csrf } : {}),
      ...init.headers,
    }
    const response = await this.app.request(path, {
      method,
      headers,
      body: init.json ?? (init.body === undefined ? null : JSON.stringify(init.body)),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';')
      const [name = '', ...value] = pair.split('=')
      if (attributes.some((attribute) => /max-age=0|expires=Thu, 01 Jan 1970/i.test(attribute)))
        this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value.join('='))
    }
    return response
  }

  /** The answer's status and JSON body (typed by the caller: tests assert on it). */

  async json<T = unknown>(
    path: string,
    init: Parameters<TestClient['request']>[1] = {},
  ): Promise<{ status: number; body: T; response: Response }> {
    const response = await this.request(path, init)
    const body = (await response.json().catch(() => undefined)) as T
    return { status: response.status, body, response }
  }

  /** A staff sign-in in both steps, with the code of the account's secret at `now` (the server's time; each code is accepted once). */
  async staffLogin(account: { email: string; password: string; totpSecret: string; now?: Date }): Promise<this> {
    const signIn = await this.json('/api/v4/staff/signIn', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    })
    if (signIn.status !== 200) throw new Error(`Staff sign-in of ${account.email} answered ${signIn.status}`)
    const verify = await this.json('/api/v4/staff/verify', {
      method: 'POST',
      body: { code: totpCode(account.totpSecret, account.now ?? this.now()) },
    })
    if (verify.status !== 200) throw new Error(`The code of ${account.email} answered ${verify.status}`)
    return this
  }

  /**
   * A staff account's first sign-in: the password, then enrolment of a new secret, confirmed by its
   * code at `now` (the server's time). Answers the secret and the ten recovery codes.
   */
  async staffEnrol(account: {
    email: string
    password: string
    now?: Date
  }): Promise<{ secret: string; recoveryCodes: string[] }> {
    const signIn = await this.json<{ next: string }>('/api/v4/staff/signIn', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    })
    if (signIn.body.next !== 'enrol') throw new Error(`The sign-in of ${account.email} answered ${signIn.status}`)
    const started = await this.json<{ secret: string }>('/api/v4/staff/enrol/start', { method: 'POST' })
    const finish = await this.json<{ recoveryCodes: string[] }>('/api/v4/staff/enrol/finish', {
      method: 'POST',
      body: { code: totpCode(started.body.secret, account.now ?? this.now()) },
    })
    if (finish.status !== 200) throw new Error(`The enrolment of ${account.email} answered ${finish.status}`)
    return { secret: started.body.secret, recoveryCodes: finish.body.recoveryCodes }
  }

  async login(credentials: { email: string; password: string }): Promise<this> {
    const { status } = await this.json('/api/login', { method: 'POST', body: credentials })
    if (status !== 200) throw new Error(`Sign-in of ${credentials.email} answered ${status}`)
    return this
  }
}

/**
 * A token of the sandbox processor for a test card, as its hosted card fields would post it to
 * the page (the API only ever receives tokens).
 */
export function cardToken(number: string, card: { expMonth?: number; expYear?: number; zip?: string } = {}): string {
  return sandboxTokenize({
    number: number.replace(/\s/g, ''),
    expMonth: card.expMonth ?? 12,
    expYear: card.expYear ?? 2031,
    cvc: '123',
    zip: card.zip ?? '90210',
  }).token
}

/** The Essential plan (site-config/demo-data): $14.95 a month, $149.00 a year, a $10.00 enrollment fee. */
export const ESSENTIAL = { id: 101, monthly: 1495, annual: 14_900, fee: 1000 } as const

/**
 * A member of the default tenant who joined the Essential plan at `joinedAt` (the checkout's charge
 * at the sandbox processor, its receipt with the enrollment fee, the membership's start), living in
 * `state`, with the demo member's password.
 */
export async function joinedMember(
  server: TestServer,
  member: { email: string; state: string; cycle: BillingCycle; joinedAt: Date },
) {
  const { db, payments } = server.deps
  const groupKey = defaultTenant.groupKey
  const { id } = await one(
    db,
    z.object({ id: z.number() }),
    `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, state)
     SELECT group_key, $1, password_hash, role, 'Dana', 'Reyes', $4 FROM users WHERE group_key = $2 AND email = $3
     RETURNING id`,
    [member.email, groupKey, MEMBER.email, member.state],
  )
  const card = sandboxTokenize({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', zip: '85001' })
  const amountCents = (member.cycle === 'annual' ? ESSENTIAL.annual : ESSENTIAL.monthly) + ESSENTIAL.fee
  const charge = await payments.charge({
    token: card.token,
    amountCents,
    description: 'Join',
    idempotencyKey: `join-${member.email}`,
  })
  await db.transaction(async (tx) => {
    await members.saveCard(tx, groupKey, id, card)
    const receipt = await members.addReceipt(tx, groupKey, id, {
      description: `Essential plan, enrollment and first ${member.cycle === 'annual' ? 'year' : 'month'} (1 member)`,
      amountCents,
      cardLast4: card.last4,
      paidAt: member.joinedAt,
      chargeId: charge.chargeId,
    })
    await lifecycle.start(tx, groupKey, id, {
      planId: ESSENTIAL.id,
      officeId: 1001,
      billingCycle: member.cycle,
      timeZone: memberTimeZone(defaultTenant.policy, member.state),
      startedAt: member.joinedAt,
      renewsAt: periodEnd(member.joinedAt, member.cycle, memberTimeZone(defaultTenant.policy, member.state)),
      receiptId: receipt.id,
      amountCents,
      enrollmentFeeCents: ESSENTIAL.fee,
      actor: 'checkout',
    })
  })
  return { id, email: member.email, paidCents: amountCents }
}
