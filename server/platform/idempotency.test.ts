import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { z } from '#schemas/engine/zod.ts'
import { tokenHash } from './auth/sessions.ts'
import {
  cardToken,
  DATABASES,
  defaultTenant,
  MEMBER,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../test-harness.ts'
import { processorKey } from './idempotency.ts'
import type { PaymentProcessor } from './payments/payments.ts'
import { createSandboxProcessor } from './payments/sandbox-processor.ts'

const ACCOUNT = {
  password: 'Checkout-Pass-31!',
  firstName: 'Rae',
  lastName: 'Kim',
  phone: '415-555-0177',
  dateOfBirth: '1990-05-05',
  address: { line: '1 Valencia St', city: 'San Francisco', state: 'CA', zip: '94103' },
}
const never = new Promise<never>(() => {})

/**
 * How the server dies in the middle of a payment, as seen from the database: the request that
 * claimed the key never goes on (its process is gone) before the charge, or after the processor
 * charged. The sandbox processor underneath is the real one, on the same database.
 */
type Crash = 'none' | 'before-charge' | 'after-charge' | 'card-lookup-fails'

describe.each(DATABASES)('payments exactly once after a crash (%s)', (kind) => {
  let server: TestServer
  let crash: Crash = 'none'
  const charges: string[] = []
  beforeAll(async () => {
    server = await startTestServer(kind, {
      payments: (db) => {
        const real = createSandboxProcessor(db)
        const processor: PaymentProcessor = {
          ...real,
          async charge(request) {
            const mode = crash
            crash = 'none'
            if (mode === 'before-charge') return never
            charges.push(request.idempotencyKey)
            const charge = await real.charge(request)
            if (mode === 'after-charge') return never
            if (mode === 'card-lookup-fails') crash = 'card-lookup-fails'
            return charge
          },
          card(token) {
            if (crash !== 'card-lookup-fails') return real.card(token)
            crash = 'none'
            return Promise.reject(new Error('The processor did not answer'))
          },
        }
        return processor
      },
    })
  }, 60_000)
  afterAll(() => server.close())

  /** A checkout at its payment step, and what the database knows of it. */
  async function checkout(email: string) {
    const client = server.client()
    const { body } = await client.json<{ token: string }>('/api/km/checkout/temp_token', { method: 'POST' })
    const call = <T = CheckoutState>(path: string, method = 'GET', payload?: unknown) =>
      client.json<T>(`/api/km/checkout/${path}`, { method, body: payload, headers: { 'checkout-token': body.token } })
    await call('member/plan', 'PUT', { planId: 101, officeId: 1003, billingCycle: 'annual' })
    expect((await call('account', 'POST', { ...ACCOUNT, email })).status).toBe(200)
    const [row] = await server.deps.db.query('SELECT state FROM checkouts WHERE token_hash = $1', [
      tokenHash(body.token),
    ])
    const orderId = z.object({ orderId: z.string() }).parse(z.object({ state: z.unknown() }).parse(row).state).orderId
    const scope = { groupKey: defaultTenant.groupKey, name: `checkout:${tokenHash(body.token)}` }
    const pay = () =>
      call<{ state: CheckoutState; receipt: { amountCents: number } }>('payment', 'POST', {
        cardToken: cardToken('4242424242424242', { zip: '94103' }),
        autoRenewalConsent: true,
      })
    return { call, pay, scope, orderId, key: processorKey(scope, orderId) }
  }

  /** The time a claim takes to count as left by a crash, passed at once. */
  const age = (scope: { name: string }) =>
    server.deps.db.query("UPDATE payments SET claimed_at = now() - interval '1 hour' WHERE scope = $1", [scope.name])
  const count = async (sql: string, params: string[]) => (await server.deps.db.query(sql, params)).length

  it('a crash between the claim and the charge: 409 with Retry-After while the claim is fresh; once it times out the retry charges once and completes the order', async () => {
    const order = await checkout('crash-before@demo.test')
    crash = 'before-charge'
    void order.pay()
    await expect.poll(() => count('SELECT 1 FROM payments WHERE scope = $1', [order.scope.name])).toBe(1)
    const waiting = await order.pay()
    expect(waiting.status).toBe(409)
    expect(waiting.body).toMatchObject({
      message: 'This payment is already being processed. Wait a moment and reload.',
    })
    expect(Number(waiting.response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [order.key])).toBe(0)

    await age(order.scope)
    const retried = await order.pay()
    expect(retried.status).toBe(201)
    expect(retried.body.state.step).toBe('completed')
    expect(await count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [order.key])).toBe(1)
    expect(
      await count(
        "SELECT 1 FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email = 'crash-before@demo.test'",
        [],
      ),
    ).toBe(1)
    // The answer is kept: a later retry gets it, charging nothing.
    expect(await order.pay()).toMatchObject({ status: 201, body: retried.body })
  })

  it('a crash after the charge, before the order was written: the retry asks the processor, completes the order with that charge and charges nothing more', async () => {
    const order = await checkout('crash-after@demo.test')
    crash = 'after-charge'
    void order.pay()
    await expect.poll(() => count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [order.key])).toBe(1)
    expect(await count("SELECT 1 FROM users WHERE email = 'crash-after@demo.test'", [])).toBe(0)
    const callsBefore = charges.length

    await age(order.scope)
    const retried = await order.pay()
    expect(retried.status).toBe(201)
    expect(retried.body).toMatchObject({ state: { step: 'completed' }, receipt: { amountCents: 14900 + 1000 } })
    expect(charges.length).toBe(callsBefore)
    expect(await count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [order.key])).toBe(1)
    expect(
      await count(
        "SELECT 1 FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email = 'crash-after@demo.test'",
        [],
      ),
    ).toBe(1)
    expect(await order.pay()).toMatchObject({ status: 201, body: retried.body })
  })

  it('a failure after the charge in a living server: the claim is kept and timed out at once, so the very next request completes the order without charging', async () => {
    const order = await checkout('fails-after@demo.test')
    crash = 'card-lookup-fails'
    expect((await order.pay()).status).toBe(500)
    expect(await count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [order.key])).toBe(1)
    const callsBefore = charges.length
    const retried = await order.pay()
    expect(retried).toMatchObject({ status: 201, body: { state: { step: 'completed' } } })
    expect(charges.length).toBe(callsBefore)
    expect(await count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [order.key])).toBe(1)
  })

  it('a member’s balance payment after a crash after the charge: paid once, one receipt, the balance settled', async () => {
    const member: TestClient = await server.client().login(MEMBER)
    const balance = demoData[defaultTenant.groupKey]!.accounts.find(
      (account) => account.email === MEMBER.email,
    )!.balanceCents!
    const [user] = await server.deps.db.query('SELECT id FROM users WHERE email = $1', [MEMBER.email])
    const scope = { groupKey: defaultTenant.groupKey, name: `balance:${z.object({ id: z.number() }).parse(user).id}` }
    const key = processorKey(scope, 'balance-crash-0001')
    const pay = () =>
      member.json<{ balanceCents: number; receipt: { amountCents: number } }>('/api/v4/member/payBalance', {
        method: 'POST',
        body: { idempotencyKey: 'balance-crash-0001' },
      })
    const receipts = async () =>
      (await member.json<{ receipts: unknown[] }>('/api/v4/member/receipts')).body.receipts.length
    const before = await receipts()
    crash = 'after-charge'
    void pay()
    await expect.poll(() => count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [key])).toBe(1)
    expect((await pay()).status).toBe(409)
    await age(scope)
    expect(await pay()).toMatchObject({ status: 200, body: { balanceCents: 0, receipt: { amountCents: balance } } })
    expect(await receipts()).toBe(before + 1)
    expect(await count('SELECT 1 FROM sandbox_charges WHERE idempotency_key = $1', [key])).toBe(1)
  })
})
