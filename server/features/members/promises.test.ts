import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { paymentResultSchema, Subscription } from '#schemas/api/members.ts'
import { tenants } from '#site-config/tenants.ts'
import { many } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { members } from './members.ts'
import { DATABASES, defaultTenant, ESSENTIAL, joinedMember, MEMBER, useTestServer } from '../../test-harness.ts'
import { runDue, type JobsDeps } from '../registry.ts'

/**
 * The year walk's cases (issue 40): what a member is told is what happens. A renewal never charges
 * more than its notice said; an annual renewal is charged only inside its notice's lawful window;
 * "Renew now" is a lifecycle event with its receipt, history and mail, within the longest prepaid
 * term, and a cancellation refunds every period paid ahead.
 */
const groupKey = defaultTenant.groupKey
const at = (iso: string) => new Date(iso)
describe.each(DATABASES)('what a member is told is what happens (%s)', (kind) => {
  let clock = at('2026-01-01T00:00:00Z')
  const server = useTestServer(kind, { now: () => clock })
  const deps = (): JobsDeps => ({ ...server.deps, tenants })
  const state = async (id: number) => (await members.subscription(server.deps.db, groupKey, id))!
  const receipts = async (id: number) =>
    many(
      server.deps.db,
      z.object({ amount_cents: z.number(), description: z.string(), paid_at: z.coerce.date() }),
      'SELECT amount_cents, description, paid_at FROM receipts WHERE member_id = $1 ORDER BY id',
      [id],
    )
  const mailsTo = async (email: string, subject: RegExp) =>
    (await outbox(server.deps.db, groupKey, 500)).filter(
      (mail) => mail.recipient === email && subject.test(mail.subject),
    )
  const events = async (id: number) =>
    (await lifecycle.history(server.deps.db, groupKey, id)).map((event) => event.event).reverse()

  it('a price raised after the annual notice: the renewal charges the amount the notice said, and no more', async () => {
    const member = await joinedMember(server, {
      email: 'annual-ca@demo.test',
      state: 'CA',
      cycle: 'annual',
      joinedAt: at('2026-01-10T18:00:00Z'),
    })
    // 30 days before 10 January 2027 the notice goes out with the price of the day.
    await runDue(deps(), at('2026-12-12T06:00:00Z'))
    const [notice, ...more] = await mailsTo(member.email, /renews on/)
    expect(more).toEqual([])
    expect(notice?.subject).toContain('January 10, 2027')
    expect(notice?.body).toContain('$149.00 a year')
    // Then the plan's price rises: the renewal still charges $149.00, with no second notice needed.
    await server.deps.db.query('UPDATE plans SET annual_price_cents = 17900 WHERE id = $1', [ESSENTIAL.id])
    await runDue(deps(), at('2027-01-10T20:00:00Z'))
    expect((await receipts(member.id)).at(-1)).toMatchObject({ amount_cents: 14_900 })
    expect(await mailsTo(member.email, /renews on/)).toHaveLength(1)
    // The next year's notice, sent on its day, tells the new price, which that renewal then charges.
    await runDue(deps(), at('2027-12-11T19:00:00Z'))
    expect((await mailsTo(member.email, /renews on/))[0]?.body).toContain('$179.00 a year')
    await runDue(deps(), at('2028-01-10T20:00:00Z'))
    expect((await receipts(member.id)).at(-1)).toMatchObject({ amount_cents: 17_900 })
    await server.deps.db.query('UPDATE plans SET annual_price_cents = $2 WHERE id = $1', [
      ESSENTIAL.id,
      ESSENTIAL.annual,
    ])
  })

  it('jobs catching up after downtime: no annual charge without a notice; the notice goes out and the charge waits 15 days, cover continuing', async () => {
    const member = await joinedMember(server, {
      email: 'catch-up@demo.test',
      state: 'CA',
      cycle: 'annual',
      joinedAt: at('2026-02-01T18:00:00Z'),
    })
    const before = (await receipts(member.id)).length
    // The jobs were down from before the notice's day until two days after the renewal date.
    const summary = await runDue(deps(), at('2027-02-03T06:00:00Z'))
    expect(summary.failed).toEqual([])
    expect(await receipts(member.id)).toHaveLength(before)
    const [notice] = await mailsTo(member.email, /renews on/)
    // Sent at 10 pm on 2 February in California: the charge may come 15 days later, on the 17th there.
    expect(notice?.subject).toContain('February 17, 2027')
    expect(await state(member.id)).toMatchObject({ status: 'active' })
    // A week later: still not charged, still covered.
    await runDue(deps(), at('2027-02-10T06:00:00Z'))
    expect(await receipts(member.id)).toHaveLength(before)
    // On the day the notice named: charged once, and the next renewal keeps the membership's own day.
    await runDue(deps(), at('2027-02-18T07:00:00Z'))
    expect(await receipts(member.id)).toHaveLength(before + 1)
    expect(await state(member.id)).toMatchObject({ status: 'active', renewsAt: '2028-02-01T18:00:00.000Z' })
  })

  describe('Renew now', () => {
    const renewNow = async (email: string, key: string) => {
      const client = await server.client().login({ email, password: MEMBER.password })
      return client.json<z.infer<typeof paymentResultSchema> & { message?: string }>(
        '/api/v4/member/renewSubscription',
        { method: 'POST', body: { idempotencyKey: key } },
      )
    }

    it('in Arizona, monthly: each month paid ahead is a renewal with its receipt, history and mail; cancelling refunds every month not begun', async () => {
      const member = await joinedMember(server, {
        email: 'monthly-az@demo.test',
        state: 'AZ',
        cycle: 'monthly',
        joinedAt: at('2026-03-01T18:00:00Z'),
      })
      await runDue(deps(), at('2026-04-01T19:00:00Z'))
      await runDue(deps(), at('2026-05-01T19:00:00Z'))
      clock = at('2026-05-15T09:00:00Z')
      const first = await renewNow(member.email, 'renew-now-az-000001')
      expect(first.status).toBe(200)
      expect(first.body.receipt.description).toMatch(/June 1, 2026 to July 1, 2026, for Dana Reyes/)
      const second = await renewNow(member.email, 'renew-now-az-000002')
      expect(second.body.subscription).toMatchObject({ status: 'active', renewsAt: '2026-08-01T18:00:00.000Z' })
      expect(await events(member.id)).toEqual([
        'joined',
        'renewal_due',
        'renewal_paid',
        'renewal_due',
        'renewal_paid',
        'renewed_early',
        'renewed_early',
      ])
      expect(await mailsTo(member.email, /is renewed/)).toHaveLength(4)
      // After the refund window of May's payment: cover to the end of May's period, June and July back in full.
      clock = at('2026-06-01T12:00:00Z')
      const quote = await lifecycle.cancellationQuote(deps(), groupKey, member.id, clock)
      expect(quote).toMatchObject({
        kind: 'at_period_end',
        endsAt: at('2026-06-01T18:00:00Z'),
        refundCents: 2 * ESSENTIAL.monthly,
      })
      await lifecycle.cancel(deps(), groupKey, member.id, clock, 'member')
      expect(await state(member.id)).toMatchObject({ status: 'ending', endsAt: '2026-06-01T18:00:00.000Z' })
      const refunded = await many(
        server.deps.db,
        z.object({ amount_cents: z.number() }),
        'SELECT f.amount_cents FROM refunds f JOIN receipts r ON r.id = f.receipt_id WHERE r.member_id = $1',
        [member.id],
      )
      expect(refunded.map((row) => row.amount_cents)).toEqual([ESSENTIAL.monthly, ESSENTIAL.monthly])
      // No charge after the end.
      await runDue(deps(), at('2026-08-05T06:00:00Z'))
      expect(await state(member.id)).toMatchObject({ status: 'expired' })
    })

    it('in Arizona, annual: refused, naming the 12 months the law allows; elsewhere one year ahead, then refused', async () => {
      clock = at('2026-06-10T12:00:00Z')
      const arizona = await joinedMember(server, {
        email: 'annual-az@demo.test',
        state: 'AZ',
        cycle: 'annual',
        joinedAt: at('2026-04-01T18:00:00Z'),
      })
      const refused = await renewNow(arizona.email, 'renew-now-az-annual-1')
      expect(refused.status).toBe(409)
      expect(refused.body.message).toBe(
        'Your membership is paid through April 1, 2027. Paying one more year now would pay more than 12 months ahead, which we do not take in AZ.',
      )
      const california = await joinedMember(server, {
        email: 'annual-ca-2@demo.test',
        state: 'CA',
        cycle: 'annual',
        joinedAt: at('2026-04-01T18:00:00Z'),
      })
      expect((await renewNow(california.email, 'renew-now-ca-annual-1')).body.subscription).toMatchObject({
        renewsAt: '2028-04-01T18:00:00.000Z',
      } satisfies Partial<Subscription>)
      const again = await renewNow(california.email, 'renew-now-ca-annual-2')
      expect(again.status).toBe(409)
      expect(again.body.message).toMatch(/more than 24 months ahead/)
    })

    it('in Arizona, annual, cancelled after the window: the unearned whole months back, the enrollment fee kept', async () => {
      const member = await joinedMember(server, {
        email: 'annual-az-2@demo.test',
        state: 'AZ',
        cycle: 'annual',
        joinedAt: at('2026-01-15T18:00:00Z'),
      })
      // 15 March: January, February and March are used; 9 of 12 months of $149.00 come back.
      const outcome = await lifecycle.cancel(deps(), groupKey, member.id, at('2026-03-20T12:00:00Z'), 'member')
      expect(outcome).toMatchObject({ kind: 'now', reason: 'pro_rata', refundCents: Math.floor((14_900 * 9) / 12) })
    })
  })
})
