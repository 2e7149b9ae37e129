import { describe, expect, it, vi } from 'vitest'
import type * as passwords from './auth/passwords.ts'
import { verifyPassword } from './auth/passwords.ts'
import { openPostgres } from './db/database.ts'
import { createRateLimits } from './rate-limits.ts'
import { DATABASES, EDITOR, MEMBER, useTestServer, type TestClient, type TestServer } from '../test-harness.ts'

// Every password verification is counted: a refused attempt must not reach the hash.
vi.mock('./auth/passwords.ts', async (original) => {
  const actual = await original<typeof passwords>()
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) }
})
const hashesRun = () => vi.mocked(verifyPassword).mock.calls.length

const LIMITED = {
  LOGIN_FAILURES_PER_ADDRESS: '20',
  LOGIN_FAILURES_PER_ACCOUNT: '5',
  ...Object.fromEntries(
    [
      'RESET_ADDRESS',
      'RESET_RECIPIENT',
      'SIGNUP',
      'CONTACT',
      'GRIEVANCE',
      'DIRECTORY_REPORT',
      'CHECKOUT_ACCOUNT',
      'COUPON',
    ].map((name) => [`RATE_LIMIT_${name}`, '2/1h']),
  ),
}

let addresses = 0
/** A client from an address of its own (the test server trusts X-Forwarded-For). */
const fresh = (server: TestServer) =>
  server.client(undefined, `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}`)
const unique = (name: string) => `${name}-${++addresses}@example.com`

const grievance = {
  name: 'Ana Silva',
  email: 'ana@example.com',
  category: 'billing',
  description: 'I was charged twice for the same visit in October.',
  desiredResolution: 'Refund the second charge.',
}
const account = (email: string) => ({
  email,
  password: 'Checkout-Pass-2026!',
  firstName: 'Robin',
  lastName: 'Lee',
  phone: '3105550123',
  dateOfBirth: '1985-06-15',
  address: { line: '1 Rodeo Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
})

async function expectRefused(
  client: TestClient,
  path: string,
  init: Parameters<TestClient['json']>[1],
  message: string,
) {
  const refused = await client.json(path, init)
  expect(refused.status).toBe(429)
  expect(refused.body).toEqual({ message })
  expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(3500)
}

describe.each(DATABASES)('the rate limits (%s)', (kind) => {
  const server = useTestServer(kind, { env: LIMITED })

  it('reserves each sign-in before its hash: of 200 parallel attempts on one account from one address, 5 are verified and 195 refused, the right password among them', async () => {
    const client = fresh(server)
    const before = hashesRun()
    const attempts = Array.from({ length: 200 }, (_, index) => ({
      email: MEMBER.email,
      password: index === 199 ? MEMBER.password : `Wrong-guess-${index}`,
    }))
    const statuses = (
      await Promise.all(attempts.map((body) => client.json('/api/login', { method: 'POST', body })))
    ).map(({ status }) => status)
    expect(hashesRun() - before).toBe(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(195)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.at(-1)).toBe(429)
  }, 60_000)

  it('of 200 parallel attempts on 200 accounts from one address, 20 are verified', async () => {
    const client = fresh(server)
    const before = hashesRun()
    const statuses = (
      await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          client.json('/api/login', {
            method: 'POST',
            body: { email: `nobody-${index}@demo.test`, password: 'Wrong-guess-1' },
          }),
        ),
      )
    ).map(({ status }) => status)
    expect(hashesRun() - before).toBe(20)
    expect(statuses.filter((status) => status === 429)).toHaveLength(180)
  }, 60_000)

  it('gives a successful sign-in back to its address, so members behind one address are not refused for signing in', async () => {
    const client = fresh(server)
    for (let round = 0; round < 25; round += 1)
      expect((await client.json('/api/login', { method: 'POST', body: round % 2 ? MEMBER : EDITOR })).status).toBe(200)
  }, 60_000)

  it.each([
    [
      'contact (both paths share one count)',
      ['/api/v4/contact', '/api/km/contact', '/api/v4/contact'],
      () => ({ name: 'Bo', email: 'bo@example.com', topic: 'billing', message: 'Can I pay yearly instead?' }),
      'Too many messages from your address. Try again later.',
    ],
    [
      'grievance',
      ['/api/v4/grievance', '/api/km/grievance', '/api/v4/grievance'],
      () => grievance,
      'Too many grievances from your address. Try again later.',
    ],
    [
      'directory report',
      ['/api/v4/directory/reports'],
      () => ({
        providerId: 5002,
        field: 'languages',
        details: 'Dr. Ortega no longer sees patients in Spanish.',
        email: 'pat@example.com',
      }),
      'Too many reports from your address. Try again later.',
    ],
    [
      'sign-up',
      ['/api/v4/member/signup'],
      () => ({ email: unique('joiner'), password: 'Brand-New-Pass-7', firstName: 'Nia', lastName: 'Park' }),
      'Too many accounts were created from your address. Try again later.',
    ],
    [
      'reset mail, per address',
      ['/api/v4/member/resetPasswordEmail'],
      () => ({ email: unique('forgetful') }),
      'Too many password-reset requests. Try again later.',
    ],
  ] as const)(
    'limits %s per client address: 429 with Retry-After past the limit',
    async (_name, paths, body, message) => {
      const client = fresh(server)
      for (let sent = 0; sent < 2; sent += 1)
        expect((await client.json(paths[sent % paths.length]!, { method: 'POST', body: body() })).status).toBeLessThan(
          300,
        )
      await expectRefused(client, paths[2 % paths.length] ?? paths[0], { method: 'POST', body: body() }, message)
      // Another address is not refused.
      expect((await fresh(server).json(paths[0], { method: 'POST', body: body() })).status).toBeLessThan(300)
    },
  )

  it('limits reset mails per recipient, whatever the client address', async () => {
    const email = unique('target')
    for (let sent = 0; sent < 2; sent += 1)
      expect(
        (await fresh(server).json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email } })).status,
      ).toBe(200)
    await expectRefused(
      fresh(server),
      '/api/v4/member/resetPasswordEmail',
      { method: 'POST', body: { email } },
      'Too many password-reset requests for this email address. Try again later.',
    )
  })

  it('limits the checkout’s account step per client address', async () => {
    const client = fresh(server)
    await client.json('/api/km/checkout/temp_token', { method: 'POST' })
    expect(
      (
        await client.json('/api/km/checkout/member/plan', {
          method: 'PUT',
          body: { planId: 102, officeId: 1001, billingCycle: 'monthly' },
        })
      ).status,
    ).toBe(200)
    for (let sent = 0; sent < 2; sent += 1)
      expect(
        (await client.json('/api/km/checkout/account', { method: 'POST', body: account(unique('buyer')) })).status,
      ).toBe(200)
    await expectRefused(
      client,
      '/api/km/checkout/account',
      { method: 'POST', body: account(unique('buyer')) },
      'Too many attempts at this step from your address. Try again later.',
    )
  })

  it('limits coupon checks per client address: the coupon endpoint and a checkout’s plan with a code count together', async () => {
    const client = fresh(server)
    expect((await client.json('/api/v4/coupon/validate?coupon=NOPE&plan_id=102&location_id=1001')).status).toBe(200)
    await client.json('/api/km/checkout/temp_token', { method: 'POST' })
    expect(
      (
        await client.json('/api/km/checkout/member/plan', {
          method: 'PUT',
          body: { planId: 102, officeId: 1001, billingCycle: 'monthly', couponCode: 'SPRING' },
        })
      ).status,
    ).toBe(200)
    // A plan without a code checks no coupon.
    expect(
      (
        await client.json('/api/km/checkout/member/plan', {
          method: 'PUT',
          body: { planId: 102, officeId: 1001, billingCycle: 'annual' },
        })
      ).status,
    ).toBe(200)
    await expectRefused(
      client,
      '/api/v4/coupon/validate?coupon=GUESS&plan_id=102&location_id=1001',
      {},
      'Too many coupon checks from your address. Try again later.',
    )
  })

  it('counts in the database: two limiters on the same database (two server processes) share one count, and a window that ended starts again', async () => {
    const second = server.env.DATABASE_URL ? openPostgres(server.env.DATABASE_URL) : server.deps.db
    try {
      const rules = { points: 3, durationMs: 60_000 }
      const [one, two] = [
        createRateLimits(server.deps.db, { ...LIMIT_RULES, contact: rules }),
        createRateLimits(second, { ...LIMIT_RULES, contact: rules }),
      ]
      await one.take('contact', '192.0.2.50')
      await two.take('contact', '192.0.2.50')
      await one.take('contact', '192.0.2.50')
      await expect(two.take('contact', '192.0.2.50')).rejects.toMatchObject({
        name: 'RateLimited',
        retryAfterSeconds: expect.any(Number) as number,
      })
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 })
      try {
        await expect(two.take('contact', '192.0.2.50')).resolves.toBeUndefined()
      } finally {
        vi.useRealTimers()
      }
    } finally {
      if (second !== server.deps.db) await second.close()
    }
  })
})

const LIMIT_RULES = Object.fromEntries(
  [
    'signInAddress',
    'signInAccount',
    'changePassword',
    'resetAddress',
    'resetRecipient',
    'signup',
    'contact',
    'grievance',
    'directoryReport',
    'checkoutAccount',
    'coupon',
  ].map((name) => [name, { points: 1, durationMs: 1000 }]),
) as Parameters<typeof createRateLimits>[1]
