import { z } from '#schemas/engine/zod.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MemberInfo, paymentResultSchema, Receipt } from '#schemas/api/members.ts'
import { tenants } from '#site-config/tenants.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { many, one } from '../../platform/db/database.ts'
import { lifecycle } from '../members/membership-lifecycle.ts'
import {
  cardToken,
  DATABASES,
  defaultTenant,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const demo = demoData[defaultTenant.groupKey]!
const family = demo.plans.find((plan) => plan.name === 'Family')!
const office = demo.offices.find((candidate) => candidate.planIds.includes(family.id))!
const GOOD_CARD = '4242424242424242'
const child = { firstName: 'Mia', lastName: 'Ortiz', dateOfBirth: '2016-04-04', relationship: 'child' }
const order = (idempotencyKey: string) => ({
  planId: family.id,
  officeId: office.id,
  billingCycle: 'monthly',
  idempotencyKey,
  autoRenewalConsent: true,
})
const JOIN_AGAIN = (what: string) =>
  `Your membership has been cancelled, so you cannot ${what}. Join again from your dashboard first.`

/**
 * An account whose membership ended (cancelled within the refund window here) joins again from
 * its dashboard: the API buys a new membership for it and its family; until then, it refuses what
 * needs a membership that covers, and says what to do.
 */
describe.each(DATABASES)('joining again after a membership ended (%s)', (kind) => {
  let server: TestServer
  let buyer: TestClient
  let memberId: number
  const info = async () => (await buyer.json<MemberInfo>('/api/v4/member/info')).body
  beforeAll(async () => {
    server = await startTestServer(kind)
    const account = {
      email: 'rejoin@demo.test',
      password: 'Harbor-Teeth-Pass-8!',
      firstName: 'Ana',
      lastName: 'Ortiz',
    }
    await server.client().json('/api/v4/member/signup', { method: 'POST', body: account })
    buyer = await server.client().login(account)
    const first = await buyer.json('/api/v4/member/purchaseSubscription', {
      method: 'POST',
      body: { ...order('rejoin-0001-abcdef'), cardToken: cardToken(GOOD_CARD), newDependents: [child] },
    })
    expect(first.status).toBe(201)
    memberId = (await info()).id
    const deps = { ...server.deps, tenants }
    await lifecycle.cancel(deps, defaultTenant.groupKey, memberId, new Date(), 'member')
  }, 60_000)
  afterAll(() => server.close())

  it('shows the cancelled membership and keeps the family on the account, no longer covered', async () => {
    const now = await info()
    expect(now.subscription?.status).toBe('cancelled')
    expect(now.dependents).toMatchObject([{ firstName: 'Mia' }])
  })

  it('refuses adding family, renewing and switching plans with 409 and what to do', async () => {
    expect(await buyer.json('/api/v4/member/dependents', { method: 'POST', body: child })).toMatchObject({
      status: 409,
      body: { message: JOIN_AGAIN('add family members') },
    })
    expect(
      await buyer.json('/api/v4/member/renewSubscription', {
        method: 'POST',
        body: { idempotencyKey: 'rejoin-renew-abcdef' },
      }),
    ).toMatchObject({ status: 409, body: { message: JOIN_AGAIN('renew it') } })
    expect(await buyer.json('/api/v4/member/switch/' + family.id, { method: 'POST', body: {} })).toMatchObject({
      status: 409,
      body: { message: JOIN_AGAIN('switch plans') },
    })
    expect(await buyer.json('/api/v4/member/switch/' + family.id)).toMatchObject({ status: 409 })
    expect((await info()).dependents).toHaveLength(1)
  })

  it('quotes the new membership for the family kept and added, enrollment fee included', async () => {
    const {
      idempotencyKey: _key,
      autoRenewalConsent: _consent,
      ...quoted
    } = { ...order('unused-key-abcdef'), newDependents: [child] }
    const quote = await buyer.json<{ totalCents: number; lines: unknown[] }>('/api/v4/member/purchaseQuote', {
      method: 'POST',
      body: quoted,
    })
    expect(quote.status).toBe(200)
    expect(quote.body.lines).toHaveLength(3)
    expect(quote.body.totalCents).toBe(family.monthlyPriceCents * 3 + family.enrollmentFeeCents)
  })

  it('refuses to join again without the separate consent to the automatic renewal terms (422 at body.autoRenewalConsent): nothing charged or kept', async () => {
    const { autoRenewalConsent: _consent, ...unconsented } = {
      ...order('rejoin-unconsented-abcdef'),
      cardToken: cardToken('5555555555554444'),
    }
    const receipts = () =>
      one(server.deps.db, z.object({ n: z.number() }), 'SELECT count(*)::int AS n FROM receipts WHERE member_id = $1', [
        memberId,
      ])
    const before = await receipts()
    for (const body of [unconsented, { ...unconsented, autoRenewalConsent: false }])
      expect(await buyer.json('/api/v4/member/purchaseSubscription', { method: 'POST', body })).toMatchObject({
        status: 422,
        body: {
          issues: [
            {
              path: ['body', 'autoRenewalConsent'],
              message: 'Agree to the automatic renewal terms (their own box, apart from the Terms of Service) to pay.',
            },
          ],
        },
      })
    expect(await receipts()).toEqual(before)
    expect((await info()).subscription?.status).toBe('cancelled')
  })

  it('joins again with a new card: one charge, active, the family kept and added, the card on file, the confirmation mail', async () => {
    const body = {
      ...order('rejoin-0002-abcdef'),
      cardToken: cardToken('5555555555554444'),
      newDependents: [{ ...child, firstName: 'Leo' }],
    }
    const [a, b] = await Promise.all([
      buyer.json<z.infer<typeof paymentResultSchema>>('/api/v4/member/purchaseSubscription', { method: 'POST', body }),
      buyer.json<z.infer<typeof paymentResultSchema>>('/api/v4/member/purchaseSubscription', { method: 'POST', body }),
    ])
    const done = [a, b].find((answer) => answer.status === 201)!
    expect(done.body.receipt).toMatchObject({
      amountCents: family.monthlyPriceCents * 3 + family.enrollmentFeeCents,
      cardLast4: '4444',
    })
    expect(done.body.subscription).toMatchObject({ status: 'active', planId: family.id, officeId: office.id })
    const now = await info()
    expect(now.subscription?.status).toBe('active')
    expect(now.paymentMethod).toMatchObject({ last4: '4444' })
    expect(now.dependents.map((person) => person.firstName)).toEqual(['Mia', 'Leo'])
    const receipts = (await buyer.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts
    expect(receipts.filter((receipt) => receipt.id === done.body.receipt.id)).toHaveLength(1)
    const charged = await one(
      server.deps.db,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM receipts WHERE member_id = $1',
      [memberId],
    )
    // The first membership's receipt and this one: the double submit charged once.
    expect(charged.n).toBe(2)
    const mails = await many(
      server.deps.db,
      z.object({ subject: z.string(), body: z.string() }),
      'SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id',
      ['rejoin@demo.test'],
    )
    const welcome = mails.filter((mail) => mail.subject.endsWith('your Family membership'))
    expect(welcome.map((mail) => mail.subject.split(' ').slice(0, 2).join(' '))).toEqual(['Welcome to', 'Welcome back'])
    expect(welcome[1]!.body).toContain(`Receipt ${done.body.receipt.id}:`)
    expect(welcome[1]!.body).toContain('Leo Ortiz (Family)')
    expect(welcome[1]!.body).toContain('ending 4444')
    // The consent to the automatic renewal terms, on the new membership (not the ended one): when,
    // and the terms as the dashboard fills them, which the confirmation repeats.
    const consents = await many(
      server.deps.db,
      z.object({ renewal_consent_at: z.nullable(z.coerce.date()), renewal_consent_text: z.nullable(z.string()) }),
      'SELECT renewal_consent_at, renewal_consent_text FROM subscriptions WHERE member_id = $1 ORDER BY id',
      [memberId],
    )
    expect(consents).toHaveLength(2)
    const consent = consents[1]!
    expect(consent.renewal_consent_at?.toISOString()).toBe(done.body.receipt.paidAt)
    const renewal = `$${((family.monthlyPriceCents * 3) / 100).toFixed(2)}`
    expect(consent.renewal_consent_text).toContain(
      `Your membership renews automatically every month at ${renewal} until you cancel, starting `,
    )
    expect(consent.renewal_consent_text).not.toMatch(/\{[a-z_.]+\}/)
    expect(welcome[1]!.body).toContain(`Automatic renewal and how to cancel:\n${consent.renewal_consent_text}`)
  })

  it('refuses a second membership while this one covers (409), also when it is ending', async () => {
    const again = { ...order('rejoin-0003-abcdef'), cardToken: cardToken(GOOD_CARD) }
    expect(await buyer.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: again })).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('Your membership is active, so you cannot buy another one') },
    })
    await buyer.json('/api/v4/member/autoRenew', { method: 'POST', body: { autoRenew: false } })
    expect((await info()).subscription?.status).toBe('ending')
    expect(
      await buyer.json('/api/v4/member/purchaseSubscription', {
        method: 'POST',
        body: { ...again, idempotencyKey: 'rejoin-0004-abcdef' },
      }),
    ).toMatchObject({ status: 409, body: { message: expect.stringContaining('Your membership is ending') } })
    const { idempotencyKey: _key, autoRenewalConsent: _consent, ...quoted } = order('unused-key-abcdef')
    expect(await buyer.json('/api/v4/member/purchaseQuote', { method: 'POST', body: quoted })).toMatchObject({
      status: 409,
    })
  })
})
