import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { membershipPolicySchema } from '#schemas/membership-policy.ts'
import { tenants } from '#site-config/tenants.ts'
import { many } from '../db/database.ts'
import { outbox } from '../dev-outbox.ts'
import { lifecycle } from '../services/membership-lifecycle.ts'
import { members } from '../services/members.ts'
import { memberships } from '../services/memberships.ts'
import { accountId, DATABASES, defaultTenant, MEMBER, useTestServer } from '../test-harness.ts'
import { runDue, type JobsDeps } from './queue.ts'

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

  it('switching plans: the new price takes effect at the renewal, and a mail says so at once', async () => {
    const id = await memberId()
    const before = (await membership()).priceCents
    await memberships.switchPlan(server.deps.db, groupKey, id, 103)
    // The member's own choice, agreed to as they made it: the new price from the next renewal, 5 March.
    await lifecycle.priceChanged(deps(), groupKey, id, at('2027-02-10T12:00:00Z'))
    const after = (await membership()).priceCents
    expect(after).not.toBe(before)
    // The outbox lists the newest first.
    const [mail] = await priceMails()
    expect(mail?.subject).toMatch(/Premier membership’s price changes on March 5, 2027/)
    expect(mail?.body).toContain(`stays at $${(before / 100).toFixed(2)}`)
    // Told once: the same price again sends nothing.
    const count = (await priceMails()).length
    await lifecycle.priceChanged(deps(), groupKey, id, at('2027-02-11T12:00:00Z'))
    expect(await priceMails()).toHaveLength(count)
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
