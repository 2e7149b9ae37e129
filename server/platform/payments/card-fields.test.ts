import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { many } from '../db/database.ts'
import { outbox } from '../mail/dev-outbox.ts'
import { createLogger } from '../logger.ts'
import { createCardFieldsApp } from './card-fields.ts'
import { DATABASES, defaultTenant, EDITOR, startTestServer, type TestServer } from '../../test-harness.ts'

const PAGE = 'http://localhost:3457'
const NUMBER = '4242424242424242'
const fields = createCardFieldsApp(() => new Date('2026-11-23T00:00:00Z'))
const tokenize = async (card: Record<string, string>, locale = 'en') => {
  const response = await fields.request(`/v1/tokens?locale=${locale}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(card),
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      token?: string
      last4?: string
      message?: string
      issues?: { path: string[]; message: string }[]
    },
  }
}
const CARD = { number: '4242 4242 4242 4242', expMonth: '12', expYear: '2031', cvc: '314', zip: '90210' }

describe('the sandbox processor’s hosted card fields', () => {
  it('serve the card form only to a page that names its origin, and only that origin may frame it', async () => {
    expect((await fields.request('/card-fields')).status).toBe(400)
    expect((await fields.request('/card-fields?origin=javascript:alert(1)')).status).toBe(400)
    expect((await fields.request(`/card-fields?origin=${encodeURIComponent(`${PAGE}/path`)}`)).status).toBe(400)
    const page = await fields.request(`/card-fields?origin=${encodeURIComponent(PAGE)}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${PAGE}`)
    const html = await page.text()
    for (const label of ['Card number', 'Expiry date (MM/YY)', 'Security code (CVC)', 'Billing ZIP code'])
      expect(html).toContain(`>${label}</label>`)
    expect(html).toContain(`data-origin="${PAGE}"`)
  })

  it('write in the page’s language where the processor writes it, in English where it does not', async () => {
    const page = async (locale: string) =>
      (await fields.request(`/card-fields?origin=${encodeURIComponent(PAGE)}&locale=${locale}`)).text()
    const spanish = await page('es')
    expect(spanish).toMatch(/<html lang="es"/)
    for (const label of ['Número de tarjeta', 'Fecha de vencimiento (MM/AA)', 'Código de seguridad (CVC)'])
      expect(spanish).toContain(`>${label}</label>`)
    // The frame's own checks say it in Spanish too.
    expect(spanish).toContain('"zip":"Escriba un código postal de cinco dígitos"')
    expect(await page('vi')).toContain('>Card number</label>')
    expect(await tokenize({ ...CARD, expYear: '2025' }, 'es')).toMatchObject({
      status: 422,
      body: {
        message: 'La tarjeta está vencida.',
        issues: [{ path: ['expiry'], message: 'La tarjeta está vencida.' }],
      },
    })
  })

  it('answer a token for a good card, and a message at the field for a bad one', async () => {
    expect(await tokenize(CARD)).toMatchObject({
      status: 201,
      body: { last4: '4242', token: expect.stringMatching(/^tok_sandbox_/) },
    })
    expect(await tokenize({ ...CARD, number: '4242 4242 4242 4241' })).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['number'], message: 'The card number is not valid.' }] },
    })
    expect(await tokenize({ ...CARD, expYear: '2025' })).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['expiry'], message: 'The card has expired.' }] },
    })
    expect(await tokenize({ ...CARD, cvc: '1' })).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['cvc'], message: 'Enter the 3 or 4 digit security code' }] },
    })
    expect(await tokenize({ ...CARD, zip: 'ABCDE' })).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['zip'], message: 'Enter a five-digit ZIP code' }] },
    })
  })
})

describe.each(DATABASES)('a purchase through the card fields (%s)', (kind) => {
  let server: TestServer
  const logs: string[] = []
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logs.push(chunk.toString()), done()) })
    server = await startTestServer(kind, { logger: createLogger('trace', sink) })
  }, 60_000)
  afterAll(() => server.close())

  it('leaves no card number in our database or logs, and mails the terms with how to cancel', async () => {
    const client = server.client()
    await client.json('/api/km/checkout/temp_token', { method: 'POST' })
    await client.json('/api/km/checkout/member/plan', {
      method: 'PUT',
      body: { planId: 102, officeId: 1001, billingCycle: 'monthly', couponCode: 'SPRING' },
    })
    await client.json('/api/km/checkout/account', {
      method: 'POST',
      body: {
        email: 'noor@demo.test',
        password: 'Card-Check-Pass-31!',
        firstName: 'Noor',
        lastName: 'Haddad',
        phone: '3105550101',
        dateOfBirth: '1984-03-03',
        address: { line: '1 Palm Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
      },
    })
    const { body: token } = await tokenize(CARD)
    const paid = await client.json<{ state: CheckoutState; receipt: { id: number; amountCents: number } }>(
      '/api/km/checkout/payment',
      { method: 'POST', body: { cardToken: token.token, autoRenewalConsent: true } },
    )
    expect(paid.status).toBe(201)

    const tables = await many(
      server.deps.db,
      z.object({ table_name: z.string() }),
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    )
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(['users', 'payment_methods', 'receipts', 'checkouts', 'payments', 'outbox']),
    )
    for (const { table_name } of tables) {
      const dump = JSON.stringify(await server.deps.db.query(`SELECT * FROM "${table_name}"`))
      expect(dump, table_name).not.toContain(NUMBER)
      expect(dump, table_name).not.toContain('4242 4242 4242 4242')
    }
    const log = logs.join('')
    expect(log).toContain('"path":"/api/km/checkout/payment"')
    expect(log).not.toContain(NUMBER)

    const [mail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    expect(mail).toMatchObject({ recipient: 'noor@demo.test', subject: expect.stringContaining('Family membership') })
    expect(mail!.body).toMatch(/member number is CAR\d{7}/)
    expect(mail!.body).toContain(
      `Receipt ${paid.body.receipt.id}: $${(paid.body.receipt.amountCents / 100).toFixed(2)} charged to the card ending 4242.`,
    )
    expect(mail!.body).toContain('renews automatically every month at $29.95 until you cancel')
    expect(mail!.body).toContain('Turn automatic renewal off at any time before the renewal date: on your dashboard')
    // The policy's refund window, filled into the content's words (schemas/policy-words.ts).
    expect(mail!.body).toContain('If you cancel within 30 days of a payment, your membership ends at once')
    expect(mail!.body).not.toContain(NUMBER)
  })

  it('shows and mails the renewal terms a content manager wrote: one text, on the payment page and in the confirmation', async () => {
    const editor = await server.staffClient(EDITOR)
    const draft = (
      await editor.json<{ content: { pages: Record<string, unknown> }; revision: number }>('/api/cms/working')
    ).body
    const terms = 'Renews every {cycle} at {price} from {renews_on}; cancel by calling {phone} or on your dashboard.'
    const content = {
      ...draft.content,
      pages: { ...draft.content.pages, 'checkout-payment': { auto_renewal_terms: terms } },
    }
    expect(
      (await editor.json('/api/cms/working', { method: 'PUT', body: { content, baseRevision: draft.revision } }))
        .status,
    ).toBe(200)
    expect((await editor.json('/api/cms/publish', { method: 'POST', body: { note: 'Renewal terms' } })).status).toBe(
      201,
    )

    const client = server.client()
    await client.json('/api/km/checkout/temp_token', { method: 'POST' })
    await client.json('/api/km/checkout/member/plan', {
      method: 'PUT',
      body: { planId: 101, officeId: 1001, billingCycle: 'annual' },
    })
    await client.json('/api/km/checkout/account', {
      method: 'POST',
      body: {
        email: 'terms@demo.test',
        password: 'Paid-Yearly-Plan-31!',
        firstName: 'Tess',
        lastName: 'Ng',
        phone: '3105550103',
        dateOfBirth: '1990-01-01',
        address: { line: '3 Palm Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
      },
    })
    const response = await client.request('/checkout/payment')
    expect(response.status, response.headers.get('location') ?? '').toBe(200)
    const page = await response.text()
    expect(page).toMatch(
      /Renews every year at \$149\.00 from [A-Z][a-z]+ \d{1,2}, \d{4}; cancel by calling \(800\) 555-0142 or on your dashboard\./,
    )
    expect(
      (
        await client.json('/api/km/checkout/payment', {
          method: 'POST',
          body: { cardToken: (await tokenize(CARD)).body.token, autoRenewalConsent: true },
        })
      ).status,
    ).toBe(201)
    const [mail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    expect(mail!.body).toMatch(
      /Renews every year at \$149\.00 from [A-Z][a-z]+ \d{1,2}, \d{4}; cancel by calling \(800\) 555-0142 or on your dashboard\./,
    )
  })

  it('keeps the password chosen before when the account step is sent again with none; without one it is required', async () => {
    const client = server.client()
    const { body } = await client.json<{ token: string }>('/api/km/checkout/temp_token', { method: 'POST' })
    const call = <T = CheckoutState>(path: string, method = 'GET', payload?: unknown) =>
      client.json<T>(`/api/km/checkout/${path}`, { method, body: payload, headers: { 'checkout-token': body.token } })
    await call('member/plan', 'PUT', { planId: 101, officeId: 1001, billingCycle: 'monthly' })
    const account = {
      email: 'back@demo.test',
      password: '',
      firstName: 'Ida',
      lastName: 'Berg',
      phone: '3105550102',
      dateOfBirth: '1979-07-07',
      address: { line: '2 Palm Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
    }
    expect(await call('account', 'POST', account)).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'password'], message: 'Required' }] },
    })
    expect(await call('account', 'POST', { ...account, password: 'Kept-Secret-Pass-31!' })).toMatchObject({
      status: 200,
      body: { hasPassword: true, step: 'account' },
    })
    expect(await call('account', 'POST', { ...account, firstName: 'Idun' })).toMatchObject({
      status: 200,
      body: { hasPassword: true, account: { firstName: 'Idun' } },
    })
    expect(
      (await call('payment', 'POST', { cardToken: (await tokenize(CARD)).body.token, autoRenewalConsent: true }))
        .status,
    ).toBe(201)
    // The password kept is the one chosen first.
    expect(
      (
        await server
          .client()
          .json('/api/login', { method: 'POST', body: { email: 'back@demo.test', password: 'Kept-Secret-Pass-31!' } })
      ).status,
    ).toBe(200)
  })
})
