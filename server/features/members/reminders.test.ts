import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { tenants } from '#site-config/tenants.ts'
import { many } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { members } from './members.ts'
import { reminders } from './membership-reminders.ts'
import { sandboxTokenize } from '../../platform/payments/sandbox-processor.ts'
import { DATABASES, defaultTenant, ESSENTIAL, joinedMember, useTestServer } from '../../test-harness.ts'
import { dryRun } from './operator.ts'
import { runDue, type JobsDeps } from '../registry.ts'

/**
 * The mails that remind (issue 40, 5), sent by the jobs with the clock moved: a member whose card
 * on file expires before the renewal is mailed 30 days before it, once; a monthly member is
 * reminded of the automatic renewal on each anniversary of joining, once a year (California's AB
 * 2863). Both are in the dry run.
 */
const groupKey = defaultTenant.groupKey
const at = (iso: string) => new Date(iso)
const CARD_EXPIRY = /expires before your Essential membership renews/
const YEARLY = /Your yearly reminder/

describe.each(DATABASES)('the reminders (%s)', (kind) => {
  const server = useTestServer(kind, { now: () => at('2026-01-01T00:00:00Z') })
  const deps = (): JobsDeps => ({ ...server.deps, tenants })
  const mailsTo = async (email: string, subject: RegExp) =>
    (await outbox(server.deps.db, groupKey, 1000)).filter(
      (mail) => mail.recipient === email && subject.test(mail.subject),
    )
  /** The member's card on file, valid through the end of `expMonth`/`expYear`. */
  const card = (memberId: number, expMonth: number, expYear: number, number = '4242424242424242') =>
    members.saveCard(
      server.deps.db,
      groupKey,
      memberId,
      sandboxTokenize({ number, expMonth, expYear, cvc: '123', zip: '90210' }, at('2026-01-01T00:00:00Z')),
    )
  const annual = (email: string) =>
    joinedMember(server, { email, state: 'CA', cycle: 'annual', joinedAt: at('2026-01-10T18:00:00Z') })

  describe('a card that expires before the renewal', () => {
    it('is mailed once, 30 days before the renewal: which card, the renewal’s date and amount, how to update it', async () => {
      const member = await annual('card-expiring@demo.test')
      // Valid through December 2026; the renewal is on 10 January 2027.
      await card(member.id, 12, 2026)
      await runDue(deps(), at('2026-12-11T17:00:00Z'))
      expect(await mailsTo(member.email, CARD_EXPIRY)).toEqual([])
      const summary = await runDue(deps(), at('2026-12-11T19:00:00Z'))
      expect(summary.failed).toEqual([])
      const [mail, ...more] = await mailsTo(member.email, CARD_EXPIRY)
      expect(more).toEqual([])
      expect(mail?.subject).toBe(
        'Your card ending 4242 expires before your Essential membership renews on January 10, 2027',
      )
      expect(mail?.body).toContain(
        'renews automatically on January 10, 2027 at $149.00, charged to your Visa card ending 4242',
      )
      expect(mail?.body).toContain('valid through 12/2026')
      expect(mail?.body).toContain('update your card on your dashboard (Card on file, Update card)')
      expect(mail?.body).toContain('/dashboard')
      // Later runs before the renewal send nothing more.
      await runDue(deps(), at('2026-12-20T06:00:00Z'))
      await runDue(deps(), at('2027-01-05T06:00:00Z'))
      expect(await mailsTo(member.email, CARD_EXPIRY)).toHaveLength(1)
    })

    it('is not mailed when the card is valid through the renewal month', async () => {
      const member = await annual('card-lasting@demo.test')
      // Valid through January 2027: the renewal on 10 January is charged to it.
      await card(member.id, 1, 2027)
      await runDue(deps(), at('2026-12-15T06:00:00Z'))
      expect(await mailsTo(member.email, CARD_EXPIRY)).toEqual([])
      const { id } = (await members.subscription(server.deps.db, groupKey, member.id))!
      expect(await reminders.due(server.deps.db, at('2026-12-15T06:00:00Z'), tenants.tenants)).not.toContainEqual({
        id,
        kind: 'card_expiry',
      })
    })

    it('is not mailed once the card has been updated to one valid at the renewal', async () => {
      const member = await annual('card-updated@demo.test')
      await card(member.id, 11, 2026)
      // The member puts in a new card before the mail's day.
      await card(member.id, 8, 2030, '5555555555554444')
      await runDue(deps(), at('2026-12-15T06:00:00Z'))
      expect(await mailsTo(member.email, CARD_EXPIRY)).toEqual([])
    })

    it('two workers sending it at once: one mail, one record', async () => {
      const member = await annual('card-twice@demo.test')
      await card(member.id, 12, 2026)
      const now = at('2026-12-12T06:00:00Z')
      const { id } = (await members.subscription(server.deps.db, groupKey, member.id))!
      const sent = await Promise.all([
        reminders.send(deps(), 'card_expiry', id, now),
        reminders.send(deps(), 'card_expiry', id, now),
      ])
      expect(sent.filter(Boolean)).toHaveLength(1)
      expect(await mailsTo(member.email, CARD_EXPIRY)).toHaveLength(1)
      const records = await many(
        server.deps.db,
        z.object({ due_for: z.coerce.date(), card_last4: z.string(), amount_cents: z.number() }),
        "SELECT due_for, card_last4, amount_cents FROM membership_reminders WHERE subscription_id = $1 AND kind = 'card_expiry'",
        [id],
      )
      expect(records).toEqual([{ due_for: at('2027-01-10T18:00:00Z'), card_last4: '4242', amount_cents: 14_900 }])
    })
  })

  describe('the yearly reminder to monthly members', () => {
    it('goes on each anniversary of joining, once: the amount, every month, the card, how to cancel', async () => {
      const member = await joinedMember(server, {
        email: 'monthly-yearly@demo.test',
        state: 'CA',
        cycle: 'monthly',
        joinedAt: at('2026-02-15T18:00:00Z'),
      })
      await runDue(deps(), at('2026-12-01T06:00:00Z'))
      await runDue(deps(), at('2027-02-15T17:00:00Z'))
      expect(await mailsTo(member.email, YEARLY)).toEqual([])
      await runDue(deps(), at('2027-02-15T19:00:00Z'))
      const [mail, ...more] = await mailsTo(member.email, YEARLY)
      expect(more).toEqual([])
      expect(mail?.subject).toBe('Your yearly reminder: your Essential membership renews every month')
      expect(mail?.body).toContain(
        `renews automatically every month at $${(ESSENTIAL.monthly / 100).toFixed(2)}, charged to your Visa card ending 4242, until you cancel`,
      )
      expect(mail?.body).toContain('The next charge is on March 15, 2027')
      expect(mail?.body).toMatch(/go to your dashboard \(http:\/\/[^)]+\/dashboard\) or call /)
      expect(mail?.body).toContain('/renewal?token=')
      // Not again that year; again the next.
      await runDue(deps(), at('2027-03-01T06:00:00Z'))
      expect(await mailsTo(member.email, YEARLY)).toHaveLength(1)
      await runDue(deps(), at('2028-02-15T19:00:00Z'))
      expect(await mailsTo(member.email, YEARLY)).toHaveLength(2)
    })

    it('does not go to an annual member, nor to a monthly one with renewal off', async () => {
      const yearly = await annual('annual-no-reminder@demo.test')
      const off = await joinedMember(server, {
        email: 'monthly-off@demo.test',
        state: 'CA',
        cycle: 'monthly',
        joinedAt: at('2026-01-20T18:00:00Z'),
      })
      await server.deps.db.query('UPDATE subscriptions SET auto_renew = false WHERE member_id = $1', [off.id])
      await runDue(deps(), at('2027-01-21T06:00:00Z'))
      expect(await mailsTo(yearly.email, YEARLY)).toEqual([])
      expect(await mailsTo(off.email, YEARLY)).toEqual([])
    })
  })

  it('the dry run lists both mails, sending nothing', async () => {
    const expiring = await joinedMember(server, {
      email: 'dry-card@demo.test',
      state: 'CA',
      cycle: 'annual',
      joinedAt: at('2026-03-10T18:00:00Z'),
    })
    await card(expiring.id, 2, 2027)
    const monthly = await joinedMember(server, {
      email: 'dry-yearly@demo.test',
      state: 'CA',
      cycle: 'monthly',
      joinedAt: at('2025-02-14T18:00:00Z'),
    })
    await server.deps.db.query("UPDATE subscriptions SET renews_at = '2027-02-14T18:00:00Z' WHERE member_id = $1", [
      monthly.id,
    ])
    const before = (await outbox(server.deps.db, groupKey, 1000)).length
    const text = await dryRun(deps(), at('2027-02-14T19:00:00Z'))
    expect(text).toMatch(
      /^mail +#\d+ +dry-card@demo\.test +\$149\.00 +2027-03-10T\d\d:00:00\.000Z +card expiry mail: the Visa ending 4242 \(expires 02\/2027\)/m,
    )
    expect(text).toMatch(/^mail +#\d+ +dry-yearly@demo\.test +\$14\.95 +.* yearly reminder of the monthly renewal/m)
    expect((await outbox(server.deps.db, groupKey, 1000)).length).toBe(before)
  })
})
