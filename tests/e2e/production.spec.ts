/**
 * Production as it runs: Debian's nginx with a self-signed certificate in front of two built
 * server processes (TRUST_PROXY=true) on one PostgreSQL database, round-robin. What one process
 * does, the other sees (sessions, publishes, throttles), and a rolling restart under a steady
 * stream of requests loses no session, no checkout and no request.
 */
import { expect, test } from '@playwright/test'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { startNginx, type Nginx } from './support/nginx.ts'
import { demoStaff } from './support/staff.ts'
import { BUYER, checkoutToPayment, testCardToken, visitor, type Visitor } from './support/http-client.ts'
import { freePort, startPostgres, startServer, stop, type Postgres, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

const accounts = demoData[tenants.defaultTenant]!.accounts
const MEMBER = accounts.find((account) => account.role === 'member')!
const EDITOR = demoStaff('content')

let pg: Postgres
let nginx: Nginx
const ports: number[] = []
const servers: ServerProcess[] = []
let env: Record<string, string>

/** Starts (or starts again) the process of upstream `index` on its port. */
async function startProcess(index: number) {
  servers[index] = await startServer({ ...env, PORT: String(ports[index]) })
  await expect.poll(async () => (await fetch(`${servers[index]!.base}/readyz`)).status).toBe(200)
}

/** The upstream each logged request went to, for requests whose line matches. */
const upstreamsOf = (pattern: RegExp) =>
  nginx
    .accessLog()
    .filter((line) => pattern.test(line))
    .map((line) => line.split(' ')[3])

test.beforeAll(async () => {
  test.setTimeout(240_000)
  pg = await startPostgres()
  env = {
    DATABASE_URL: await pg.database('production'),
    TRUST_PROXY: 'true',
    PAYMENT_FIELDS_PORT: '0',
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '20000',
  }
  ports.push(await freePort(), await freePort())
  // The first process migrates and seeds; the second finds it done.
  await startProcess(0)
  await startProcess(1)
  nginx = await startNginx(ports)
})

test.afterAll(async () => {
  await nginx.stop()
  await Promise.all(servers.map((server) => stop(server)))
  await pg.stop()
})

test('a session made through one process is used through the other', async () => {
  const member = await visitor(nginx.base)
  expect(await member.signIn(MEMBER)).toBe(200)
  for (let index = 0; index < 4; index += 1)
    expect((await member.call<{ email: string }>('GET', '/api/v4/member/info')).body.email).toBe(MEMBER.email)
  expect(new Set(upstreamsOf(/^GET \/api\/v4\/member\/info 200/)).size).toBe(2)
  await member.dispose()
})

test('a publish through one process shows through the other', async () => {
  const editor = await visitor(nginx.base)
  expect(await editor.staffSignIn(EDITOR)).toBe(200)
  const draft = await editor.call<{ content: { header: { variables: Record<string, unknown> } }; revision: number }>(
    'GET',
    '/api/cms/working',
  )
  draft.body.content.header.variables.header_phone_number = '877-555-0142'
  expect(
    (await editor.call('PUT', '/api/cms/working', { content: draft.body.content, baseRevision: draft.body.revision }))
      .status,
  ).toBe(200)
  expect((await editor.call('POST', '/api/cms/publish', { note: 'Two processes' })).status).toBe(201)
  const phones = async () => {
    const seen: unknown[] = []
    for (let index = 0; index < 4; index += 1)
      seen.push(
        (await editor.call<{ header: { variables: { header_phone_number?: string } } }>('GET', '/api/cms')).body.header
          .variables.header_phone_number,
      )
    return seen
  }
  await expect.poll(phones).toEqual(Array(4).fill('877-555-0142'))
  expect(new Set(upstreamsOf(/^GET \/api\/cms 200/)).size).toBe(2)
  await editor.dispose()
})

test('the sign-in throttle counts the failures of both processes together', async () => {
  const attacker = await visitor(nginx.base)
  const statuses: number[] = []
  for (let index = 0; index < 7; index += 1)
    statuses.push(
      (await attacker.call('POST', '/api/login', { email: 'throttled@demo.test', password: `wrong-${index}` })).status,
    )
  // Five failures per account and address (LOGIN_FAILURES_PER_ACCOUNT), spread over both processes.
  expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true)
  expect(statuses.slice(5)).toEqual([429, 429])
  expect(new Set(upstreamsOf(/^POST \/api\/login 401/)).size).toBe(2)
  await attacker.dispose()
})

test('a rolling restart under a steady stream of requests loses no session, no checkout and no request', async () => {
  test.setTimeout(240_000)
  const member = await visitor(nginx.base)
  expect(await member.signIn(MEMBER)).toBe(200)
  const buyer = await visitor(nginx.base)
  await checkoutToPayment(buyer, 'rolling@demo.test')
  const failures: string[] = []
  let requests = 0
  let running = true
  const check = async (
    who: Visitor,
    method: string,
    path: string,
    expected: (status: number, body: Record<string, unknown>) => boolean,
    body?: unknown,
  ) => {
    requests += 1
    try {
      const answer = await who.call(method, path, body)
      if (!expected(answer.status, answer.body))
        failures.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`)
    } catch (error) {
      failures.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const cycles = ['monthly', 'annual'] as const
  const stream = async (worker: number) => {
    for (let round = 0; running; round += 1) {
      await check(member, 'GET', '/faq', (status) => status === 200)
      await check(member, 'GET', '/api/cms', (status) => status === 200)
      await check(member, 'GET', '/api/v4/member/info', (status, body) => status === 200 && body.email === MEMBER.email)
      if (worker === 0) {
        // The checkout changes as it goes: each change is kept, whichever process takes it.
        const cycle = cycles[round % 2]!
        await check(buyer, 'PUT', '/api/km/checkout/member/plan', (status) => status === 200, {
          planId: 101,
          officeId: 1003,
          billingCycle: cycle,
        })
        await check(
          buyer,
          'GET',
          '/api/km/checkout/account',
          (status, body) =>
            status === 200 &&
            (body.plan as { billingCycle?: string } | null)?.billingCycle === cycle &&
            (body.account as { email?: string } | null)?.email === 'rolling@demo.test',
        )
      }
    }
  }
  const streams = [0, 1, 2].map(stream)

  for (const index of [0, 1]) {
    const before = requests
    await expect.poll(() => requests - before).toBeGreaterThan(20)
    expect(await stop(servers[index]!)).toEqual({ code: 0, signal: null })
    const during = requests
    await expect.poll(() => requests - during).toBeGreaterThan(20)
    await startProcess(index)
  }
  const after = requests
  await expect.poll(() => requests - after).toBeGreaterThan(20)
  running = false
  await Promise.all(streams)

  expect(failures).toEqual([])
  expect(requests).toBeGreaterThan(100)
  // The checkout goes on to its end, and the member is still signed in.
  const paid = await buyer.call<{ state: { step: string } }>('POST', '/api/km/checkout/payment', {
    cardToken: testCardToken(),
    autoRenewalConsent: true,
  })
  expect(paid.status).toBe(201)
  expect(paid.body.state.step).toBe('completed')
  expect((await member.call<{ email: string }>('GET', '/api/v4/member/info')).body.email).toBe(MEMBER.email)
  const rolling = await visitor(nginx.base)
  expect(await rolling.signIn({ email: 'rolling@demo.test', password: BUYER.password })).toBe(200)
  await Promise.all([member, buyer, rolling].map((who) => who.dispose()))
})

test('answers over HTTPS carry Strict-Transport-Security, and every cookie set over HTTPS is Secure, with the __Host- prefix', async () => {
  const guest = await visitor(nginx.base)
  const page = await guest.http.get('/faq')
  expect(page.headers()['strict-transport-security']).toMatch(/max-age=31536000/)
  expect(await guest.signIn(MEMBER)).toBe(200)
  const cookies = await guest.cookies()
  expect(cookies.length).toBeGreaterThan(0)
  expect(cookies.filter((cookie) => !cookie.secure).map((cookie) => cookie.name)).toEqual([])
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['__Host-csrf', '__Host-session'])
  await guest.dispose()
})
