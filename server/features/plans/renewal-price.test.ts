import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { membershipPolicySchema } from '#schemas/membership-policy.ts'
import { tenants } from '#site-config/tenants.ts'
import { many } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { lifecycle } from '../members/membership-lifecycle.ts'
import { members } from '../members/members.ts'
import { householdChanges } from '../members/household-changes.ts'
import { accountId, DATABASES, defaultTenant, MEMBER, useTestServer } from '../../test-harness.ts'
import { runDue, type JobsDeps } from '../registry.ts'

const groupKey = defaultTenant.groupKey
const at = (iso: string) => new Date(iso)

/**
 * What a renewal charges is known before it is charged: a price that changed (the plan's, another
 * plan, a coupon that ran out) is mailed before the renewal, and the coupon a membership was
 * bought with keeps applying while it is valid. The demo member: Family plan, monthly, renewing on
 * 5 December 2026.
 */
describe.each(DATABASES)('the renewal’s price, told before it is charged (%s)', (kind) => {
  const server = useTestServer(kind)
  const deps = (): JobsDeps => ({ ...server.deps, tenants })
  const memberId = () => accountId(server.deps.db)
  const membership = async () => (await members.subscription(server.deps.db, groupKey, await memberId()))!
  const priceMails = async () =>
    (await outbox(server.deps.db, groupKey, 200)).filter((mail) => /price changes/.test(mail.subject))
  const lastReceipt = async () =>
    (
      await many(
        server.deps.db,
        z.object({ amount_cents: z.number(), description: z.string() }),
        'SELECT amount_cents, description FROM receipts WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
        [await memberId()],
      )
    )[0]

  it('an unchanged price sends nothing, and the check is not due again for that renewal', async () => {
    const summary = await runDue(deps(), at('2026-11-21T06:00:00Z'))
    expect(summary.failed).toEqual([])
    expect(await priceMails()).toEqual([])
    const due = await lifecycle.due(server.deps.db, at('2026-11-21T07:00:00Z'), undefined, tenants.tenants)
    expect(due.filter((item) => item.kind === 'notice')).toEqual([])
  })

  it('the plan’s price goes up after the renewal’s check: the told price is charged, the new one only after 30 days’ notice', async () => {
    const before = (await membership()).priceCents
    // Checked already for 5 December (above): the operator's change cannot be told in time for it.
    await server.deps.db.query(
      'UPDATE plans SET monthly_price_cents = monthly_price_cents + 100 WHERE id = (SELECT plan_id FROM subscriptions WHERE member_id = $1)',
      [await memberId()],
    )
    const raised = (await membership()).priceCents
    expect(raised).toBeGreaterThan(before)
    await runDue(deps(), at('2026-12-05T06:00:00Z'))
    expect((await lastReceipt())?.amount_cents).toBe(before)
    // 5 January's check is due 30 days before it, on 6 December: told in time, it names 5 January.
    expect(await priceMails()).toHaveLength(0)
    await runDue(deps(), at('2026-12-06T06:00:00Z'))
    const [mail, ...more] = await priceMails()
    expect(more).toEqual([])
    expect(mail?.recipient).toBe(MEMBER.email)
    expect(mail?.subject).toContain('January 5, 2027')
    expect(mail?.body).toContain(`costs $${(raised / 100).toFixed(2)}`)
    expect(mail?.body).toContain(`stays at $${(before / 100).toFixed(2)}`)
    // Raised again after that notice: 5 January charges what the member was told, never more.
    await server.deps.db.query(
      'UPDATE plans SET monthly_price_cents = monthly_price_cents + 250 WHERE id = (SELECT plan_id FROM subscriptions WHERE member_id = $1)',
      [await memberId()],
    )
    const higher = (await membership()).priceCents
    await runDue(deps(), at('2026-12-22T06:00:00Z'))
    await runDue(deps(), at('2027-01-05T06:00:00Z'))
    expect((await lastReceipt())?.amount_cents).toBe(raised)
    // The next check (6 January, for 5 February) tells the higher price; 5 February charges it.
    await runDue(deps(), at('2027-01-06T06:00:00Z'))
    expect((await priceMails())[0]?.subject).toContain('February 5, 2027')
    await runDue(deps(), at('2027-02-05T06:00:00Z'))
    expect((await lastReceipt())?.amount_cents).toBe(higher)
  })

  it('switching plans mid-term: the difference for the paid days left is charged at once, the renewal is at the new price, and one mail says both', async () => {
    const id = await memberId()
    const before = await membership()
    // 10 February: the month paid on 5 February has 23 of its 28 days left.
    const now = at('2027-02-10T12:00:00Z')
    const changeDeps = { ...deps(), tenant: defaultTenant, now: () => now }
    const premier = { change: 'plan' as const, planId: 103 }
    const { quote } = (await householdChanges.quote(changeDeps, id, premier, now))!
    expect(quote).toMatchObject({
      currentCents: before.priceCents,
      daysLeft: 23,
      periodDays: 28,
      paidThrough: '2027-03-05T00:00:00.000Z',
      renewsAt: '2027-03-05T00:00:00.000Z',
      renewalCents: quote.newCents,
    })
    expect(quote.newCents).toBeGreaterThan(before.priceCents)
    expect(quote.dueNowCents).toBe(Math.round(((quote.newCents - before.priceCents) * 23) / 28))
    // Nothing changes without the member's yes to that amount.
    const amount = `$${(quote.dueNowCents / 100).toFixed(2)}`
    await expect(householdChanges.make(changeDeps, id, premier, {})).rejects.toThrow(
      `This change charges ${amount} now, for the 23 days left of the time you have paid for.`,
    )
    expect((await membership()).planName).toBe(before.planName)

    const confirmed = { confirmedCents: quote.dueNowCents, idempotencyKey: 'switch-to-premier-0001' }
    const priceMailsBefore = (await priceMails()).length
    await householdChanges.make(changeDeps, id, premier, confirmed)
    const receipt = await lastReceipt()
    expect(receipt?.amount_cents).toBe(quote.dueNowCents)
    expect(receipt?.description).toBe(
      `Premier plan, change: Premier plan instead of ${before.planName}: 23 of 28 days, February 10, 2027 to March 5, 2027, for Jordan Rivera, Sam Rivera, Ava Rivera`,
    )
    expect((await membership()).renewalCents).toBe(quote.newCents)
    // One mail, with the charge and the renewal's new price; no separate price-change notice.
    const [mail] = await outbox(server.deps.db, groupKey, 1)
    expect(mail?.subject).toBe(`Your Premier membership is changed: ${amount} charged`)
    expect(mail?.body).toContain(
      `From its renewal on March 5, 2027, your Premier membership costs $${(quote.newCents / 100).toFixed(2)}.`,
    )
    expect(await priceMails()).toHaveLength(priceMailsBefore)
    // The same request again (its key) is the same change: nothing more is charged.
    await householdChanges.make(changeDeps, id, premier, confirmed)
    expect((await lastReceipt())?.amount_cents).toBe(quote.dueNowCents)
    expect((await membership()).planName).toBe('Premier')
  })

  it('a coupon keeps applying at renewal while it is valid; once it has expired, the full price is told, then charged', async () => {
    const id = await memberId()
    const full = (await membership()).priceCents
    await server.deps.db.query(
      "INSERT INTO coupons (code, group_key, kind, amount, expires_at) VALUES ('LOYAL', $1, 'percent', 10, '2027-03-20T00:00:00Z')",
      [groupKey],
    )
    await server.deps.db.query(
      "UPDATE subscriptions SET coupon_code = $2, renewal_cents = $3, prior_renewal_cents = NULL, renewal_told_at = '2027-01-01' WHERE member_id = $1",
      [id, 'LOYAL', Math.round(full * 0.9)],
    )
    await runDue(deps(), at('2027-03-05T06:00:00Z'))
    expect(await lastReceipt()).toMatchObject({ amount_cents: full - Math.round(full * 0.1) })
    // 30 days before 5 April the coupon will have run out: the full price is mailed, then charged.
    const mailsBefore = (await priceMails()).length
    await runDue(deps(), at('2027-03-06T06:00:00Z'))
    const notice = (await priceMails()).slice(0, (await priceMails()).length - mailsBefore)
    expect(notice).toHaveLength(1)
    expect(notice[0]?.subject).toContain('April 5, 2027')
    expect(notice[0]?.body).toContain(`$${(full / 100).toFixed(2)}`)
    await runDue(deps(), at('2027-04-05T06:00:00Z'))
    expect((await lastReceipt())?.amount_cents).toBe(full)
  })

  it('a tenant’s own notice lead decides when the notice is due', async () => {
    const policy = membershipPolicySchema.parse({ annualNoticeDays: 20, priceNoticeDays: 3 })
    const leads = [{ groupKey, policy }]
    // The member now renews on 5 May 2027 (monthly; its check by the default 30 days is undone): due 3 days before, not 4.
    await server.deps.db.query('UPDATE subscriptions SET notice_sent_for = NULL WHERE member_id = $1', [
      await memberId(),
    ])
    expect(
      (await lifecycle.due(server.deps.db, at('2027-05-01T23:00:00Z'), undefined, leads)).filter(
        (item) => item.kind === 'notice',
      ),
    ).toEqual([])
    expect(
      (await lifecycle.due(server.deps.db, at('2027-05-02T01:00:00Z'), undefined, leads)).filter(
        (item) => item.kind === 'notice',
      ),
    ).toEqual([{ id: (await membership()).id, kind: 'notice' }])
  })
})
