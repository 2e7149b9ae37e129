import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { ReinstateQuote, StaffMemberRecord } from '#schemas/api/members.ts'
import { dayIn } from '#schemas/zoned-days.ts'
import { tenants } from '#site-config/tenants.ts'
import { many, one, type Param } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { members } from './members.ts'
import { sandboxTokenize } from '../../platform/payments/sandbox-processor.ts'
import {
  accountId,
  DATABASES,
  defaultTenant,
  EDITOR,
  ESSENTIAL,
  joinedMember,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  SUPPORT,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const MEMBERS = '/api/v4/staff/members'
const groupKey = defaultTenant.groupKey
type Result = { member: StaffMemberRecord; message: string }

/** Today, for every test here (the server's clock reads it). */
let clock = new Date('2026-11-27T19:00:00Z')
const DAY = 86_400_000
const daysAgo = (days: number) => new Date(clock.getTime() - days * DAY)

const post = (client: TestClient, memberId: number, action: string, body: unknown) =>
  client.json<Result>(`${MEMBERS}/${memberId}/${action}`, { method: 'POST', body })

let joined = 0
const join = (server: TestServer, state: string, cycle: 'monthly' | 'annual', joinedAt: Date) =>
  joinedMember(server, { email: `put-right-${(joined += 1)}-${state}@example.com`, state, cycle, joinedAt })

/** What an action may change of a member: the membership, receipts, refunds, charges, audit entries and mails. */
async function state(server: TestServer, memberId: number) {
  const db = server.deps.db
  const n = async (sql: string, params: Param[] = []) =>
    (await one(db, z.object({ n: z.coerce.number() }), sql, params)).n
  return {
    membership: await one(
      db,
      z.object({
        status: z.string(),
        auto_renew: z.boolean(),
        renews_at: z.coerce.date(),
        renewal_told_by: z.nullable(z.string()),
      }),
      'SELECT status, auto_renew, renews_at, renewal_told_by FROM subscriptions WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [memberId],
    ),
    receipts: await n('SELECT count(*) AS n FROM receipts WHERE member_id = $1', [memberId]),
    refunded: await n(
      'SELECT COALESCE(SUM(f.amount_cents), 0) AS n FROM refunds f JOIN receipts r ON r.id = f.receipt_id WHERE r.member_id = $1',
      [memberId],
    ),
    charges: await n('SELECT count(*) AS n FROM sandbox_charges'),
    audit: await n('SELECT count(*) AS n FROM audit_events WHERE subject = $1', [`member:${memberId}`]),
    mails: (await outbox(db, undefined, 10_000)).length,
  }
}

const auditOf = (server: TestServer, memberId: number) =>
  many(
    server.deps.db,
    z.object({ action: z.string(), reason: z.string(), before: z.unknown(), after: z.unknown() }),
    'SELECT action, reason, before, after FROM audit_events WHERE subject = $1 ORDER BY id',
    [`member:${memberId}`],
  )

const latestMail = async (server: TestServer) => (await outbox(server.deps.db, groupKey, 1))[0]!
const jobs = (server: TestServer) => ({ ...server.deps, tenants })
const subscriptionId = async (server: TestServer, memberId: number) =>
  (await members.subscription(server.deps.db, groupKey, memberId))!.id

describe.each(DATABASES)('member services putting things right (%s)', (kind) => {
  const server = useTestServer(kind, { now: () => clock })

  it('turns automatic renewal back on for a membership set to end: the lifecycle’s move, the mail, one audit entry; refused when on, or ended', async () => {
    clock = new Date('2026-11-27T19:00:00Z')
    const member = await join(server, 'CA', 'monthly', daysAgo(10))
    const support = await server.staffClient(SUPPORT)
    expect((await post(support, member.id, 'autoRenewOff', { reason: 'Asked by phone.' })).status).toBe(200)
    // Already on: refused, nothing changes.
    const on = await post(support, member.id, 'autoRenewOn', { reason: 'Changed their mind.' })
    expect(on).toMatchObject({
      status: 200,
      body: { member: { subscription: { status: 'active', autoRenew: true, endsAt: null } } },
    })
    expect(on.body.message).toMatch(/^Automatic renewal is back on: the membership renews on .+ at \$14\.95\.$/)
    expect(on.body.member.history[0]).toMatchObject({ event: 'reinstated', from: 'ending', to: 'active', by: 'staff' })
    expect(await latestMail(server)).toMatchObject({
      recipient: member.email,
      subject: expect.stringMatching(/renews again/),
    })
    const before = await state(server, member.id)
    expect(await post(support, member.id, 'autoRenewOn', { reason: 'Again.' })).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^Automatic renewal is already on/) },
    })
    expect((await post(support, member.id, 'autoRenewOn', { reason: ' ' })).status).toBe(422)
    expect(await state(server, member.id)).toEqual(before)
    expect((await auditOf(server, member.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['member.auto_renew_off', 'Asked by phone.'],
      ['member.auto_renew_on', 'Changed their mind.'],
    ])
    // A cancelled one is reinstated instead.
    expect((await post(support, member.id, 'cancel', { reason: 'Moving.' })).status).toBe(200)
    expect(await post(support, member.id, 'autoRenewOn', { reason: 'Back.' })).toMatchObject({
      status: 409,
      body: { message: 'This membership is cancelled: reinstate it instead.' },
    })
  }, 30_000)

  it('reinstates a membership cancelled within its period without a charge (the refund stays, said), or refuses what does not apply', async () => {
    clock = new Date('2026-11-27T19:00:00Z')
    const member = await join(server, 'CA', 'annual', daysAgo(10))
    const support = await server.staffClient(SUPPORT)
    const renewsAt = (await members.subscription(server.deps.db, groupKey, member.id))!.renewsAt
    // Not ended: nothing to reinstate.
    expect(await post(support, member.id, 'reinstate', { reason: 'x', charge: false })).toMatchObject({
      status: 409,
      body: { message: 'This membership is active: there is nothing to reinstate.' },
    })
    expect(
      (await post(support, member.id, 'cancel', { reason: 'Asked to cancel.' })).body.member.subscription,
    ).toMatchObject({ status: 'cancelled' })
    const quote = await support.json<ReinstateQuote>(`${MEMBERS}/${member.id}/reinstatement`)
    expect(quote.body).toMatchObject({
      free: { possible: true, amountCents: 0, through: renewsAt },
      charge: { possible: true, amountCents: member.paidCents, through: renewsAt },
    })
    expect(quote.body.free.message).toContain(
      `the $${(member.paidCents / 100).toFixed(2)} refunded when it was cancelled stays refunded`,
    )
    const before = await state(server, member.id)
    const done = await post(support, member.id, 'reinstate', {
      reason: 'Cancelled by mistake: goodwill.',
      charge: false,
    })
    expect(done).toMatchObject({
      status: 200,
      body: { member: { subscription: { status: 'active', autoRenew: true, endsAt: null, renewsAt } } },
    })
    expect(done.body.member.history[0]).toMatchObject({
      event: 'reinstated',
      from: 'cancelled',
      to: 'active',
      by: 'staff',
      chargedCents: null,
    })
    expect(done.body.member.renewalTold).toMatchObject({ amountCents: ESSENTIAL.annual, by: 'reinstated' })
    const mail = await latestMail(server)
    expect(mail).toMatchObject({ recipient: member.email, subject: 'Your Essential membership is reinstated' })
    expect(mail.body).toContain('Nothing was charged for this.')
    expect(mail.body).toContain('$149.00')
    expect(await state(server, member.id)).toEqual({
      ...before,
      membership: { status: 'active', auto_renew: true, renews_at: new Date(renewsAt), renewal_told_by: 'reinstated' },
      audit: before.audit + 1,
      mails: before.mails + 1,
    })
    expect((await auditOf(server, member.id)).at(-1)).toMatchObject({
      action: 'member.reinstate',
      reason: 'Cancelled by mistake: goodwill.',
      before: { status: 'cancelled' },
      after: { status: 'active', chargedCents: 0 },
    })
    expect((await post(support, member.id, 'reinstate', { reason: 'Again.', charge: false })).status).toBe(409)
  }, 30_000)

  it('reinstates an expired membership with a charge of the lapsed renewal: a receipt, its renewals row, cover from the lapse, the mail; once; a declined card changes nothing', async () => {
    const joinedAt = new Date('2026-09-20T19:00:00Z')
    clock = new Date('2026-09-25T19:00:00Z')
    const member = await join(server, 'CA', 'monthly', joinedAt)
    const declined = await join(server, 'CA', 'monthly', joinedAt)
    let support = await server.staffClient(SUPPORT)
    for (const id of [member.id, declined.id])
      expect((await post(support, id, 'autoRenewOff', { reason: 'Asked to stop.' })).status).toBe(200)
    const lapse = (await members.subscription(server.deps.db, groupKey, member.id))!.renewsAt
    clock = new Date(Date.parse(lapse) + 3 * DAY)
    for (const id of [member.id, declined.id])
      expect(await lifecycle.expire(jobs(server), await subscriptionId(server, id), clock)).toBe(true)
    support = await server.staffClient(SUPPORT)

    const quote = await support.json<ReinstateQuote>(`${MEMBERS}/${member.id}/reinstatement`)
    expect(quote.body.free).toMatchObject({
      possible: false,
      message: expect.stringMatching(/^The period paid for ended on/),
    })
    expect(quote.body.charge).toMatchObject({ possible: true, amountCents: ESSENTIAL.monthly })
    expect(await post(support, member.id, 'reinstate', { reason: 'x', charge: false })).toMatchObject({
      status: 409,
      body: { message: quote.body.free.message },
    })

    // The card on file declined: nothing is charged or kept.
    const card = sandboxTokenize({ number: '4000000000000002', expMonth: 12, expYear: 2099, cvc: '123', zip: '90210' })
    await members.saveCard(server.deps.db, groupKey, declined.id, card)
    const untouched = await state(server, declined.id)
    expect(await post(support, declined.id, 'reinstate', { reason: 'Member called.', charge: true })).toMatchObject({
      status: 409,
      body: {
        message: expect.stringMatching(
          /^The card ending 0002 was declined .*nothing was charged, and the membership stays expired\.$/,
        ),
      },
    })
    expect(await state(server, declined.id)).toEqual(untouched)

    const before = await state(server, member.id)
    const [done, twin] = await Promise.all([
      post(support, member.id, 'reinstate', { reason: 'Card failed; member asked to continue.', charge: true }),
      post(support, member.id, 'reinstate', { reason: 'Card failed; member asked to continue.', charge: true }),
    ])
    // Two at once: the second is refused once the first has moved it (409), or, when it reaches the
    // payment's key while the first holds it, answered the first's result; charged once either way.
    const statuses = [done.status, twin.status].sort()
    expect([
      [200, 409],
      [200, 200],
    ]).toContainEqual(statuses)
    if (statuses[1] === 200) expect(twin.body.message).toBe(done.body.message)
    const ok = done.status === 200 ? done : twin
    expect(ok.body.message).toMatch(
      /^The membership is reinstated through .+: \$14\.95 charged to the card ending 4242 \(receipt \d+\)\. The member is mailed\.$/,
    )
    const subscription = ok.body.member.subscription!
    expect(subscription).toMatchObject({ status: 'active', autoRenew: true, endsAt: null })
    expect(Date.parse(subscription.renewsAt)).toBeGreaterThan(clock.getTime())
    expect(ok.body.member.history[0]).toMatchObject({
      event: 'reinstated',
      from: 'expired',
      by: 'staff',
      chargedCents: ESSENTIAL.monthly,
    })
    const receipt = ok.body.member.receipts[0]!
    expect(receipt).toMatchObject({
      amountCents: ESSENTIAL.monthly,
      description: expect.stringMatching(/renewal paid on reinstatement: .+, for Dana Reyes$/),
    })
    const renewal = await one(
      server.deps.db,
      z.object({ period_start: z.coerce.date(), receipt_id: z.number() }),
      'SELECT period_start, receipt_id FROM renewals WHERE receipt_id = $1',
      [receipt.id],
    )
    expect(renewal.period_start.toISOString()).toBe(lapse)
    const mail = await latestMail(server)
    expect(mail).toMatchObject({ recipient: member.email, subject: 'Your Essential membership is reinstated' })
    expect(mail.body).toContain(`Receipt ${receipt.id}: $14.95 charged to the card ending 4242.`)
    expect(await state(server, member.id)).toMatchObject({
      receipts: before.receipts + 1,
      charges: before.charges + 1,
      audit: before.audit + 1,
      mails: before.mails + 1,
    })
    expect((await auditOf(server, member.id)).at(-1)).toMatchObject({
      action: 'member.reinstate',
      after: { status: 'active', chargedCents: ESSENTIAL.monthly, receiptId: receipt.id },
    })
    // A lapse longer than a period: the member joins again.
    clock = new Date(Date.parse(lapse) + 40 * DAY)
    support = await server.staffClient(SUPPORT)
    expect((await support.json<ReinstateQuote>(`${MEMBERS}/${declined.id}/reinstatement`)).body.charge).toMatchObject({
      possible: false,
      message: expect.stringMatching(/more than a month ago: the member joins again\.$/),
    })
  }, 30_000)

  it('a second cancellation after a reinstatement without a charge refunds only what is still owed: here nothing, and its mail says so', async () => {
    // Arizona, annual, paid on 10 August: past the window, a cancellation refunds the unused months.
    clock = new Date('2026-11-27T19:00:00Z')
    const member = await join(server, 'AZ', 'annual', new Date('2026-08-10T18:00:00Z'))
    let support = await server.staffClient(SUPPORT)
    const receiptId = (await support.json<StaffMemberRecord>(`${MEMBERS}/${member.id}`)).body.receipts[0]!.id
    const processorRefunds = () =>
      many(
        server.deps.db,
        z.object({ refund_id: z.string(), amount_cents: z.number() }),
        `SELECT f.refund_id, f.amount_cents FROM sandbox_refunds f JOIN receipts r ON r.charge_id = f.charge_id
          WHERE r.id = $1 ORDER BY f.created_at, f.refund_id`,
        [receiptId],
      )
    const quoted = async () =>
      (await support.json<{ reason: string; refundCents: number }>(`${MEMBERS}/${member.id}/cancellation`)).body

    const first = await quoted()
    expect(first).toMatchObject({ reason: 'pro_rata', refundCents: Math.floor((ESSENTIAL.annual * 8) / 12) })
    expect((await post(support, member.id, 'cancel', { reason: 'Moving away.' })).status).toBe(200)
    expect(await processorRefunds()).toEqual([expect.objectContaining({ amount_cents: first.refundCents })])
    expect(
      (await post(support, member.id, 'reinstate', { reason: 'Staying after all: goodwill.', charge: false })).status,
    ).toBe(200)

    // A month on, cancelled again: the 7 unused months are less than the 8 already refunded.
    clock = new Date('2026-12-28T19:00:00Z')
    support = await server.staffClient(SUPPORT)
    expect(await quoted()).toMatchObject({ reason: 'pro_rata', refundCents: 0 })
    const cancelled = await post(support, member.id, 'cancel', { reason: 'Moving away, for good.' })
    expect(cancelled).toMatchObject({
      status: 200,
      body: { message: 'The membership is cancelled.', member: { subscription: { status: 'cancelled' } } },
    })
    expect(await processorRefunds()).toHaveLength(1)
    const mail = await latestMail(server)
    expect(mail).toMatchObject({ recipient: member.email, subject: 'Your Essential membership is cancelled' })
    expect(mail.body).toContain('Nothing more is charged, and there is nothing to refund.')
    expect(mail.body).not.toContain('$0.00')
  }, 30_000)

  it('sends the renewal notice again: the lifecycle’s notice when none went out yet, then a copy, each recording that the member was told; refused where there is none', async () => {
    clock = new Date('2026-11-27T19:00:00Z')
    const annual = await join(server, 'CA', 'annual', new Date('2025-12-20T19:00:00Z'))
    const early = await join(server, 'CA', 'annual', daysAgo(30))
    const monthly = await join(server, 'CA', 'monthly', daysAgo(10))
    const support = await server.staffClient(SUPPORT)
    const sent = async () =>
      (await outbox(server.deps.db, groupKey, 50)).filter(
        (mail) => mail.recipient === annual.email && /renews on/.test(mail.subject),
      )
    expect(await sent()).toEqual([])
    const first = await post(support, annual.id, 'resendRenewalNotice', { reason: 'Member did not get it.' })
    expect(first).toMatchObject({
      status: 200,
      body: { member: { renewalTold: { amountCents: ESSENTIAL.annual, by: 'notice' } } },
    })
    clock = new Date(clock.getTime() + DAY)
    const later = await server.staffClient(SUPPORT)
    const again = await post(later, annual.id, 'resendRenewalNotice', { reason: 'Lost it again.' })
    expect(again).toMatchObject({
      status: 200,
      body: {
        message: `The renewal notice was mailed to ${annual.email} again: $149.00 from December 20, 2026.`,
        member: { renewalTold: { amountCents: ESSENTIAL.annual, at: clock.toISOString(), by: 'notice_resent' } },
      },
    })
    const notices = await sent()
    expect(notices).toHaveLength(2)
    expect(notices[0]!.body).toBe(notices[1]!.body)
    expect(notices[0]!.body).toContain('$149.00 a year')
    expect((await auditOf(server, annual.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['member.resend_renewal_notice', 'Member did not get it.'],
      ['member.resend_renewal_notice', 'Lost it again.'],
    ])
    // Not due yet; a monthly membership with no price change told.
    for (const [id, message] of [
      [early.id, /^The notice of the renewal on .+ goes out on .+: none has been sent yet to send again\.$/],
      [monthly.id, /^A monthly membership is sent a notice only when its renewal price changes/],
    ] as const) {
      const before = await state(server, id)
      expect(await post(later, id, 'resendRenewalNotice', { reason: 'Asked.' })).toMatchObject({
        status: 409,
        body: { message: expect.stringMatching(message) },
      })
      expect(await state(server, id)).toEqual(before)
    }
  }, 30_000)

  it('records a written cancellation request with its date: Arizona’s refund window and months used count to that date, not to the day it is typed', async () => {
    clock = new Date('2026-11-27T19:00:00Z')
    const phoenix = (date: Date) => dayIn(date, 'America/Phoenix')
    // Paid on 3 October, written on 2 November (25 days ago, the 30th day): refunded in full.
    const inWindow = await join(server, 'AZ', 'annual', new Date('2026-10-03T18:00:00Z'))
    // Paid on 10 August, written on 18 October (40 days ago): pro rata, 3 months used by then.
    const proRata = await join(server, 'AZ', 'annual', new Date('2026-08-10T18:00:00Z'))
    // California, the same dates: past the window, no pro rata: it ends at the period's end, nothing back.
    const california = await join(server, 'CA', 'annual', new Date('2026-08-10T18:00:00Z'))
    const support = await server.staffClient(SUPPORT)
    const today = async (id: number) =>
      (await support.json<{ reason: string; refundCents: number }>(`${MEMBERS}/${id}/cancellation`)).body
    expect(await today(inWindow.id)).toMatchObject({ reason: 'pro_rata', refundCents: Math.floor((14_900 * 10) / 12) })
    expect(await today(proRata.id)).toMatchObject({ reason: 'pro_rata', refundCents: Math.floor((14_900 * 8) / 12) })

    // Refusals first: the future, before the membership began, no reason.
    const tomorrow = phoenix(new Date(clock.getTime() + DAY))
    const before = await state(server, inWindow.id)
    const future = await post(support, inWindow.id, 'writtenCancellation', { reason: 'Letter.', requestedOn: tomorrow })
    expect(future).toMatchObject({ status: 422 })
    expect(JSON.stringify(future.body)).toContain('cannot be after today')
    expect(
      (await post(support, inWindow.id, 'writtenCancellation', { reason: 'Letter.', requestedOn: '2026-09-01' }))
        .status,
    ).toBe(422)
    expect(
      (await post(support, inWindow.id, 'writtenCancellation', { reason: '', requestedOn: '2026-11-02' })).status,
    ).toBe(422)
    expect(await state(server, inWindow.id)).toEqual(before)

    const full = await post(support, inWindow.id, 'writtenCancellation', {
      reason: 'Letter received 20 November, dated 2 November.',
      requestedOn: phoenix(daysAgo(25)),
    })
    expect(full).toMatchObject({ status: 200, body: { member: { subscription: { status: 'cancelled' } } } })
    expect(full.body.message).toBe(
      `The written request of November 2, 2026 is recorded: the membership is cancelled as of that day, and $${(inWindow.paidCents / 100).toFixed(2)} refunded.`,
    )
    expect(full.body.member.history[0]).toMatchObject({
      event: 'cancelled',
      by: 'staff',
      refundedCents: inWindow.paidCents,
    })
    expect(full.body.member.history[0]!.at.slice(0, 10)).toBe('2026-11-02')
    expect(full.body.member.writtenCancellations).toEqual([
      {
        requestedOn: '2026-11-02',
        recordedAt: clock.toISOString(),
        outcome: 'now',
        endsAt: expect.stringMatching(/^2026-11-02/),
        refundCents: inWindow.paidCents,
      },
    ])
    // The refund is made today, and the receipts say so.
    expect(full.body.member.receipts[0]!.refunds).toEqual([expect.objectContaining({ at: clock.toISOString() })])
    expect((await latestMail(server)).body).toContain('cancelled as of November 2, 2026')
    expect((await state(server, inWindow.id)).refunded).toBe(inWindow.paidCents)

    const partial = await post(support, proRata.id, 'writtenCancellation', {
      reason: 'Letter.',
      requestedOn: phoenix(daysAgo(40)),
    })
    expect(partial).toMatchObject({ status: 200, body: { member: { subscription: { status: 'cancelled' } } } })
    expect((await state(server, proRata.id)).refunded).toBe(Math.floor((14_900 * 9) / 12))

    const none = await post(support, california.id, 'writtenCancellation', {
      reason: 'Letter.',
      requestedOn: '2026-10-18',
    })
    expect(none).toMatchObject({
      status: 200,
      body: { member: { subscription: { status: 'ending', autoRenew: false } } },
    })
    expect(none.body.message).toMatch(
      /past the refund window on that day, the membership ends on August 10, 2027, with nothing refunded\.$/,
    )
    expect((await state(server, california.id)).refunded).toBe(0)

    for (const id of [inWindow.id, proRata.id, california.id])
      expect((await auditOf(server, id)).map((entry) => entry.action)).toEqual(['member.written_cancellation'])
    expect((await auditOf(server, inWindow.id))[0]).toMatchObject({
      reason: 'Letter received 20 November, dated 2 November.',
      after: { requestedOn: '2026-11-02', status: 'cancelled', refundCents: inWindow.paidCents },
    })
    // Once cancelled, a second letter has nothing to cancel.
    expect(
      (await post(support, inWindow.id, 'writtenCancellation', { reason: 'Again.', requestedOn: '2026-11-03' })).status,
    ).toBe(409)
  }, 30_000)

  it('answers the new actions by caller: 401 signed out, 403 for a member and a content manager, 404 for another tenant’s admin; nothing changes', async () => {
    clock = new Date('2026-11-27T19:00:00Z')
    const memberId = await accountId(server.deps.db)
    const otherAdminId = await accountId(server.deps.db, OTHER_EDITOR.email, otherTenant.groupKey)
    await server.deps.db.query(
      "INSERT INTO staff_roles (group_key, user_id, role) VALUES ($1, $2, 'admin') ON CONFLICT DO NOTHING",
      [otherTenant.groupKey, otherAdminId],
    )
    const before = await state(server, memberId)
    const reason = 'Checking access.'
    for (const [signIn, expected] of [
      [() => Promise.resolve(server.client()), 401],
      [() => server.client().login(MEMBER), 403],
      [() => server.staffClient(EDITOR), 403],
      [() => server.staffClient(OTHER_EDITOR, otherTenant.hosts[0]), 404],
    ] as const) {
      const client = await signIn()
      expect((await client.json(`${MEMBERS}/${memberId}/reinstatement`)).status).toBe(expected)
      for (const [action, body] of [
        ['autoRenewOn', { reason }],
        ['reinstate', { reason, charge: true }],
        ['resendRenewalNotice', { reason }],
        ['writtenCancellation', { reason, requestedOn: '2026-11-20' }],
      ] as const)
        expect([action, (await post(client, memberId, action, body)).status]).toEqual([action, expected])
    }
    expect(await state(server, memberId)).toEqual(before)
  }, 30_000)
})
