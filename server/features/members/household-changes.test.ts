import { describe, expect, it } from 'vitest'
import type {
  CancellationQuote,
  ChangeQuote,
  Dependent,
  MembershipHistoryEvent,
  Receipt,
} from '#schemas/api/members.ts'
import { z } from '#schemas/engine/zod.ts'
import { many } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { DATABASES, defaultTenant, joinedMember, MEMBER, useTestServer, type TestClient } from '../../test-harness.ts'

/**
 * A change mid-term is paid for the paid days left (issue 40 §4): another plan or a dependent
 * added is charged at once, one removed is refunded, each shown before the member confirms it, with
 * the renewal after it; each writes a receipt naming the period and the people, a history entry
 * and a mail. A cancellation that ends cover early gives back the days of a change not used.
 */
const at = (iso: string) => new Date(iso)
// 10 am on 10 January 2027 in California: an annual membership paid to 10 January 2028 (365 days).
const JOINED = at('2027-01-10T18:00:00Z')
const FAMILY = { id: 102, annual: 29_900 }
const ESSENTIAL_ANNUAL = 14_900
const KAI = { firstName: 'Kai', lastName: 'Reyes', dateOfBirth: '2018-04-04', relationship: 'child' }

describe.each(DATABASES)('changes mid-term, paid for the days left (%s)', (kind) => {
  let clock = JOINED
  const server = useTestServer(kind, { now: () => clock })
  const sandboxRefunds = async () =>
    (
      await many(
        server.deps.db,
        z.object({ amount_cents: z.number() }),
        'SELECT amount_cents FROM sandbox_refunds ORDER BY amount_cents',
      )
    ).map((row) => row.amount_cents)
  const mailsTo = async (email: string) =>
    (await outbox(server.deps.db, defaultTenant.groupKey, 500)).filter((mail) => mail.recipient === email)

  /** A member who joined the Essential plan for a year on JOINED, signed in on `day` (the clock moves there). */
  async function member(email: string, state: string, day: string): Promise<TestClient> {
    clock = JOINED
    await joinedMember(server, { email, state, cycle: 'annual', joinedAt: JOINED })
    clock = at(day)
    return signIn(email)
  }
  const signIn = (email: string) => server.client().login({ email, password: MEMBER.password })
  const quoteSwitch = async (client: TestClient, planId: number) =>
    (await client.json<ChangeQuote>(`/api/v4/member/switch/${planId}`)).body

  it('another plan: its difference for the 275 days left is quoted, refused unconfirmed, then charged once, with its receipt, history and mail', async () => {
    const client = await member('upgrade@changes.test', 'CA', '2027-04-10T18:00:00Z')
    const quote = await quoteSwitch(client, FAMILY.id)
    expect(quote).toEqual({
      planId: FAMILY.id,
      planName: 'Family',
      billingCycle: 'annual',
      currentCents: ESSENTIAL_ANNUAL,
      newCents: FAMILY.annual,
      differenceCents: FAMILY.annual - ESSENTIAL_ANNUAL,
      // 15,000 × 275 / 365, to the cent.
      dueNowCents: 11_301,
      paidThrough: '2028-01-10T18:00:00.000Z',
      daysLeft: 275,
      periodDays: 365,
      renewalCents: FAMILY.annual,
      renewsAt: '2028-01-10T18:00:00.000Z',
      cardLast4: '4242',
      timeZone: 'America/Los_Angeles',
    })
    // What the member reads when the amount was not confirmed, or no longer holds: nothing changes.
    for (const body of [{}, { confirmedCents: 11_000, idempotencyKey: 'switch-family-0001' }])
      expect(await client.json(`/api/v4/member/switch/${FAMILY.id}`, { method: 'POST', body })).toMatchObject({
        status: 409,
        body: {
          message:
            'This change charges $113.01 now, for the 275 days left of the time you have paid for. Review it and confirm again.',
        },
      })
    const yes = { confirmedCents: 11_301, idempotencyKey: 'switch-family-0002' }
    const switched = await client.json(`/api/v4/member/switch/${FAMILY.id}`, { method: 'POST', body: yes })
    expect(switched).toMatchObject({ status: 200, body: { planName: 'Family', renewalCents: FAMILY.annual } })
    // A second send of the same confirmation is the same change: one charge.
    expect((await client.json(`/api/v4/member/switch/${FAMILY.id}`, { method: 'POST', body: yes })).status).toBe(200)
    const receipts = (await client.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts
    expect(receipts.filter((receipt) => receipt.amountCents === 11_301)).toHaveLength(1)
    expect(receipts[0]).toMatchObject({
      amountCents: 11_301,
      description:
        'Family plan, change: Family plan instead of Essential: 275 of 365 days, April 10, 2027 to January 10, 2028, for Dana Reyes',
    })
    const [latest] = (await client.json<{ events: MembershipHistoryEvent[] }>('/api/v4/member/history')).body.events
    expect(latest).toMatchObject({
      event: 'plan_changed',
      by: 'member',
      from: 'active',
      to: 'active',
      chargedCents: 11_301,
      receiptId: receipts[0]!.id,
    })
    const [mail] = await mailsTo('upgrade@changes.test')
    expect(mail?.subject).toBe('Your Family membership is changed: $113.01 charged')
    expect(mail?.body).toContain(`Receipt ${receipts[0]!.id}: $113.01 charged to the card ending 4242`)
    expect(mail?.body).toContain('From its renewal on January 10, 2028, your Family membership costs $299.00.')
  })

  it('a dependent added is charged for the days left and one removed is refunded for them, each as quoted', async () => {
    let client = await member('family@changes.test', 'CA', '2027-04-10T18:00:00Z')
    const family = await quoteSwitch(client, FAMILY.id)
    await client.json(`/api/v4/member/switch/${FAMILY.id}`, {
      method: 'POST',
      body: { confirmedCents: family.dueNowCents, idempotencyKey: 'family-switch-0001' },
    })
    const added = await client.json<ChangeQuote>('/api/v4/member/householdQuote', {
      method: 'POST',
      body: { change: 'add', dependent: KAI },
    })
    // One more member on the Family plan: $299.00 a year, 275 of its 365 days left.
    expect(added.body).toMatchObject({
      currentCents: FAMILY.annual,
      newCents: FAMILY.annual * 2,
      dueNowCents: 22_527,
      renewalCents: FAMILY.annual * 2,
    })
    expect((await client.json<{ dependents: Dependent[] }>('/api/v4/member/dependents')).body.dependents).toEqual([])
    const yes = { confirmedCents: 22_527, idempotencyKey: 'add-kai-000001' }
    const kai = await client.json<Dependent>('/api/v4/member/dependents', { method: 'POST', body: { ...KAI, ...yes } })
    expect(kai).toMatchObject({ status: 201, body: { firstName: 'Kai' } })
    const again = await client.json<Dependent>('/api/v4/member/dependents', {
      method: 'POST',
      body: { ...KAI, ...yes },
    })
    expect(again).toMatchObject({ status: 201, body: { id: kai.body.id } })
    expect((await client.json<{ dependents: Dependent[] }>('/api/v4/member/dependents')).body.dependents).toHaveLength(
      1,
    )
    const charged = (await client.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts[0]
    expect(charged).toMatchObject({
      amountCents: 22_527,
      description:
        'Family plan, change: Kai Reyes added: 275 of 365 days, April 10, 2027 to January 10, 2028, for Dana Reyes, Kai Reyes',
    })

    // A week later Kai leaves: 268 days of $299.00 come back, to the card.
    clock = at('2027-04-17T18:00:00Z')
    client = await signIn('family@changes.test')
    const removal = await client.json<ChangeQuote>('/api/v4/member/householdQuote', {
      method: 'POST',
      body: { change: 'remove', id: kai.body.id },
    })
    expect(removal.body).toMatchObject({ daysLeft: 268, dueNowCents: -21_954, renewalCents: FAMILY.annual })
    expect(await client.json(`/api/v4/member/dependents/${kai.body.id}`, { method: 'DELETE', body: {} })).toMatchObject(
      {
        status: 409,
        body: { message: expect.stringContaining('This change refunds $219.54 now, for the 268 days left') as string },
      },
    )
    const refundsBefore = await sandboxRefunds()
    const removed = await client.json(`/api/v4/member/dependents/${kai.body.id}`, {
      method: 'DELETE',
      body: { confirmedCents: -21_954, idempotencyKey: 'remove-kai-0001' },
    })
    expect(removed.status).toBe(200)
    expect((await sandboxRefunds()).length - refundsBefore.length).toBe(1)
    expect(await sandboxRefunds()).toContain(21_954)
    const [event] = (await client.json<{ events: MembershipHistoryEvent[] }>('/api/v4/member/history')).body.events
    expect(event).toMatchObject({ event: 'household_changed', refundedCents: 21_954, chargedCents: null })
    const [mail] = await mailsTo('family@changes.test')
    expect(mail?.subject).toBe('Your Family membership is changed: $219.54 refunded')
    expect(mail?.body).toContain('$219.54 is refunded to the card ending 4242, for Kai Reyes removed: 268 of 365 days')
    expect(mail?.body).toContain('From its renewal on January 10, 2028, your Family membership costs $299.00.')
  })

  it('a name changed costs nothing and asks nothing; a past-due membership settles first', async () => {
    const client = await member('settle@changes.test', 'CA', '2027-04-10T18:00:00Z')
    await client.json(`/api/v4/member/switch/${FAMILY.id}`, {
      method: 'POST',
      body: { confirmedCents: 11_301, idempotencyKey: 'settle-switch-01' },
    })
    const kai = await client.json<Dependent>('/api/v4/member/dependents', {
      method: 'POST',
      body: { ...KAI, confirmedCents: 22_527, idempotencyKey: 'settle-add-kai1' },
    })
    expect(kai.status).toBe(201)
    const renamed = await client.json(`/api/v4/member/dependents/${kai.body.id}`, {
      method: 'PUT',
      body: { ...KAI, firstName: 'Kailani' },
    })
    expect(renamed).toMatchObject({ status: 200, body: { firstName: 'Kailani' } })
    await server.deps.db.query(
      "UPDATE subscriptions SET status = 'past_due' WHERE member_id = (SELECT id FROM users WHERE email = $1)",
      ['settle@changes.test'],
    )
    expect(
      await client.json('/api/v4/member/householdQuote', { method: 'POST', body: { change: 'add', dependent: KAI } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'Your renewal payment is due: update your card to pay it, then make this change.' },
    })
  })

  it('cancelled in Arizona ten days after an upgrade: the unused months come back, and the upgrade in full', async () => {
    let client = await member('arizona@changes.test', 'AZ', '2027-04-10T18:00:00Z')
    const quote = await quoteSwitch(client, FAMILY.id)
    expect(quote).toMatchObject({ dueNowCents: 11_301, daysLeft: 275, timeZone: 'America/Phoenix' })
    await client.json(`/api/v4/member/switch/${FAMILY.id}`, {
      method: 'POST',
      body: { confirmedCents: 11_301, idempotencyKey: 'arizona-switch-1' },
    })
    clock = at('2027-04-20T18:00:00Z')
    client = await signIn('arizona@changes.test')
    const cancellation = (await client.json<CancellationQuote>('/api/v4/member/cancellation')).body
    // The year's payment less the enrollment fee for the 8 months not begun (Arizona's pro rata),
    // and the upgrade's payment in full: it was made 10 days ago, within the refund window.
    expect(cancellation).toMatchObject({ kind: 'now', reason: 'pro_rata', refundCents: 9_933 + 11_301 })
    const refundsBefore = (await sandboxRefunds()).length
    const cancelled = await client.json<{ outcome: CancellationQuote }>('/api/v4/member/cancel', { method: 'POST' })
    expect(cancelled.body.outcome.refundCents).toBe(21_234)
    const made = (await sandboxRefunds()).length - refundsBefore
    expect(made).toBe(2)
    expect(await sandboxRefunds()).toEqual(expect.arrayContaining([9_933, 11_301]))
  })
})
