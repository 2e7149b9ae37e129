import { addDependent, removeDependent, switchPlan, updateDependent } from './member-test-changes.ts'
import { z } from '#schemas/engine/zod.ts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Plan } from '#schemas/api/directory.ts'
import type {
  Dependent,
  MemberInfo,
  payBalanceResultSchema,
  paymentResultSchema,
  Receipt,
  Subscription,
  switchQuoteSchema,
} from '#schemas/api/members.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { many } from '../../platform/db/database.ts'
import { insertDependent } from './dependents.ts'
import { distanceMiles, zipCentroid } from '../directory/geo.ts'
import {
  cardToken,
  DATABASES,
  defaultTenant,
  EDITOR,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const SECOND_MEMBER = { email: 'second@demo.test', password: 'Lee-Harbour-Kite-9!', firstName: 'Lee', lastName: 'Ng' }

/** The demo data the server is seeded with: the tests compute every amount from it. */
const demo = demoData[defaultTenant.groupKey]!
const demoMember = demo.accounts.find((account) => account.email === MEMBER.email)!
const planNamed = (name: string) => {
  const found = demo.plans.find((plan) => plan.name === name)
  if (!found) throw new Error(`The demo data has no ${name} plan`)
  return found
}
const [essential, family, premier] = [planNamed('Essential'), planNamed('Family'), planNamed('Premier')]
/** The demo member's plan and office, and how many people the membership covers. */
const memberPlan = demo.plans.find((plan) => plan.id === demoMember.subscription!.planId)!
const memberOffice = demo.offices.find((office) => office.id === demoMember.subscription!.officeId)!
const membersCount = 1 + (demoMember.dependents ?? []).length
const GOOD_CARD = '4242 4242 4242 4242'

describe.each(DATABASES)('the member API (%s)', (kind) => {
  let server: TestServer
  let member: TestClient
  let second: TestClient
  beforeAll(async () => {
    server = await startTestServer(kind)
    member = await server.client().login(MEMBER)
    await server.client().json('/api/v4/member/signup', { method: 'POST', body: SECOND_MEMBER })
    second = await server.client().login(SECOND_MEMBER)
  }, 60_000)
  afterAll(() => server.close())

  it('shows the member their account, plan, dependents, card and balance', async () => {
    const { status, body } = await member.json<MemberInfo>('/api/v4/member/info')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      email: MEMBER.email,
      firstName: 'Jordan',
      balanceCents: 2995,
      subscription: { planName: 'Family', status: 'active', billingCycle: 'monthly', priceCents: 2995 * 3 },
      paymentMethod: { brand: 'Visa', last4: '4242' },
    })
    expect(body.dependents.map((dependent) => dependent.firstName)).toEqual(['Sam', 'Ava'])
    expect((await member.json('/api/v4/member/balance')).body).toEqual({
      balanceCents: 2995,
      nextChargeCents: 8985,
      nextChargeAt: body.subscription!.renewsAt,
    })
    // Seeded on the server's day (the tests' sandbox clock), the demo membership is current: mid-period.
    expect(body.subscription!.renewsAt).toBe(new Date(demoMember.subscription!.renewsAt).toISOString())
    expect(new Date(body.subscription!.renewsAt).getTime()).toBeGreaterThan(server.deps.now().getTime())
  })

  it('refuses the anonymous (401) and content managers (403)', async () => {
    expect((await server.client().json('/api/v4/member/info')).status).toBe(401)
    const editor = await server.staffClient(EDITOR)
    expect(await editor.json('/api/v4/member/info')).toMatchObject({
      status: 403,
      body: { message: 'Only members may do this' },
    })
  })

  it('updates the member’s details and explains each invalid field', async () => {
    const updated = await member.json<MemberInfo>('/api/v4/member/update', {
      method: 'POST',
      body: { phone: '(310) 555-0100', address: { line: '1 Main St', city: 'Los Angeles', state: 'CA', zip: '90012' } },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      phone: '3105550100',
      address: { city: 'Los Angeles', zip: '90012' },
      firstName: 'Jordan',
    })
    const invalid = await member.json('/api/v4/member/update', {
      method: 'POST',
      body: { phone: '555', address: { line: '', city: 'X', state: 'California', zip: '9001' } },
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toMatchObject({
      issues: [
        { path: ['body', 'phone'], message: 'Enter a ten-digit phone number' },
        { path: ['body', 'address', 'line'], message: 'Required' },
        { path: ['body', 'address', 'state'], message: 'Use the two-letter state code' },
        { path: ['body', 'address', 'zip'], message: 'Enter a five-digit ZIP code' },
      ],
    })
    expect((await member.json('/api/v4/member/update', { method: 'POST', body: {} })).body).toMatchObject({
      message: 'Validation error: Send at least one field to change',
    })
  })

  it('turns automatic renewal off and on', async () => {
    expect(
      (await member.json('/api/v4/member/autoRenew', { method: 'POST', body: { autoRenew: false } })).body,
    ).toMatchObject({ autoRenew: false })
    expect((await member.json('/api/v4/member/balance')).body).toMatchObject({ nextChargeCents: null })
    expect(
      (await member.json('/api/v4/member/autoRenew', { method: 'POST', body: { autoRenew: true } })).body,
    ).toMatchObject({ autoRenew: true })
  })

  it('lists the offices that accept the member’s plan: their own office first, then the nearest to their home', async () => {
    const { body } = await member.json<{ locations: { id: number; latitude: number; longitude: number }[] }>(
      '/api/v4/member/locations',
    )
    const offering = demo.offices.filter((office) => office.planIds.includes(memberPlan.id)).map((office) => office.id)
    expect(body.locations.map((office) => office.id).sort()).toEqual(offering.sort())
    expect(offering.length).toBeLessThan(demo.offices.length)
    const account = demo.accounts.find((candidate) => candidate.role === 'member')!
    expect(body.locations[0]!.id).toBe(account.subscription!.officeId)
    const { body: info } = await member.json<MemberInfo>('/api/v4/member/info')
    const home = zipCentroid(info.address!.zip)!
    const distances = body.locations.slice(1).map((office) => distanceMiles(home, office))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
  })

  it('lists the first offices of that order alone when asked for a number of them, and refuses a number that is none', async () => {
    const all = (await member.json<{ locations: { id: number }[] }>('/api/v4/member/locations')).body.locations
    const { body } = await member.json<{ locations: { id: number }[] }>('/api/v4/member/locations?limit=2')
    expect(body.locations.map((office) => office.id)).toEqual(all.slice(0, 2).map((office) => office.id))
    const refused = await member.json<{ message: string }>('/api/v4/member/locations?limit=0')
    expect(refused.status).toBe(422)
    expect(JSON.stringify(refused.body)).toContain('At least 1')
  })

  it('replaces the card with a token of the processor’s card fields: the database keeps the token and the last four digits', async () => {
    const token = cardToken('5555 5555 5555 4444', { expMonth: 12, expYear: 2030 })
    const { status, body } = await member.json<MemberInfo>('/api/v4/member/updateBilling', {
      method: 'POST',
      body: { cardToken: token },
    })
    expect(status).toBe(200)
    expect(body.paymentMethod).toEqual({ brand: 'Mastercard', last4: '4444', expMonth: 12, expYear: 2030 })
    const dump = JSON.stringify(await server.deps.db.query('SELECT * FROM payment_methods'))
    expect(dump).not.toContain('5555555555554444')
    expect(dump).toContain(token)
    // A card number sent as if it were a token is not a token: refused, and not stored.
    const raw = await member.json('/api/v4/member/updateBilling', {
      method: 'POST',
      body: { cardToken: '5555555555554444' },
    })
    expect(raw).toMatchObject({
      status: 422,
      body: { message: 'The card details are no longer valid. Enter your card again.' },
    })
    expect(JSON.stringify(await server.deps.db.query('SELECT * FROM payment_methods'))).not.toContain(
      '5555555555554444',
    )
    expect(
      await member.json('/api/v4/member/updateBilling', {
        method: 'POST',
        body: { card: { number: '4242424242424242' } },
      }),
    ).toMatchObject({ status: 422 })
  })

  it('shows the ID card of the member and of their dependents, and refuses another member’s dependent', async () => {
    const info = (await member.json<MemberInfo>('/api/v4/member/info')).body
    const own = await member.json('/api/v4/member/idCard/' + info.id)
    expect(own.body).toMatchObject({
      memberNumber: info.memberNumber,
      name: 'Jordan Rivera',
      relationship: 'member',
      planName: 'Family',
      officeName: 'Beverly Hills Family Dentistry',
    })
    const child = await member.json('/api/v4/member/idCard/' + info.dependents[1]!.id)
    expect(child.body).toMatchObject({
      name: 'Ava Rivera',
      relationship: 'child',
      memberNumber: `${info.memberNumber}-02`,
    })
    expect((await second.json('/api/v4/member/idCard/' + info.dependents[0]!.id)).status).toBe(409)
    // The member's id and a dependent's may be the same number: `person` tells them apart.
    const first = info.dependents[0]!
    const byPerson = await member.json(`/api/v4/member/idCard/${first.id}?person=dependent`)
    expect(byPerson.body).toMatchObject({
      name: `${first.firstName} ${first.lastName}`,
      relationship: first.relationship,
    })
    expect((await member.json(`/api/v4/member/idCard/${info.id}?person=member`)).body).toMatchObject({
      name: 'Jordan Rivera',
      relationship: 'member',
    })
    // Another member's card, or another member's dependent's, answers exactly as a missing one.
    const secondInfo = (await second.json<MemberInfo>('/api/v4/member/info')).body
    // Without a membership the API adds no family (409): the second member's comes with the database.
    const secondsDependent = (
      await insertDependent(server.deps.db, defaultTenant.groupKey, secondInfo.id, {
        firstName: 'Io',
        lastName: 'Ng',
        dateOfBirth: '2019-06-01',
        relationship: 'child',
        planId: null,
      })
    ).id
    const missing = await member.json('/api/v4/member/idCard/999999')
    expect(missing).toMatchObject({ status: 404, body: { message: 'ID card not found' } })
    for (const path of [
      `/api/v4/member/idCard/${secondInfo.id}?person=member`,
      `/api/v4/member/idCard/${info.id + 1000}?person=member`,
      `/api/v4/member/idCard/${secondsDependent}?person=dependent`,
    ]) {
      const answer = await member.json(path)
      expect({ status: answer.status, body: answer.body }, path).toEqual({ status: missing.status, body: missing.body })
    }
    expect((await removeDependent(second, secondsDependent)).status).toBe(200)
  })

  it('shows a receipt only to its member: another member’s answers exactly as a missing one (404)', async () => {
    const { body } = await member.json<{ receipts: { id: number; amountCents: number }[] }>('/api/v4/member/receipts')
    expect(body.receipts.length).toBeGreaterThanOrEqual(3)
    const receipt = body.receipts[0]!
    expect((await member.json('/api/v4/member/receipt/' + receipt.id)).body).toMatchObject({
      id: receipt.id,
      amountCents: receipt.amountCents,
    })
    const [others, missing] = [
      await second.json('/api/v4/member/receipt/' + receipt.id),
      await second.json('/api/v4/member/receipt/999999'),
    ]
    expect({ status: others.status, body: others.body }).toEqual({
      status: 404,
      body: { message: 'Receipt not found' },
    })
    expect({ status: missing.status, body: missing.body }).toEqual({ status: others.status, body: others.body })
    expect((await member.json('/api/v4/member/receipt/abc')).status).toBe(422)
  })

  it('manages dependents: add, change, remove; only its own (another member’s answers exactly as a missing one)', async () => {
    const added = await addDependent<{ id: number }>(member, {
      firstName: 'Mo',
      lastName: 'Rivera',
      dateOfBirth: '2019-06-01',
      relationship: 'child',
    })
    expect(added.status).toBe(201)
    const id = added.body.id
    expect(
      (
        await updateDependent(member, id, {
          firstName: 'Moe',
          lastName: 'Rivera',
          dateOfBirth: '2019-06-01',
          relationship: 'child',
        })
      ).body,
    ).toMatchObject({ id, firstName: 'Moe' })
    const change = {
      method: 'PUT',
      body: { firstName: 'X', lastName: 'Y', dateOfBirth: '2019-06-01', relationship: 'child' },
    }
    const notFound = { status: 404, body: { message: 'Dependent not found' } }
    for (const [path, init] of [
      [id, change],
      [999999, change],
      [id, { method: 'DELETE', body: {} }],
      [999999, { method: 'DELETE', body: {} }],
    ] as const) {
      const answer = await second.json('/api/v4/member/dependents/' + path, init)
      expect({ status: answer.status, body: answer.body }).toEqual(notFound)
    }
    expect((await removeDependent(member, id)).status).toBe(200)
    expect((await member.json<{ dependents: unknown[] }>('/api/v4/member/dependents')).body.dependents).toHaveLength(2)
    const invalid = await member.json('/api/v4/member/dependents', {
      method: 'POST',
      body: { firstName: '', lastName: 'R', dateOfBirth: '06/01/2019', relationship: 'cousin' },
    })
    expect(invalid.status).toBe(422)
  })

  it('switches plans within the plan’s dependent limit', async () => {
    expect(await switchPlan(member, 101)).toMatchObject({
      status: 409,
      body: { message: 'The Essential plan covers at most 0 dependents; you have 2.' },
    })
    expect((await switchPlan(member, 103)).body).toMatchObject({
      planName: 'Premier',
      priceCents: 3995 * 3,
    })
    expect((await switchPlan(member, 201)).status).toBe(404)
    await switchPlan(member, 102)
  })

  it('buys a membership once per idempotency key: a double submit charges once', async () => {
    await second.json('/api/v4/member/updateBilling', {
      method: 'POST',
      body: { cardToken: cardToken('4242424242424242', { zip: '10011' }) },
    })
    const order = {
      planId: 101,
      officeId: 1003,
      billingCycle: 'annual',
      couponCode: 'SPRING',
      idempotencyKey: 'order-0001-abcdef',
      autoRenewalConsent: true,
    }
    const [first, again] = await Promise.all([
      second.json<{ receipt: { id: number; amountCents: number } }>('/api/v4/member/purchaseSubscription', {
        method: 'POST',
        body: order,
      }),
      second.json<{ receipt: { id: number; amountCents: number } }>('/api/v4/member/purchaseSubscription', {
        method: 'POST',
        body: order,
      }),
    ])
    const done = [first, again].find((answer) => answer.status === 201)!
    // Essential annual 149.00 + enrollment 10.00 = 159.00, less 20 % = 127.20: computed on the server.
    expect(done.body.receipt.amountCents).toBe(12720)
    // The coupon applies to the renewals too while it is valid: 149.00 less 20 % = 119.20 a year.
    const [membership] = await many(
      server.deps.db,
      z.object({ coupon_code: z.nullable(z.string()), renewal_cents: z.nullable(z.number()) }),
      'SELECT s.coupon_code, s.renewal_cents FROM subscriptions s JOIN users u ON u.id = s.member_id WHERE u.email = $1',
      [SECOND_MEMBER.email],
    )
    expect(membership).toEqual({ coupon_code: 'SPRING', renewal_cents: 11920 })
    const replay = await second.json<{ receipt: { id: number } }>('/api/v4/member/purchaseSubscription', {
      method: 'POST',
      body: order,
    })
    expect(replay.body.receipt.id).toBe(done.body.receipt.id)
    const receipts = await many(
      server.deps.db,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email = $1',
      [SECOND_MEMBER.email],
    )
    expect(receipts[0]!.n).toBe(1)
    expect(
      (
        await second.json('/api/v4/member/purchaseSubscription', {
          method: 'POST',
          body: { ...order, idempotencyKey: 'order-0002-abcdef' },
        })
      ).body,
    ).toMatchObject({
      message:
        'Your membership is active, so you cannot buy another one. Manage it from your dashboard: renew it, switch plans or turn automatic renewal on.',
    })
  })

  it('refuses an invalid coupon with its message, and a declined card without charging', async () => {
    const fresh = await server
      .client()
      .json('/api/v4/member/signup', { method: 'POST', body: { ...SECOND_MEMBER, email: 'third@demo.test' } })
    expect(fresh.status).toBe(201)
    const third = await server.client().login({ email: 'third@demo.test', password: SECOND_MEMBER.password })
    const order = {
      planId: 101,
      officeId: 1003,
      billingCycle: 'monthly',
      idempotencyKey: 'order-0003-abcdef',
      autoRenewalConsent: true,
    }
    expect(await third.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: order })).toMatchObject({
      status: 409,
      body: { message: 'Add a card in your billing details first.' },
    })
    await third.json('/api/v4/member/updateBilling', {
      method: 'POST',
      body: { cardToken: cardToken('4000000000000002') },
    })
    expect(
      await third.json('/api/v4/member/purchaseSubscription', {
        method: 'POST',
        body: { ...order, couponCode: 'WINTER2020' },
      }),
    ).toMatchObject({ status: 422, body: { message: 'This coupon expired on 2020-12-31.' } })
    expect(await third.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: order })).toMatchObject({
      status: 422,
      body: { message: 'Your card was declined.' },
    })
    expect((await third.json<MemberInfo>('/api/v4/member/info')).body.subscription).toBeNull()
  })

  it('renews the membership for another period with the card on file', async () => {
    const before = (await member.json<MemberInfo>('/api/v4/member/info')).body.subscription!
    const renewed = await member.json<{ subscription: { renewsAt: string }; receipt: { amountCents: number } }>(
      '/api/v4/member/renewSubscription',
      { method: 'POST', body: { idempotencyKey: 'renew-0001-abcdef' } },
    )
    expect(renewed.status).toBe(200)
    expect(renewed.body.receipt.amountCents).toBe(2995 * 3)
    expect(new Date(renewed.body.subscription.renewsAt).getTime()).toBeGreaterThan(new Date(before.renewsAt).getTime())
  })

  it('keeps tenants apart: a member’s session means nothing on another tenant’s host', async () => {
    const elsewhere = server.client(otherTenant.hosts[0])
    for (const [name, value] of member.cookies) elsewhere.cookies.set(name, value)
    expect((await elsewhere.json('/api/v4/member/info')).status).toBe(401)
  })
})

/** One fresh server per test: each test starts from the demo data. */
describe.each(DATABASES)('the member API: balance, own plans, plan switches, email (%s)', (kind) => {
  let server: TestServer
  let member: TestClient
  beforeEach(async () => {
    server = await startTestServer(kind)
    member = await server.client().login(MEMBER)
  }, 60_000)
  afterEach(() => server.close())

  const info = async (client = member) => (await client.json<MemberInfo>('/api/v4/member/info')).body
  const receipts = async (client = member) =>
    (await client.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts
  const payBalance = (idempotencyKey: string) =>
    member.json<z.infer<typeof payBalanceResultSchema>>('/api/v4/member/payBalance', {
      method: 'POST',
      body: { idempotencyKey },
    })
  const idCard = async (id: number) =>
    (await member.json<{ name: string; planName: string }>('/api/v4/member/idCard/' + id)).body

  it('pays the balance with the card on file once for a double submit with the same key; then there is nothing to pay (409)', async () => {
    const balance = demoMember.balanceCents!
    expect(balance).toBeGreaterThan(0)
    const before = await receipts()
    const answers = await Promise.all([payBalance('balance-0001-abcdef'), payBalance('balance-0001-abcdef')])
    // The second of a double submit gets the first one's answer, or 409 while it still runs.
    expect(answers.map((answer) => answer.status).every((status) => status === 200 || status === 409)).toBe(true)
    const done = answers.find((answer) => answer.status === 200)!
    expect(done.body).toMatchObject({
      balanceCents: 0,
      receipt: { amountCents: balance, description: 'Balance payment', cardLast4: demoMember.card!.last4 },
    })
    // One receipt, seen through the receipts path; a replay of the key answers the same.
    const after = await receipts()
    expect(after).toHaveLength(before.length + 1)
    expect(after.filter((receipt) => !before.some((earlier) => earlier.id === receipt.id))).toEqual([done.body.receipt])
    expect(await payBalance('balance-0001-abcdef')).toMatchObject({ status: 200, body: done.body })
    expect((await member.json('/api/v4/member/balance')).body).toMatchObject({ balanceCents: 0 })
    expect((await info()).balanceCents).toBe(0)
    expect(await payBalance('balance-0002-abcdef')).toMatchObject({
      status: 409,
      body: { message: 'You have no balance to pay.' },
    })
    expect(await receipts()).toHaveLength(before.length + 1)
    expect(
      (
        await server
          .client()
          .json('/api/v4/member/payBalance', { method: 'POST', body: { idempotencyKey: 'balance-0003-abcdef' } })
      ).status,
    ).toBe(401)
  })

  it('leaves the balance when the card on file is declined; the same key pays once a good card is on file', async () => {
    const balance = demoMember.balanceCents!
    const before = await receipts()
    // The sandbox's card fields tokenize its declining test cards (as a real processor's test mode does): the charge is refused.
    for (const [number, message] of [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ] as const) {
      const onFile = await member.json<MemberInfo>('/api/v4/member/updateBilling', {
        method: 'POST',
        body: { cardToken: cardToken(number) },
      })
      expect(onFile.body.paymentMethod).toMatchObject({ last4: number.slice(-4) })
      expect(await payBalance('balance-0004-abcdef')).toMatchObject({
        status: 422,
        body: { message, issues: [{ path: ['body', 'card'] }] },
      })
      expect((await member.json('/api/v4/member/balance')).body).toMatchObject({ balanceCents: balance })
      expect(await receipts()).toHaveLength(before.length)
    }
    // A refused attempt releases its key: the visitor retries the same payment with another card.
    await member.json('/api/v4/member/updateBilling', { method: 'POST', body: { cardToken: cardToken(GOOD_CARD) } })
    expect(await payBalance('balance-0004-abcdef')).toMatchObject({
      status: 200,
      body: { balanceCents: 0, receipt: { amountCents: balance, cardLast4: '4242' } },
    })
    expect(await receipts()).toHaveLength(before.length + 1)
  })

  it('adds a dependent on a plan of their own: listed with it, priced per member, on their ID card; edited back onto the member’s plan', async () => {
    expect(memberOffice.planIds).toContain(premier.id)
    const start = await info()
    expect(start.subscription).toMatchObject({
      planName: memberPlan.name,
      priceCents: memberPlan.monthlyPriceCents * membersCount,
    })
    const child = { firstName: 'Mo', lastName: 'Rivera', dateOfBirth: '2019-06-01', relationship: 'child' }
    const added = await addDependent<Dependent>(member, { ...child, planId: premier.id })
    expect(added).toMatchObject({ status: 201, body: { ...child, planId: premier.id } })
    const id = added.body.id
    const listed = (await member.json<{ dependents: Dependent[] }>('/api/v4/member/dependents')).body.dependents
    expect(listed.map((dependent) => [dependent.firstName, dependent.planId])).toEqual([
      ...start.dependents.map((dependent) => [dependent.firstName, null]),
      ['Mo', premier.id],
    ])
    // The membership stays on the member's plan; its price adds the dependent's plan's monthly price.
    const withOwn = await info()
    expect(withOwn.subscription).toMatchObject({
      planId: memberPlan.id,
      planName: memberPlan.name,
      priceCents: start.subscription!.priceCents + premier.monthlyPriceCents,
    })
    expect((await member.json('/api/v4/member/balance')).body).toMatchObject({
      nextChargeCents: withOwn.subscription!.priceCents,
    })
    expect(await idCard(id)).toMatchObject({ name: 'Mo Rivera', planName: premier.name })
    expect(await idCard(start.dependents[0]!.id)).toMatchObject({ planName: memberPlan.name })
    expect(await idCard(start.id)).toMatchObject({ planName: memberPlan.name })
    // A renewal charges the price the membership shows.
    const renewed = await member.json<z.infer<typeof paymentResultSchema>>('/api/v4/member/renewSubscription', {
      method: 'POST',
      body: { idempotencyKey: 'renew-0002-abcdef' },
    })
    expect(renewed.body.receipt.amountCents).toBe(withOwn.subscription!.priceCents)
    // Edited without a plan, the dependent is on the member's plan again.
    expect(await updateDependent<Dependent>(member, id, child)).toMatchObject({
      status: 200,
      body: { id, planId: null },
    })
    expect((await info()).subscription!.priceCents).toBe(memberPlan.monthlyPriceCents * (membersCount + 1))
    expect(await idCard(id)).toMatchObject({ planName: memberPlan.name })
  })

  it('refuses a dependent’s plan the member’s office does not offer (422 at body.planId); lists the plans it does offer', async () => {
    const office = demo.offices.find(
      (candidate) => candidate.planIds.includes(family.id) && !candidate.planIds.includes(premier.id),
    )!
    const account = {
      email: 'mission@demo.test',
      password: 'Harbor-Grin-Pass-4!',
      firstName: 'Noor',
      lastName: 'Haddad',
    }
    expect((await server.client().json('/api/v4/member/signup', { method: 'POST', body: account })).status).toBe(201)
    const buyer = await server.client().login(account)
    await buyer.json('/api/v4/member/updateBilling', { method: 'POST', body: { cardToken: cardToken(GOOD_CARD) } })
    const bought = await buyer.json<z.infer<typeof paymentResultSchema>>('/api/v4/member/purchaseSubscription', {
      method: 'POST',
      body: {
        planId: family.id,
        officeId: office.id,
        billingCycle: 'monthly',
        idempotencyKey: 'order-0010-abcdef',
        autoRenewalConsent: true,
      },
    })
    expect(bought.body.subscription).toMatchObject({ planId: family.id, officeId: office.id })
    const offered = demo.plans
      .filter((plan) => office.planIds.includes(plan.id))
      .sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents)
    expect((await buyer.json<{ plans: Plan[] }>('/api/v4/member/plans')).body.plans.map((plan) => plan.id)).toEqual(
      offered.map((plan) => plan.id),
    )

    const child = { firstName: 'Zara', lastName: 'Haddad', dateOfBirth: '2017-03-03', relationship: 'child' }
    const otherTenantsPlan = demoData[otherTenant.groupKey]!.plans[0]!.id
    for (const planId of [premier.id, otherTenantsPlan, 999_999]) {
      expect(
        await buyer.json('/api/v4/member/dependents', { method: 'POST', body: { ...child, planId } }),
      ).toMatchObject({ status: 422, body: { issues: [{ path: ['body', 'planId'] }] } })
    }
    expect((await buyer.json<{ dependents: Dependent[] }>('/api/v4/member/dependents')).body.dependents).toEqual([])
    const added = await addDependent<Dependent>(buyer, child)
    expect(added).toMatchObject({ status: 201, body: { planId: null } })
    expect(
      await buyer.json('/api/v4/member/dependents/' + added.body.id, {
        method: 'PUT',
        body: { ...child, planId: premier.id },
      }),
    ).toMatchObject({ status: 422, body: { issues: [{ path: ['body', 'planId'] }] } })
    expect((await info(buyer)).dependents).toMatchObject([{ id: added.body.id, planId: null }])
    expect(await buyer.json('/api/v4/member/switch/' + premier.id)).toMatchObject({
      status: 409,
      body: { message: `Your office does not offer the ${premier.name} plan. Choose another office first.` },
    })
  })

  it('refuses family members before a membership (409: join first); they join with it, on plans its office offers', async () => {
    const office = demo.offices.find(
      (candidate) => candidate.planIds.includes(family.id) && !candidate.planIds.includes(premier.id),
    )!
    const account = { email: 'early@demo.test', password: 'Harbor-Grin-Pass-5!', firstName: 'Ines', lastName: 'Paz' }
    await server.client().json('/api/v4/member/signup', { method: 'POST', body: account })
    const buyer = await server.client().login(account)
    await buyer.json('/api/v4/member/updateBilling', { method: 'POST', body: { cardToken: cardToken(GOOD_CARD) } })
    const child = { firstName: 'Zoe', lastName: 'Paz', dateOfBirth: '2015-07-07', relationship: 'child' }
    // What the member reads: the family comes with the membership, from the dashboard.
    expect(
      await buyer.json('/api/v4/member/dependents', { method: 'POST', body: { ...child, planId: premier.id } }),
    ).toMatchObject({
      status: 409,
      body: {
        message: 'You have no membership yet, so you cannot add family members. Join from your dashboard first.',
      },
    })
    const order = {
      planId: family.id,
      officeId: office.id,
      billingCycle: 'monthly',
      newDependents: [{ ...child, planId: premier.id }],
      idempotencyKey: 'order-0011-abcdef',
      autoRenewalConsent: true,
    }
    expect(await buyer.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: order })).toMatchObject({
      status: 422,
      body: {
        message: `${office.name} does not offer the plan chosen for Zoe`,
        issues: [{ path: ['body', 'newDependents', 0, 'planId'], message: 'Choose a plan the office offers' }],
      },
    })
    expect((await info(buyer)).subscription).toBeNull()
    expect((await info(buyer)).dependents).toEqual([])
    expect(await receipts(buyer)).toEqual([])
    // At an office that offers it, the quote and the first charge are each member's price and the enrollment fee.
    const expected = family.monthlyPriceCents + premier.monthlyPriceCents + family.enrollmentFeeCents
    const { idempotencyKey: _key, autoRenewalConsent: _consent, ...quoted } = { ...order, officeId: memberOffice.id }
    expect(await buyer.json('/api/v4/member/purchaseQuote', { method: 'POST', body: quoted })).toMatchObject({
      status: 200,
      body: {
        totalCents: expected,
        lines: [
          { memberId: null, planId: family.id },
          { memberId: null, planId: premier.id },
        ],
      },
    })
    const bought = await buyer.json<z.infer<typeof paymentResultSchema>>('/api/v4/member/purchaseSubscription', {
      method: 'POST',
      body: { ...order, officeId: memberOffice.id },
    })
    expect(bought.status).toBe(201)
    expect(bought.body.receipt.amountCents).toBe(expected)
    expect(bought.body.subscription.priceCents).toBe(family.monthlyPriceCents + premier.monthlyPriceCents)
    expect((await info(buyer)).dependents).toMatchObject([{ firstName: 'Zoe', planId: premier.id }])
  })

  it('quotes a plan switch without changing anything; the switch then costs the quoted price', async () => {
    const offered = demo.plans
      .filter((plan) => memberOffice.planIds.includes(plan.id))
      .sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents)
    expect((await member.json<{ plans: Plan[] }>('/api/v4/member/plans')).body.plans.map((plan) => plan.id)).toEqual(
      offered.map((plan) => plan.id),
    )
    // One dependent on a plan of their own, who keeps it through the switch.
    const start = await info()
    const [onMemberPlan, onOwn] = start.dependents
    expect(membersCount).toBe(3)
    await updateDependent(member, onOwn!.id, {
      firstName: onOwn!.firstName,
      lastName: onOwn!.lastName,
      dateOfBirth: onOwn!.dateOfBirth,
      relationship: onOwn!.relationship,
      planId: essential.id,
    })
    const currentCents = memberPlan.monthlyPriceCents * 2 + essential.monthlyPriceCents
    expect((await info()).subscription!.priceCents).toBe(currentCents)

    const quote = await member.json<z.infer<typeof switchQuoteSchema>>('/api/v4/member/switch/' + premier.id)
    expect(quote).toMatchObject({
      status: 200,
      body: {
        planId: premier.id,
        planName: premier.name,
        billingCycle: 'monthly',
        currentCents,
        newCents: premier.monthlyPriceCents * 2 + essential.monthlyPriceCents,
      },
    })
    expect(quote.body.differenceCents).toBe(quote.body.newCents - quote.body.currentCents)
    expect(quote.body.differenceCents).toBe((premier.monthlyPriceCents - memberPlan.monthlyPriceCents) * 2)
    expect((await info()).subscription).toMatchObject({ planId: memberPlan.id, priceCents: currentCents })

    const switched = await switchPlan<Subscription>(member, premier.id)
    expect(switched).toMatchObject({
      status: 200,
      body: { planId: premier.id, planName: premier.name, priceCents: quote.body.newCents },
    })
    expect((await info()).subscription!.priceCents).toBe(quote.body.newCents)
    expect(await idCard(onMemberPlan!.id)).toMatchObject({ planName: premier.name })
    expect(await idCard(onOwn!.id)).toMatchObject({ planName: essential.name })

    // Back to the member's plan: a negative difference, to the cent.
    const back = await member.json<z.infer<typeof switchQuoteSchema>>('/api/v4/member/switch/' + memberPlan.id)
    expect(back.body).toMatchObject({
      currentCents: quote.body.newCents,
      newCents: currentCents,
      differenceCents: currentCents - quote.body.newCents,
    })
    expect(back.body.differenceCents).toBeLessThan(0)
    // A plan too small for the household, a plan that does not exist, and no session.
    expect(await member.json('/api/v4/member/switch/' + essential.id)).toMatchObject({
      status: 409,
      body: { message: `The ${essential.name} plan covers at most ${essential.maxDependents} dependents; you have 2.` },
    })
    expect((await member.json('/api/v4/member/switch/999999')).status).toBe(404)
    expect((await server.client().json('/api/v4/member/switch/' + premier.id)).status).toBe(401)
  })

  it('changes the email: shown in info and used to sign in; 409 at body.email when another account of the tenant has it', async () => {
    const taken = { email: 'taken@demo.test', password: 'Lantern-Grin-Pass-7!', firstName: 'Tam', lastName: 'Ode' }
    expect((await server.client().json('/api/v4/member/signup', { method: 'POST', body: taken })).status).toBe(201)
    const newEmail = 'jordan.rivera@example.test'
    const changed = await member.json<MemberInfo>('/api/v4/member/update', {
      method: 'POST',
      body: { email: '  Jordan.Rivera@Example.test ' },
    })
    expect(changed).toMatchObject({ status: 200, body: { email: newEmail, firstName: demoMember.firstName } })
    expect(await info()).toMatchObject({ email: newEmail })
    expect((await member.json('/api/auth')).body).toMatchObject({ isAuthenticated: true, email: newEmail })

    for (const email of [taken.email, taken.email.toUpperCase(), EDITOR.email]) {
      const refused = await member.json('/api/v4/member/update', {
        method: 'POST',
        body: { email, phone: '(212) 555-0199' },
      })
      expect(refused).toMatchObject({ status: 409, body: { issues: [{ path: ['body', 'email'] }] } })
    }
    // Nothing of a refused change is kept, not even the other fields sent with it.
    expect(await info()).toMatchObject({ email: newEmail, phone: demoMember.phone })

    // The new email signs in; the old one no longer does; the other account is untouched.
    expect((await server.client().json('/api/login', { method: 'POST', body: MEMBER })).status).toBe(401)
    const again = await server.client().login({ email: newEmail, password: MEMBER.password })
    expect(await info(again)).toMatchObject({ id: changed.body.id, email: newEmail })
    await server.client().login(taken)
    // Its own email again is no conflict, nor is the email of an account of another tenant.
    expect((await member.json('/api/v4/member/update', { method: 'POST', body: { email: newEmail } })).status).toBe(200)
    expect(
      await member.json('/api/v4/member/update', { method: 'POST', body: { email: OTHER_EDITOR.email } }),
    ).toMatchObject({ status: 200, body: { email: OTHER_EDITOR.email } })
  })
})
