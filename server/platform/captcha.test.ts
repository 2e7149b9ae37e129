import { describe, expect, it } from 'vitest'
import { MEMBER, useTestServer, type TestClient } from '../test-harness.ts'

const PASS = { 'x-recaptcha-token': 'sandbox-pass-abc123' }
const account = {
  email: 'bot-check-buyer@example.com',
  password: 'Checkout-Pass-2026!',
  firstName: 'Robin',
  lastName: 'Lee',
  phone: '3105550123',
  dateOfBirth: '1985-06-15',
  address: { line: '1 Rodeo Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
}
const grievance = {
  name: 'Ana Silva',
  email: 'ana@example.com',
  category: 'billing',
  description: 'I was charged twice for the same visit in October.',
  desiredResolution: 'Refund the second charge.',
}

/** Every form anyone can send: the bot check covers each, as it covers sign-in. */
const FORMS: [string, string, () => unknown, (client: TestClient) => Promise<void>][] = [
  ['sign-in', '/api/login', () => MEMBER, async () => {}],
  ['reset mail', '/api/v4/member/resetPasswordEmail', () => ({ email: MEMBER.email }), async () => {}],
  [
    'sign-up',
    '/api/v4/member/signup',
    () => ({
      email: `joiner-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'Brand-New-Pass-7',
      firstName: 'Nia',
      lastName: 'Park',
    }),
    async () => {},
  ],
  [
    'contact',
    '/api/v4/contact',
    () => ({ name: 'Bo', email: 'bo@example.com', topic: 'billing', message: 'Can I pay yearly instead?' }),
    async () => {},
  ],
  [
    'contact (km)',
    '/api/km/contact',
    () => ({ name: 'Bo', email: 'bo@example.com', topic: 'billing', message: 'Can I pay yearly instead?' }),
    async () => {},
  ],
  ['grievance', '/api/v4/grievance', () => grievance, async () => {}],
  ['grievance (km)', '/api/km/grievance', () => grievance, async () => {}],
  [
    'directory report',
    '/api/v4/directory/reports',
    () => ({
      officeId: 1001,
      field: 'other',
      details: 'The phone number on the page is wrong.',
      email: 'pat@example.com',
    }),
    async () => {},
  ],
  [
    'checkout account step',
    '/api/km/checkout/account',
    () => account,
    async (client) => {
      await client.json('/api/km/checkout/temp_token', { method: 'POST' })
      await client.json('/api/km/checkout/member/plan', {
        method: 'PUT',
        body: { planId: 102, officeId: 1001, billingCycle: 'monthly' },
      })
    },
  ],
]

describe('the bot check, when enabled', () => {
  const server = useTestServer('pglite', { env: { ENABLE_RECAPTCHA: 'true' } })

  it.each(FORMS)('refuses %s without a valid token, and accepts it with one', async (_name, path, body, prepare) => {
    const client = server.client()
    await prepare(client)
    const refused = { status: 400, body: { message: 'The bot check failed. Reload the page and try again.' } }
    expect(await client.json(path, { method: 'POST', body: body() })).toMatchObject(refused)
    expect(
      await client.json(path, { method: 'POST', body: body(), headers: { 'x-recaptcha-token': 'forged' } }),
    ).toMatchObject(refused)
    expect((await client.json(path, { method: 'POST', body: body(), headers: PASS })).status).toBeLessThan(300)
  })
})
