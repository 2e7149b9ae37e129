import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { ACCOUNT_NOT_OPENED } from './checkout-routes.ts'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import type { MemberInfo } from '#schemas/api/members.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import {
  cardToken,
  DATABASES,
  defaultTenant,
  MEMBER,
  otherTenant,
  useTestServer,
  type TestClient,
} from '../../test-harness.ts'

const PLAN = { planId: 102, officeId: 1002, billingCycle: 'monthly', couponCode: 'SPRING' }
const ACCOUNT = {
  email: 'buyer@demo.test',
  password: 'Checkout-Pass-31!',
  firstName: 'Rae',
  lastName: 'Kim',
  phone: '415-555-0177',
  dateOfBirth: '1990-05-05',
  address: { line: '1 Valencia St', city: 'San Francisco', state: 'CA', zip: '94103' },
}
const CARD = '4242 4242 4242 4242'
const pay = (number = CARD) => ({ cardToken: cardToken(number, { zip: '94103' }), autoRenewalConsent: true })
const CHILD = { firstName: 'Kai', lastName: 'Kim', dateOfBirth: '2018-01-01', relationship: 'child' }

const naughty = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../tests/corpus/blns.json'), 'utf8'),
) as string[]

/** The demo data the server is seeded with: the tests compute the amounts from it. */
const demo = demoData[defaultTenant.groupKey]!
const planNamed = (name: string) => {
  const found = demo.plans.find((plan) => plan.name === name)
  if (!found) throw new Error(`The demo data has no ${name} plan`)
  return found
}
const [family, premier] = [planNamed('Family'), planNamed('Premier')]
/** An office that offers both plans, and one that offers the Family plan but not the Premier plan. */
const offersBoth = demo.offices.find(
  (office) => office.planIds.includes(family.id) && office.planIds.includes(premier.id),
)!
const familyOnly = demo.offices.find(
  (office) => office.planIds.includes(family.id) && !office.planIds.includes(premier.id),
)!

describe.each(DATABASES)('the checkout (%s)', (kind) => {
  const server = useTestServer(kind)

  async function start(): Promise<{
    client: TestClient
    call: <T = CheckoutState>(path: string, method?: string, body?: unknown) => Promise<{ status: number; body: T }>
  }> {
    const client = server.client()
    const { body } = await client.json<{ token: string }>('/api/km/checkout/temp_token', { method: 'POST' })
    const call = <T = CheckoutState>(path: string, method = 'GET', payload?: unknown) =>
      client.json<T>(`/api/km/checkout/${path}`, { method, body: payload, headers: { 'checkout-token': body.token } })
    return { client, call }
  }

  it('carries the token in an HttpOnly cookie for the site’s pages: the steps work with the cookie alone, and a new checkout replaces it', async () => {
    const client = server.client()
    const response = await client.request('/api/km/checkout/temp_token', { method: 'POST' })
    const { token, expiresAt } = (await response.json()) as { token: string; expiresAt: string }
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('checkout='))
    expect(cookie).toBeDefined()
    expect(cookie).toContain(`checkout=${token}`)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Lax/)
    expect(cookie).toMatch(/; Path=\//)
    expect(cookie).toContain(`Expires=${new Date(expiresAt).toUTCString()}`)
    expect(cookie).not.toMatch(/; Secure/)
    // No header: the cookie alone names the checkout.
    const chosen = await client.json<CheckoutState>('/api/km/checkout/member/plan', { method: 'PUT', body: PLAN })
    expect(chosen.status).toBe(200)
    expect(chosen.body.plan).toMatchObject({ planId: PLAN.planId, officeId: PLAN.officeId })
    expect((await client.json<CheckoutState>('/api/km/checkout/account')).body.step).toBe('plan')
    // A new checkout in the same browser replaces the cookie: the next read is the new, empty one.
    await client.json('/api/km/checkout/temp_token', { method: 'POST' })
    expect((await client.json<CheckoutState>('/api/km/checkout/account')).body).toMatchObject({
      step: 'started',
      plan: null,
    })
    // Without a cookie or a header: a clear 400.
    const stranger = await server.client().json<{ message: string }>('/api/km/checkout/account')
    expect(stranger).toMatchObject({
      status: 400,
      body: {
        message:
          'Start a checkout first (its token comes back in the checkout cookie, or send it in the checkout-token header)',
      },
    })
  })

  it('goes plan, account, members, payment; prices are recomputed on the server at each step', async () => {
    const { client, call } = await start()
    const plan = await call('member/plan', 'PUT', PLAN)
    expect(plan.body).toMatchObject({
      step: 'plan',
      price: { membersCount: 1, perMemberCents: 2995, enrollmentFeeCents: 1000, discountCents: 799, totalCents: 3196 },
    })
    const account = await call('account', 'POST', ACCOUNT)
    expect(account.body).toMatchObject({ step: 'account', account: { email: ACCOUNT.email, phone: '4155550177' } })
    expect(JSON.stringify(account.body)).not.toContain(ACCOUNT.password)
    const withChild = await call('member', 'POST', {
      firstName: 'Kai',
      lastName: 'Kim',
      dateOfBirth: '2018-01-01',
      relationship: 'child',
    })
    expect(withChild.body.price).toMatchObject({ membersCount: 2, totalCents: Math.round((2995 * 2 + 1000) * 0.8) })
    const memberId = withChild.body.members[0]!.id
    expect(
      (
        await call(`member/${memberId}`, 'PUT', {
          firstName: 'Kai',
          lastName: 'Kim-Lee',
          dateOfBirth: '2018-01-01',
          relationship: 'child',
        })
      ).body.members[0]!.lastName,
    ).toBe('Kim-Lee')
    // A reload (or a second tab) loses nothing: the state is on the server.
    expect((await call('account')).body).toMatchObject({ step: 'account', members: [{ lastName: 'Kim-Lee' }] })
    const paid = await call<{ receipt: { amountCents: number; cardLast4: string }; state: CheckoutState }>(
      'payment',
      'POST',
      pay(),
    )
    expect(paid.status).toBe(201)
    expect(paid.body.receipt).toMatchObject({ amountCents: 5592, cardLast4: '4242' })
    expect(paid.body.state).toMatchObject({ step: 'completed' })
    // The new member is signed in and sees the membership.
    expect((await client.json('/api/v4/member/info')).body).toMatchObject({
      email: ACCOUNT.email,
      // The renewal keeps the coupon while it is valid: 2 × 29.95 less 20 % (SPRING runs to 2099).
      subscription: { planName: 'Family', status: 'active', priceCents: 4792 },
      dependents: [{ firstName: 'Kai' }],
    })
    expect(
      await call('member', 'POST', {
        firstName: 'Late',
        lastName: 'Kim',
        dateOfBirth: '2020-01-01',
        relationship: 'child',
      }),
    ).toMatchObject({ status: 409, body: { message: 'This checkout is complete. Start a new one to buy again.' } })
  })

  it('refuses steps out of order', async () => {
    const { call } = await start()
    expect(await call('account', 'POST', { ...ACCOUNT, email: 'early@demo.test' })).toMatchObject({
      status: 409,
      body: { message: 'Choose a plan first' },
    })
    expect(await call('payment', 'POST', pay())).toMatchObject({
      status: 409,
      body: { message: 'Choose a plan and enter your details before paying' },
    })
    await call('member/plan', 'PUT', PLAN)
    expect(
      await call('member', 'POST', {
        firstName: 'Kai',
        lastName: 'Kim',
        dateOfBirth: '2018-01-01',
        relationship: 'child',
      }),
    ).toMatchObject({ status: 409, body: { message: 'Enter your own details first' } })
  })

  it('charges once for a double submit: one key per order, whatever tab or card token sends it', async () => {
    const { call } = await start()
    await call('member/plan', 'PUT', { planId: 101, officeId: 1003, billingCycle: 'annual' })
    await call('account', 'POST', { ...ACCOUNT, email: 'double@demo.test' })
    const body = pay()
    // Two tabs submitting at once, each with its own token of the card: one charge.
    const answers = await Promise.all([
      call<{ receipt: { amountCents: number } }>('payment', 'POST', body),
      call<{ receipt: { amountCents: number } }>('payment', 'POST', pay()),
    ])
    const done = answers.filter((answer) => answer.status === 201)
    expect(done.length).toBeGreaterThanOrEqual(1)
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true)
    expect(done[0]!.body.receipt.amountCents).toBe(14900 + 1000)
    const replay = await call<{ receipt: { amountCents: number } }>('payment', 'POST', body)
    expect(replay.body).toEqual(done[0]!.body)
    const receipts = await server.deps.db.query(
      "SELECT r.id FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email = 'double@demo.test'",
    )
    expect(receipts).toHaveLength(1)
  })

  it('refuses the payment without the separate consent to the automatic renewal terms (422 at body.autoRenewalConsent, nothing charged); with it, records when and the exact terms shown, which the confirmation repeats', async () => {
    const { call } = await start()
    await call('member/plan', 'PUT', { planId: 101, officeId: 1003, billingCycle: 'monthly' })
    await call('account', 'POST', { ...ACCOUNT, email: 'consent@demo.test' })
    const refusal = { message: expect.stringMatching(/Agree to the automatic renewal terms/) as unknown }
    for (const body of [{ cardToken: pay().cardToken }, { ...pay(), autoRenewalConsent: false }])
      expect(await call('payment', 'POST', body)).toMatchObject({
        status: 422,
        body: {
          ...refusal,
          issues: [
            {
              path: ['body', 'autoRenewalConsent'],
              message: 'Agree to the automatic renewal terms (their own box, apart from the Terms of Service) to pay.',
            },
          ],
        },
      })
    expect((await call('account')).body).toMatchObject({ step: 'account' })
    expect(
      await server.deps.db.query('SELECT 1 FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email = $1', [
        'consent@demo.test',
      ]),
    ).toEqual([])

    const before = server.deps.now()
    expect((await call('payment', 'POST', pay())).status).toBe(201)
    const consent = await one(
      server.deps.db,
      z.object({ renewal_consent_at: z.coerce.date(), renewal_consent_text: z.string() }),
      `SELECT s.renewal_consent_at, s.renewal_consent_text FROM subscriptions s JOIN users u ON u.id = s.member_id
        WHERE u.email = $1`,
      ['consent@demo.test'],
    )
    const text = consent.renewal_consent_text
    // The terms as the payment step fills them: the renewal price and cycle, the policy's refund window.
    expect(text).toMatch(/^Your membership renews automatically every month at \$14\.95 until you cancel, starting /)
    expect(text).toContain('If you cancel within 30 days of a payment')
    expect(text).not.toMatch(/\{[a-z_.]+\}/)
    expect(consent.renewal_consent_at.getTime()).toBeGreaterThanOrEqual(before.getTime())
    const [confirmation] = (await outbox(server.deps.db, defaultTenant.groupKey, 200)).filter(
      (mail) => mail.recipient === 'consent@demo.test' && mail.subject.startsWith('Welcome'),
    )
    expect(confirmation?.body).toContain(`Automatic renewal and how to cancel:\n${text}`)
  })

  it('answers the account step alike for a new and an existing email; the payment refuses an existing one before any charge, its owner is mailed in fixed words, and another address then pays', async () => {
    const [known, fresh] = [await start(), await start()]
    for (const { call } of [known, fresh]) await call('member/plan', 'PUT', { ...PLAN, couponCode: undefined })
    const mailsBefore = (await outbox(server.deps.db, defaultTenant.groupKey)).length
    const answers = [
      await known.call('account', 'POST', { ...ACCOUNT, email: MEMBER.email }),
      await fresh.call('account', 'POST', { ...ACCOUNT, email: 'fresh-buyer@demo.test' }),
    ]
    // Each checkout has its own order key; the rest, the address aside, is the same.
    const withoutEmail = ({ status, body }: { status: number; body: CheckoutState }) => ({
      status,
      body: { ...body, orderId: '', account: { ...body.account, email: '' } },
    })
    expect(withoutEmail(answers[0]!)).toEqual(withoutEmail(answers[1]!))
    expect((await outbox(server.deps.db, defaultTenant.groupKey)).length).toBe(mailsBefore)

    const charge = vi.spyOn(server.deps.payments, 'charge')
    try {
      const refused = await known.call('payment', 'POST', pay())
      expect(refused).toMatchObject({
        status: 409,
        body: { message: ACCOUNT_NOT_OPENED, issues: [{ path: ['account', 'email'] }] },
      })
      expect(charge).not.toHaveBeenCalled()
    } finally {
      charge.mockRestore()
    }
    const [mail] = (await outbox(server.deps.db, defaultTenant.groupKey)).filter(
      (candidate) => candidate.recipient === MEMBER.email,
    )
    expect(mail!.subject).toBe(`Someone tried to join ${defaultTenant.companyName} with your email`)
    expect(mail!.body).toContain('Nothing was charged, and your account is unchanged.')
    expect(mail!.body).toContain(`${defaultTenant.publicUrl}/member-login`)
    for (const typed of [ACCOUNT.firstName, ACCOUNT.lastName, ACCOUNT.address.line])
      expect(mail!.body).not.toContain(typed)
    // The buyer is not stuck: another address, and the same checkout pays.
    expect((await known.call('account', 'POST', { ...ACCOUNT, email: 'second-address@demo.test' })).status).toBe(200)
    expect((await known.call('payment', 'POST', pay())).status).toBe(201)
  })

  it('says what is wrong: a declined card, a coupon, a plan the office does not offer', async () => {
    const { call } = await start()
    expect(await call('member/plan', 'PUT', { ...PLAN, couponCode: 'WINTER2020' })).toMatchObject({
      status: 422,
      body: { message: 'This coupon expired on 2020-12-31.', issues: [{ path: ['body', 'couponCode'] }] },
    })
    expect(await call('member/plan', 'PUT', { planId: 101, officeId: 1004, billingCycle: 'monthly' })).toMatchObject({
      status: 422,
      body: { message: 'Congress Avenue Dental Care does not offer the Essential plan' },
    })
    await call('member/plan', 'PUT', { planId: 101, officeId: 1001, billingCycle: 'monthly' })
    await call('account', 'POST', { ...ACCOUNT, email: 'declined@demo.test' })
    expect(
      await call('member', 'POST', {
        firstName: 'Kai',
        lastName: 'Kim',
        dateOfBirth: '2018-01-01',
        relationship: 'child',
      }),
    ).toMatchObject({ status: 409, body: { message: 'The Essential plan covers at most 0 dependents.' } })
    expect(await call('payment', 'POST', pay('4000000000000002'))).toMatchObject({
      status: 422,
      body: { message: 'Your card was declined.' },
    })
    expect(await call('payment', 'POST', pay('4000000000000119'))).toMatchObject({
      status: 500,
      body: { message: 'The payment could not be processed. Nothing was charged; please try again.' },
    })
    // Nothing was created; a good card then succeeds.
    expect((await call('account')).body.step).toBe('account')
    expect((await call('payment', 'POST', pay())).status).toBe(201)
  })

  it('prices a dependent on a plan of their own at exactly that plan’s price; the membership keeps the plan', async () => {
    const { client, call } = await start()
    await call('member/plan', 'PUT', { planId: family.id, officeId: offersBoth.id, billingCycle: 'monthly' })
    await call('account', 'POST', { ...ACCOUNT, email: 'own-plan@demo.test' })
    const onFamily = await call('member', 'POST', CHILD)
    expect(onFamily.body.price).toMatchObject({
      membersCount: 2,
      totalCents: family.monthlyPriceCents * 2 + family.enrollmentFeeCents,
    })
    const withOwn = await call('member', 'POST', { ...CHILD, firstName: 'Lu', planId: premier.id })
    expect(withOwn.status).toBe(201)
    const [kai, lu] = withOwn.body.members
    expect(lu).toMatchObject({ firstName: 'Lu', planId: premier.id })
    expect(withOwn.body.price!.totalCents - onFamily.body.price!.totalCents).toBe(premier.monthlyPriceCents)
    expect(withOwn.body.price!.lines).toEqual([
      { memberId: null, planId: family.id, planName: family.name, amountCents: family.monthlyPriceCents },
      { memberId: kai!.id, planId: family.id, planName: family.name, amountCents: family.monthlyPriceCents },
      { memberId: lu!.id, planId: premier.id, planName: premier.name, amountCents: premier.monthlyPriceCents },
    ])
    // Edited onto the member's plan and back: the total follows, to the cent.
    const edited = await call(`member/${lu!.id}`, 'PUT', { ...CHILD, firstName: 'Lu' })
    expect(edited.body.price!.totalCents).toBe(onFamily.body.price!.totalCents + family.monthlyPriceCents)
    await call(`member/${lu!.id}`, 'PUT', { ...CHILD, firstName: 'Lu', planId: premier.id })
    // Annual billing: each member at their plan's annual price.
    const annual = await call('member/plan', 'PUT', {
      planId: family.id,
      officeId: offersBoth.id,
      billingCycle: 'annual',
    })
    const total = family.annualPriceCents * 2 + premier.annualPriceCents + family.enrollmentFeeCents
    expect(annual.body.price!.totalCents).toBe(total)
    // A reload keeps each member's plan.
    expect((await call('account')).body.members.map((member) => member.planId)).toEqual([null, premier.id])

    const paid = await call<{ receipt: { amountCents: number } }>('payment', 'POST', pay())
    expect(paid.status).toBe(201)
    expect(paid.body.receipt.amountCents).toBe(total)
    // The membership keeps Lu's plan: listed with it, priced with it (no enrollment fee now), on Lu's ID card.
    const info = (await client.json<MemberInfo>('/api/v4/member/info')).body
    expect(info.dependents.map((dependent) => [dependent.firstName, dependent.planId])).toEqual([
      ['Kai', null],
      ['Lu', premier.id],
    ])
    expect(info.subscription).toMatchObject({
      planName: family.name,
      billingCycle: 'annual',
      priceCents: family.annualPriceCents * 2 + premier.annualPriceCents,
    })
    expect((await client.json('/api/v4/member/idCard/' + info.dependents[1]!.id)).body).toMatchObject({
      name: 'Lu Kim',
      planName: premier.name,
    })
  })

  it('refuses a dependent’s plan the office does not offer (422 at body.planId)', async () => {
    const { call } = await start()
    const chosen = await call('member/plan', 'PUT', {
      planId: family.id,
      officeId: familyOnly.id,
      billingCycle: 'monthly',
    })
    await call('account', 'POST', { ...ACCOUNT, email: 'not-offered@demo.test' })
    const otherTenantsPlan = demoData[otherTenant.groupKey]!.plans[0]!.id
    for (const planId of [premier.id, otherTenantsPlan, 999_999]) {
      expect(await call('member', 'POST', { ...CHILD, planId })).toMatchObject({
        status: 422,
        body: { issues: [{ path: ['body', 'planId'] }] },
      })
    }
    expect((await call('account')).body).toMatchObject({ members: [], price: chosen.body.price })
    const added = await call('member', 'POST', CHILD)
    const kai = added.body.members[0]!
    expect(await call(`member/${kai.id}`, 'PUT', { ...CHILD, planId: premier.id })).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'planId'] }] },
    })
    expect((await call('account')).body).toMatchObject({
      members: [{ id: kai.id, planId: null }],
      price: { totalCents: added.body.price!.totalCents },
    })
  })

  it('refuses moving the checkout to an office that does not offer a dependent’s own plan', async () => {
    const { call } = await start()
    await call('member/plan', 'PUT', { planId: family.id, officeId: offersBoth.id, billingCycle: 'monthly' })
    await call('account', 'POST', { ...ACCOUNT, email: 'moving@demo.test' })
    const withOwn = await call('member', 'POST', { ...CHILD, planId: premier.id })
    const moved = await call('member/plan', 'PUT', {
      planId: family.id,
      officeId: familyOnly.id,
      billingCycle: 'monthly',
    })
    expect(moved).toMatchObject({
      status: 409,
      body: {
        message: `${familyOnly.name} does not offer the ${premier.name} plan Kai is on. Change Kai’s plan first.`,
      },
    })
    expect((await call('account')).body).toMatchObject({
      plan: { officeId: offersBoth.id },
      price: { totalCents: withOwn.body.price!.totalCents },
    })
  })

  it('takes every naughty string in every text field of the journey: kept exactly as the schema trimmed it and shown back, or a 422 at that field; never a 500', async () => {
    const { call } = await start()
    await call('member/plan', 'PUT', { planId: family.id, officeId: offersBoth.id, billingCycle: 'monthly' })
    expect((await call('account', 'POST', { ...ACCOUNT, email: 'naughty-buyer@demo.test' })).status).toBe(200)
    const fields = [['firstName'], ['lastName'], ['address', 'line'], ['address', 'city']] as const
    const at = (value: unknown, keys: readonly string[]) =>
      keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value)
    let kept = 0
    for (const text of [...naughty, 'a NUL \u0000 inside']) {
      const label = JSON.stringify(text)
      // The account: every text field at once; the password chosen before is kept.
      const account = {
        ...ACCOUNT,
        email: 'naughty-buyer@demo.test',
        password: '',
        firstName: text,
        lastName: text,
        address: { ...ACCOUNT.address, line: text, city: text },
      }
      const answer = await call<CheckoutState & { issues?: { path: string[] }[] }>('account', 'POST', account)
      expect([200, 422], label).toContain(answer.status)
      if (answer.status === 200) {
        kept += 1
        const state = (await call('account')).body
        for (const field of fields) expect(at(state.account, field), `${label} at ${field.join('.')}`).toBe(text.trim())
      } else {
        for (const issue of answer.body.issues ?? [])
          expect(
            fields.map((field) => ['body', ...field].join('.')),
            label,
          ).toContain(issue.path.join('.'))
      }
      // A family member's names.
      const added = await call('member', 'POST', { ...CHILD, firstName: text, lastName: text })
      expect([201, 422], label).toContain(added.status)
      if (added.status === 201) {
        const member = added.body.members.at(-1)!
        expect([member.firstName, member.lastName], label).toEqual([text.trim(), text.trim()])
        expect((await call(`member/${member.id}`, 'DELETE')).status).toBe(200)
      }
      // A coupon code: unknown (a message at the field) or too long, never a 500.
      const coupon = await call<{ issues?: { path: string[]; message: string }[] }>('member/plan', 'PUT', {
        planId: family.id,
        officeId: offersBoth.id,
        billingCycle: 'monthly',
        couponCode: text,
      })
      expect([200, 422], label).toContain(coupon.status)
      if (coupon.status === 422) expect(coupon.body.issues?.[0]?.path, label).toEqual(['body', 'couponCode'])
    }
    expect(kept).toBeGreaterThan(naughty.length * 0.8)
  }, 240_000)

  it('refuses requests without a valid checkout token', async () => {
    const client = server.client()
    expect(await client.json('/api/km/checkout/account')).toMatchObject({ status: 400 })
    expect(
      await client.json('/api/km/checkout/account', { headers: { 'checkout-token': 'forged-token-value' } }),
    ).toMatchObject({ status: 404, body: { message: 'This checkout has expired. Start again.' } })
  })
})
