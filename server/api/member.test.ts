import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MemberInfo } from '#schemas/api/member.ts'
import { many } from '../db/database.ts'
import { DATABASES, EDITOR, MEMBER, otherTenant, startTestServer, type TestClient, type TestServer } from '../test-harness.ts'

const SECOND_MEMBER = { email: 'second@demo.test', password: 'Lee-Dental-Pass-9!', firstName: 'Lee', lastName: 'Ng' }

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
    expect(body).toMatchObject({ email: MEMBER.email, firstName: 'Jordan', balanceCents: 2995, subscription: { planName: 'Family', status: 'active', billingCycle: 'monthly', priceCents: 2995 * 3 }, paymentMethod: { brand: 'Visa', last4: '4242' } })
    expect(body.dependents.map((dependent) => dependent.firstName)).toEqual(['Sam', 'Ava'])
    expect((await member.json('/api/v4/member/balance')).body).toEqual({ balanceCents: 2995, nextChargeCents: 8985, nextChargeAt: body.subscription!.renewsAt })
  })

  it('refuses the anonymous (401) and content managers (403)', async () => {
    expect((await server.client().json('/api/v4/member/info')).status).toBe(401)
    const editor = await server.client().login(EDITOR)
    expect(await editor.json('/api/v4/member/info')).toMatchObject({ status: 403, body: { message: 'Only members may do this' } })
  })

  it('updates the member’s details and explains each invalid field', async () => {
    const updated = await member.json<MemberInfo>('/api/v4/member/update', { method: 'POST', body: { phone: '(310) 555-0100', address: { line: '1 Main St', city: 'Los Angeles', state: 'CA', zip: '90012' } } })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ phone: '3105550100', address: { city: 'Los Angeles', zip: '90012' }, firstName: 'Jordan' })
    const invalid = await member.json('/api/v4/member/update', { method: 'POST', body: { phone: '555', address: { line: '', city: 'X', state: 'California', zip: '9001' } } })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toMatchObject({
      issues: [
        { path: ['body', 'phone'], message: 'Enter a ten-digit phone number' },
        { path: ['body', 'address', 'line'], message: 'Required' },
        { path: ['body', 'address', 'state'], message: 'Use the two-letter state code' },
        { path: ['body', 'address', 'zip'], message: 'Enter a five-digit ZIP code' },
      ],
    })
    expect((await member.json('/api/v4/member/update', { method: 'POST', body: {} })).body).toMatchObject({ message: 'Validation error: Send at least one field to change' })
  })

  it('turns automatic renewal off and on', async () => {
    expect((await member.json('/api/v4/member/autoRenew', { method: 'POST', body: { autoRenew: false } })).body).toMatchObject({ autoRenew: false })
    expect((await member.json('/api/v4/member/balance')).body).toMatchObject({ nextChargeCents: null })
    expect((await member.json('/api/v4/member/autoRenew', { method: 'POST', body: { autoRenew: true } })).body).toMatchObject({ autoRenew: true })
  })

  it('lists the offices that accept the member’s plan', async () => {
    const { body } = await member.json<{ locations: { id: number }[] }>('/api/v4/member/locations')
    expect(body.locations.map((office) => office.id).sort()).toEqual([1001, 1002, 1003, 1004, 1005, 1006])
  })

  it('replaces the card: the processor gets the number, the database only a token and the last four digits', async () => {
    const card = { number: '5555 5555 5555 4444', expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' }
    const { status, body } = await member.json<MemberInfo>('/api/v4/member/updateBilling', { method: 'POST', body: { card } })
    expect(status).toBe(200)
    expect(body.paymentMethod).toEqual({ brand: 'Mastercard', last4: '4444', expMonth: 12, expYear: 2030 })
    const dump = JSON.stringify(await server.deps.db.query('SELECT * FROM payment_methods'))
    expect(dump).not.toContain('5555555555554444')
    expect(dump).toContain('tok_sandbox_')
    const expired = await member.json('/api/v4/member/updateBilling', { method: 'POST', body: { card: { ...card, expYear: 2020 } } })
    expect(expired).toMatchObject({ status: 422, body: { message: 'The card has expired.' } })
    const bad = await member.json('/api/v4/member/updateBilling', { method: 'POST', body: { card: { ...card, number: '4242424242424241' } } })
    expect(bad).toMatchObject({ status: 422, body: { message: 'The card number is not valid.' } })
  })

  it('shows the ID card of the member and of their dependents, and refuses another member’s dependent', async () => {
    const info = (await member.json<MemberInfo>('/api/v4/member/info')).body
    const own = await member.json('/api/v4/member/idCard/' + info.id)
    expect(own.body).toMatchObject({ memberNumber: info.memberNumber, name: 'Jordan Rivera', relationship: 'member', planName: 'Family', officeName: 'Beverly Hills Family Dentistry' })
    const child = await member.json('/api/v4/member/idCard/' + info.dependents[1]!.id)
    expect(child.body).toMatchObject({ name: 'Ava Rivera', relationship: 'child', memberNumber: `${info.memberNumber}-02` })
    expect((await second.json('/api/v4/member/idCard/' + info.dependents[0]!.id)).status).toBe(409)
    const anotherMembersDependent = await member.json('/api/v4/member/idCard/999999')
    expect(anotherMembersDependent.status).toBe(404)
  })

  it('shows a receipt only to its member (403 otherwise)', async () => {
    const { body } = await member.json<{ receipts: { id: number; amountCents: number }[] }>('/api/v4/member/receipts')
    expect(body.receipts.length).toBeGreaterThanOrEqual(3)
    const receipt = body.receipts[0]!
    expect((await member.json('/api/v4/member/receipt/' + receipt.id)).body).toMatchObject({ id: receipt.id, amountCents: receipt.amountCents })
    expect(await second.json('/api/v4/member/receipt/' + receipt.id)).toMatchObject({ status: 403, body: { message: 'This receipt is not yours' } })
    expect((await member.json('/api/v4/member/receipt/abc')).status).toBe(422)
  })

  it('manages dependents: add, change, remove; only its own (403 otherwise)', async () => {
    const added = await member.json<{ id: number }>('/api/v4/member/dependents', { method: 'POST', body: { firstName: 'Mo', lastName: 'Rivera', dateOfBirth: '2019-06-01', relationship: 'child' } })
    expect(added.status).toBe(201)
    const id = added.body.id
    expect((await member.json('/api/v4/member/dependents/' + id, { method: 'PUT', body: { firstName: 'Moe', lastName: 'Rivera', dateOfBirth: '2019-06-01', relationship: 'child' } })).body).toMatchObject({ id, firstName: 'Moe' })
    expect(await second.json('/api/v4/member/dependents/' + id, { method: 'PUT', body: { firstName: 'X', lastName: 'Y', dateOfBirth: '2019-06-01', relationship: 'child' } })).toMatchObject({ status: 403 })
    expect((await second.json('/api/v4/member/dependents/' + id, { method: 'DELETE' })).status).toBe(403)
    expect((await member.json('/api/v4/member/dependents/' + id, { method: 'DELETE' })).status).toBe(200)
    expect((await member.json<{ dependents: unknown[] }>('/api/v4/member/dependents')).body.dependents).toHaveLength(2)
    const invalid = await member.json('/api/v4/member/dependents', { method: 'POST', body: { firstName: '', lastName: 'R', dateOfBirth: '06/01/2019', relationship: 'cousin' } })
    expect(invalid.status).toBe(422)
  })

  it('switches plans within the plan’s dependent limit', async () => {
    expect(await member.json('/api/v4/member/switch/101', { method: 'POST' })).toMatchObject({ status: 409, body: { message: 'The Essential plan covers at most 0 dependents; you have 2.' } })
    expect((await member.json('/api/v4/member/switch/103', { method: 'POST' })).body).toMatchObject({ planName: 'Premier', priceCents: 3995 * 3 })
    expect((await member.json('/api/v4/member/switch/201', { method: 'POST' })).status).toBe(404)
    await member.json('/api/v4/member/switch/102', { method: 'POST' })
  })

  it('buys a membership once per idempotency key: a double submit charges once', async () => {
    const card = { number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '123', zip: '10011' }
    await second.json('/api/v4/member/updateBilling', { method: 'POST', body: { card } })
    const order = { planId: 101, officeId: 1003, billingCycle: 'annual', couponCode: 'SPRING', idempotencyKey: 'order-0001-abcdef' }
    const [first, again] = await Promise.all([
      second.json<{ receipt: { id: number; amountCents: number } }>('/api/v4/member/purchaseSubscription', { method: 'POST', body: order }),
      second.json<{ receipt: { id: number; amountCents: number } }>('/api/v4/member/purchaseSubscription', { method: 'POST', body: order }),
    ])
    const done = [first, again].find((answer) => answer.status === 201)!
    // Essential annual 149.00 + enrollment 10.00 = 159.00, less 20 % = 127.20: computed on the server.
    expect(done.body.receipt.amountCents).toBe(12720)
    const replay = await second.json<{ receipt: { id: number } }>('/api/v4/member/purchaseSubscription', { method: 'POST', body: order })
    expect(replay.body.receipt.id).toBe(done.body.receipt.id)
    const receipts = await many(server.deps.db, z.object({ n: z.number() }), "SELECT count(*)::int AS n FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email = $1", [SECOND_MEMBER.email])
    expect(receipts[0]!.n).toBe(1)
    expect((await second.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: { ...order, idempotencyKey: 'order-0002-abcdef' } })).body).toMatchObject({ message: 'You already have an active membership; switch plans instead' })
  })

  it('refuses an invalid coupon with its message, and a declined card without charging', async () => {
    const fresh = await server.client().json('/api/v4/member/signup', { method: 'POST', body: { ...SECOND_MEMBER, email: 'third@demo.test' } })
    expect(fresh.status).toBe(201)
    const third = await server.client().login({ email: 'third@demo.test', password: SECOND_MEMBER.password })
    const order = { planId: 101, officeId: 1003, billingCycle: 'monthly', idempotencyKey: 'order-0003-abcdef' }
    expect(await third.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: order })).toMatchObject({ status: 409, body: { message: 'Add a card in your billing details first.' } })
    await third.json('/api/v4/member/updateBilling', { method: 'POST', body: { card: { number: '4000000000000002', expMonth: 1, expYear: 2031, cvc: '123', zip: '10011' } } })
    expect(await third.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: { ...order, couponCode: 'WINTER2020' } })).toMatchObject({ status: 422, body: { message: 'This coupon expired on 2020-12-31.' } })
    expect(await third.json('/api/v4/member/purchaseSubscription', { method: 'POST', body: order })).toMatchObject({ status: 422, body: { message: 'Your card was declined.' } })
    expect((await third.json<MemberInfo>('/api/v4/member/info')).body.subscription).toBeNull()
  })

  it('renews the membership for another period with the card on file', async () => {
    const before = (await member.json<MemberInfo>('/api/v4/member/info')).body.subscription!
    const renewed = await member.json<{ subscription: { renewsAt: string }; receipt: { amountCents: number } }>('/api/v4/member/renewSubscription', { method: 'POST', body: { idempotencyKey: 'renew-0001-abcdef' } })
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
