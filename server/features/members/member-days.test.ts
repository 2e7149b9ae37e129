import { describe, expect, it } from 'vitest'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import type { idCardSchema, MemberInfo, Receipt } from '#schemas/api/members.ts'
import type { z } from '#schemas/engine/zod.ts'
import { tenants } from '#site-config/tenants.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { runDue, type JobsDeps } from '../registry.ts'
import { cardToken, DATABASES, defaultTenant, useTestServer } from '../../test-harness.ts'

/**
 * A member's days are their own (issue 40): a Californian who joins at 9:30 pm on 28 February is
 * shown 28 February, renews on the 28th at that hour (not the evening before the day they were
 * told), and every date they are shown or mailed is the day in California.
 */
type IdCard = z.output<typeof idCardSchema>
const at = (iso: string) => new Date(iso)
// 9:30 pm on 28 February 2027 in California (Pacific standard time): 1 March in UTC.
const JOINED = '2027-03-01T05:30:00Z'

describe.each(DATABASES)('a membership’s days are the member’s (%s)', (kind) => {
  let clock = at(JOINED)
  const server = useTestServer(kind, { now: () => clock })
  const deps = (): JobsDeps => ({ ...server.deps, tenants })

  async function join(email: string, state: string, zip: string) {
    const client = server.client()
    const { body } = await client.json<{ token: string }>('/api/km/checkout/temp_token', { method: 'POST' })
    const call = <T = CheckoutState>(path: string, method = 'GET', payload?: unknown) =>
      client.json<T>(`/api/km/checkout/${path}`, { method, body: payload, headers: { 'checkout-token': body.token } })
    await call('member/plan', 'PUT', { planId: 102, officeId: 1002, billingCycle: 'monthly' })
    const account = await call('account', 'POST', {
      email,
      password: 'Checkout-Pass-31!',
      firstName: 'Rae',
      lastName: 'Kim',
      phone: '415-555-0177',
      dateOfBirth: '1990-05-05',
      address: { line: '1 Main St', city: 'Town', state, zip },
    })
    expect(account.status).toBe(200)
    // The page shows the renewal date in the buyer's zone before they pay.
    const zone = account.body.price?.timeZone
    const paid = await call('payment', 'POST', {
      cardToken: cardToken('4242 4242 4242 4242', { zip }),
      autoRenewalConsent: true,
    })
    expect(paid.status).toBe(201)
    return { client, zone }
  }

  it('a Californian joining at 9:30 pm on 28 February: joined on the 28th, renews on 28 March at 9:30 pm there, and is told so', async () => {
    clock = at(JOINED)
    const { client, zone } = await join('night@days.test', 'CA', '94103')
    expect(zone).toBe('America/Los_Angeles')
    const info = (await client.json<MemberInfo>('/api/v4/member/info')).body
    expect(info.subscription).toMatchObject({
      timeZone: 'America/Los_Angeles',
      startedAt: '2027-03-01T05:30:00.000Z',
      // 9:30 pm on 28 March, Pacific daylight time.
      renewsAt: '2027-03-29T04:30:00.000Z',
    })
    const card = (await client.json<IdCard>(`/api/v4/member/idCard/${info.id}`)).body
    expect(card).toMatchObject({ effectiveDate: '2027-02-28', validThrough: '2027-03-28' })
    const [confirmation] = (await outbox(server.deps.db, defaultTenant.groupKey, 50)).filter(
      (mail) => mail.recipient === 'night@days.test',
    )
    expect(confirmation?.body).toContain('March 28, 2027')
    expect(confirmation?.body).not.toContain('April 1, 2027')

    // The evening of the 28th, before 9:30 pm: not renewed yet; after it, renewed, the receipt naming its period.
    clock = at('2027-03-29T04:00:00Z')
    await runDue(deps(), clock)
    await client.login({ email: 'night@days.test', password: 'Checkout-Pass-31!' })
    expect((await client.json<MemberInfo>('/api/v4/member/info')).body.subscription?.renewsAt).toBe(
      '2027-03-29T04:30:00.000Z',
    )
    clock = at('2027-03-29T04:31:00Z')
    await runDue(deps(), clock)
    await client.login({ email: 'night@days.test', password: 'Checkout-Pass-31!' })
    const renewed = (await client.json<MemberInfo>('/api/v4/member/info')).body.subscription
    expect(renewed?.renewsAt).toBe('2027-04-29T04:30:00.000Z')
    const receipts = (await client.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts
    expect(receipts.map((receipt) => receipt.description)).toContainEqual(
      'Family plan, monthly renewal: March 28, 2027 to April 28, 2027, for Rae Kim',
    )
    const renewalMail = (await outbox(server.deps.db, defaultTenant.groupKey, 50)).find(
      (mail) => mail.recipient === 'night@days.test' && /renewed/.test(mail.subject),
    )
    expect(renewalMail?.body).toContain(
      'for Family plan, monthly renewal: March 28, 2027 to April 28, 2027, for Rae Kim',
    )
    expect(renewalMail?.body).toContain('It renews next on April 28, 2027')
  })

  it('an Arizonan joining at the same moment (10:30 pm in Phoenix, no daylight saving) renews at 10:30 pm there', async () => {
    clock = at(JOINED)
    const { client, zone } = await join('desert@days.test', 'AZ', '85001')
    expect(zone).toBe('America/Phoenix')
    const info = (await client.json<MemberInfo>('/api/v4/member/info')).body
    expect(info.subscription).toMatchObject({ timeZone: 'America/Phoenix', renewsAt: '2027-03-29T05:30:00.000Z' })
    expect((await client.json<IdCard>(`/api/v4/member/idCard/${info.id}`)).body).toMatchObject({
      effectiveDate: '2027-02-28',
      validThrough: '2027-03-28',
    })
  })
})
