import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { PlanPriceChange, staffPlanListSchema } from '#schemas/api/plans.ts'
import { tenants } from '#site-config/tenants.ts'
import { many } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { runDue } from '../registry.ts'
import { members } from '../members/members.ts'
import { accountId, ADMIN, DATABASES, defaultTenant, MEMBER, SUPPORT, useTestServer } from '../../test-harness.ts'

/**
 * An administrator changes a plan's price with the notice members are promised (issue 40): a
 * higher price sooner than that is refused at its field; once scheduled, each member is told at
 * their notice's lead and charged it from the renewal that lead allows; a change is cancellable
 * before its day; every step is one entry of the audit trail. The demo member: Family plan
 * (102), monthly, three people on it, renewing on 5 December 2026.
 */
const groupKey = defaultTenant.groupKey
const FAMILY = 102
type Plans = z.output<typeof staffPlanListSchema>
type Problem = { message: string; issues?: { path: (string | number)[]; message: string }[] }

describe.each(DATABASES)('plans and prices for administrators (%s)', (kind) => {
  let clock = new Date('2026-11-01T19:00:00Z')
  const server = useTestServer(kind, { now: () => clock })
  const plansPath = '/api/v4/staff/plans'
  const pricePath = `${plansPath}/${FAMILY}/price`
  const auditRows = () =>
    many(
      server.deps.db,
      z.object({ action: z.string(), reason: z.nullable(z.string()) }),
      'SELECT action, reason FROM audit_events WHERE subject = $1 ORDER BY id',
      [`plan:${FAMILY}`],
    )

  it('lists each plan’s prices and the first day a higher price may start (30 days from today, in the tenant’s zone)', async () => {
    const admin = await server.staffClient(ADMIN)
    const { status, body } = await admin.json<Plans>(plansPath)
    expect(status).toBe(200)
    expect(body.noticeDays).toBe(30)
    expect(body.earliestIncreaseOn).toBe('2026-12-01')
    expect(body.plans.find((plan) => plan.id === 101)).toMatchObject({
      name: 'Essential',
      monthlyCents: 1495,
      annualCents: 14_900,
      changes: [],
    })
    // Member services do not change prices.
    expect((await (await server.staffClient(SUPPORT)).json(plansPath)).status).toBe(403)
  })

  it('refuses a higher price sooner than the promised notice, naming the first day allowed, and changes nothing', async () => {
    const admin = await server.staffClient(ADMIN)
    const refused = await admin.json<Problem>(pricePath, {
      method: 'POST',
      body: { period: 'month', amountCents: 3495, effectiveOn: '2026-11-20', reason: 'Lab costs went up' },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.issues).toEqual([
      {
        path: ['body', 'effectiveOn'],
        message: 'A higher price needs 30 days’ notice to every member: choose 2026-12-01 or later.',
      },
    ])
    const today = await admin.json<Problem>(pricePath, {
      method: 'POST',
      body: { period: 'month', amountCents: 1000, effectiveOn: '2026-11-01', reason: 'A promotion' },
    })
    expect(today.body.issues?.[0]?.message).toBe('Choose a day after today (2026-11-01).')
    expect(await auditRows()).toEqual([])
  })

  it('schedules a higher price: the member is told at the lead and charged it from the renewal the lead allows', async () => {
    const admin = await server.staffClient(ADMIN)
    const memberId = await accountId(server.deps.db)
    const before = (await members.subscription(server.deps.db, groupKey, memberId, clock))!.priceCents
    const scheduled = await admin.json<PlanPriceChange>(pricePath, {
      method: 'POST',
      body: { period: 'month', amountCents: 3495, effectiveOn: '2026-12-01', reason: 'New fee schedule' },
    })
    expect(scheduled.status).toBe(201)
    expect(scheduled.body).toMatchObject({
      planId: FAMILY,
      period: 'month',
      amountCents: 3495,
      effectiveOn: '2026-12-01',
      status: 'scheduled',
      createdBy: ADMIN.email,
      members: 1,
    })
    expect(await auditRows()).toEqual([{ action: 'plan.price_scheduled', reason: 'New fee schedule' }])
    // A second change of the same price while one waits: cancel that one first.
    expect(
      (
        await admin.json(pricePath, {
          method: 'POST',
          body: { period: 'month', amountCents: 3995, effectiveOn: '2026-12-15', reason: 'Again' },
        })
      ).status,
    ).toBe(409)

    // Today's price is unchanged; a renewal on or after the day is priced with it.
    expect((await members.subscription(server.deps.db, groupKey, memberId, clock))!.priceCents).toBe(before)
    const after = (await members.subscription(server.deps.db, groupKey, memberId, new Date('2026-12-05T00:00:00Z')))!
      .priceCents
    expect(after).toBeGreaterThan(before)

    // 30 days before 5 December the member's check tells the new price, for 5 December.
    const deps = { ...server.deps, tenants }
    await runDue(deps, new Date('2026-11-05T06:00:00Z'))
    const [mail] = (await outbox(server.deps.db, groupKey, 100)).filter(
      (row) => row.recipient === MEMBER.email && /price changes/.test(row.subject),
    )
    expect(mail?.subject).toContain('December 5, 2026')
    expect(mail?.body).toContain(`costs $${(after / 100).toFixed(2)}`)
    // On its day the sweep writes the price into the plan; the renewal charges it.
    await runDue(deps, new Date('2026-12-01T09:00:00Z'))
    // A month on, the administrator signs in again (the session has ended meanwhile).
    clock = new Date('2026-12-02T12:00:00Z')
    const again = await server.staffClient(ADMIN)
    const plans = (await again.json<Plans>(plansPath)).body.plans
    expect(plans.find((plan) => plan.id === FAMILY)).toMatchObject({ monthlyCents: 3495 })
    expect(plans.find((plan) => plan.id === FAMILY)?.changes[0]?.status).toBe('applied')
    await runDue(deps, new Date('2026-12-05T06:00:00Z'))
    const [receipt] = await members.receipts(server.deps.db, groupKey, memberId)
    expect(receipt?.amountCents).toBe(after)
    // Once it has taken effect it cannot be cancelled.
    const id = scheduled.body.id
    expect(
      (await again.json(`${pricePath}/${id}/cancel`, { method: 'POST', body: { reason: 'Too late' } })).status,
    ).toBe(409)
  })

  it('cancels a change before its day: nothing is applied, one audit entry', async () => {
    clock = new Date('2026-12-02T12:00:00Z')
    const admin = await server.staffClient(ADMIN)
    // A lower price needs no notice: from tomorrow.
    const lower = await admin.json<PlanPriceChange>(pricePath, {
      method: 'POST',
      body: { period: 'year', amountCents: 24_900, effectiveOn: '2026-12-03', reason: 'Winter offer' },
    })
    expect(lower.status).toBe(201)
    const cancelled = await admin.json<PlanPriceChange>(`${pricePath}/${lower.body.id}/cancel`, {
      method: 'POST',
      body: { reason: 'Offer withdrawn' },
    })
    expect(cancelled.body.status).toBe('cancelled')
    await runDue({ ...server.deps, tenants }, new Date('2026-12-04T09:00:00Z'))
    const plan = (await admin.json<Plans>(plansPath)).body.plans.find((row) => row.id === FAMILY)
    expect(plan?.annualCents).toBe(29_900)
    expect((await auditRows()).map((row) => row.action)).toEqual([
      'plan.price_scheduled',
      'plan.price_scheduled',
      'plan.price_cancelled',
    ])
  })
})
