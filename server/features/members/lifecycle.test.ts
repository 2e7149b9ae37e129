import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { tenants } from '#site-config/tenants.ts'
import { many, one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { idCard } from './id-cards.ts'
import { members } from './members.ts'
import { memberships } from './memberships.ts'
import { move, NotMoved, subscriptionById } from './membership-store.ts'
import { sandboxTokenize } from '../../platform/payments/sandbox-processor.ts'
import { accountId, DATABASES, defaultTenant, MEMBER, useTestServer, type TestServer } from '../../test-harness.ts'
import { runDue, type JobsDeps } from '../registry.ts'

const groupKey = defaultTenant.groupKey
/** The demo member's membership: monthly, renewing on 5 December 2026 (site-config/demo-data). */
const RENEWAL = new Date('2026-12-05T00:00:00Z')
const at = (iso: string) => new Date(iso)

/** The jobs' dependencies on a test server: its services and the tenants' lifecycle rules. */
const jobsDeps = (server: TestServer): JobsDeps => ({ ...server.deps, tenants })
/** The demo member's account id on a test server. */
const demoMemberId = (server: TestServer) => accountId(server.deps.db)

describe.each(DATABASES)('a membership over time, by the jobs (%s)', (kind) => {
  const server = useTestServer(kind)
  const deps = () => jobsDeps(server)
  const memberId = () => demoMemberId(server)
  const state = async () => (await members.subscription(server.deps.db, groupKey, await memberId()))!
  const receipts = async () =>
    many(
      server.deps.db,
      z.object({ id: z.number(), description: z.string(), amount_cents: z.number() }),
      'SELECT id, description, amount_cents FROM receipts WHERE member_id = $1 ORDER BY id',
      [await memberId()],
    )
  const mails = async (subject: RegExp) =>
    (await outbox(server.deps.db, groupKey, 200)).filter((mail) => subject.test(mail.subject))
  const events = async () =>
    (await lifecycle.history(server.deps.db, groupKey, await memberId())).map((event) => event.event)

  it('does nothing before the renewal date', async () => {
    const before = await receipts()
    const summary = await runDue(deps(), at('2026-12-04T23:59:00Z'))
    expect(summary.done['renewed']).toBeUndefined()
    expect(await receipts()).toEqual(before)
    expect((await state()).status).toBe('active')
  })

  it('renews on the date: a receipt at the membership’s price, the next period, the mail; once, however often it runs', async () => {
    const before = await receipts()
    const price = (await state()).priceCents
    const id = (await state()).id
    // A second worker reads the membership as due, then this run renews it before that worker claims it.
    const readByTheOther = (await subscriptionById(server.deps.db, id))!
    const summary = await runDue(deps(), at('2026-12-05T06:00:00Z'))
    expect(summary.done['renewed']).toBe(1)
    expect(summary.failed).toEqual([])
    const after = await receipts()
    expect(after).toHaveLength(before.length + 1)
    expect(after.at(-1)).toMatchObject({ description: expect.stringMatching(/renewal/), amount_cents: price })
    const renewed = await state()
    expect(renewed).toMatchObject({ status: 'active', renewsAt: '2027-01-05T00:00:00.000Z' })
    // The other worker's claim finds it active again, a period later: it takes nothing (claiming it
    // would charge January's renewal a month early).
    await expect(move(server.deps.db, readByTheOther, 'renewal_due', 'jobs', RENEWAL)).rejects.toThrow(NotMoved)
    expect(await state()).toMatchObject({ status: 'active', renewsAt: '2027-01-05T00:00:00.000Z' })
    expect(await events()).toEqual(expect.arrayContaining(['renewal_due', 'renewal_paid']))
    const [mail] = await mails(/is renewed/)
    expect(mail?.recipient).toBe(MEMBER.email)
    expect(mail?.body).toContain('January 5, 2027')
    // The same run again, and a later one in the same period: nothing more is charged.
    await runDue(deps(), at('2026-12-05T06:00:00Z'))
    await runDue(deps(), at('2026-12-20T00:00:00Z'))
    expect(await receipts()).toHaveLength(after.length)
    const renewals = await one(
      server.deps.db,
      z.object({ count: z.coerce.number() }),
      'SELECT count(*) AS count FROM renewals WHERE period_start = $1',
      [RENEWAL],
    )
    expect(renewals.count).toBe(1)
  })

  it('a card declined later: past due with retries on days 1, 3 and 7, a mail each time; a new card pays at once', async () => {
    const id = await memberId()
    await members.saveCard(
      server.deps.db,
      groupKey,
      id,
      sandboxTokenize({ number: '4000000000000341', expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' }),
    )
    const before = (await receipts()).length
    await runDue(deps(), at('2027-01-05T06:00:00Z'))
    let current = await state()
    expect(current).toMatchObject({ status: 'past_due', nextRetryAt: '2027-01-06T00:00:00.000Z' })
    expect(await mails(/could not renew/)).toHaveLength(1)
    // Day 3: the first and second retries are due; both are declined.
    await runDue(deps(), at('2027-01-08T06:00:00Z'))
    current = await state()
    // Covered meanwhile, through the grace period: to the last retry's day.
    expect(current).toMatchObject({
      status: 'past_due',
      nextRetryAt: '2027-01-12T00:00:00.000Z',
      endsAt: '2027-01-12T00:00:00.000Z',
    })
    expect(await mails(/could not renew/)).toHaveLength(2)
    // The mail before the last try says it is the last, and what follows if it fails.
    const [last, ...others] = await mails(/Last try/)
    expect(others).toEqual([])
    expect(last?.subject).toBe('Last try to renew your Family membership, on January 12, 2027')
    expect(last?.body).toContain('If that fails too, your membership ends that day')
    // The dashboard's next charge is that try; the ID card is valid through it.
    expect(await memberships.balance(server.deps.db, groupKey, id)).toMatchObject({
      nextChargeAt: '2027-01-12T00:00:00.000Z',
      nextChargeCents: current.renewalCents,
    })
    expect(await idCard(server.deps.db, groupKey, id, id, 'member')).toMatchObject({
      status: 'past_due',
      validThrough: '2027-01-12',
    })
    expect((await receipts()).length).toBe(before)
    // The member puts in a card that pays: the retry runs at once, in the member's presence.
    await members.saveCard(
      server.deps.db,
      groupKey,
      id,
      sandboxTokenize({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' }),
    )
    expect(await lifecycle.renew(deps(), current.id, at('2027-01-09T10:00:00Z'), 'member', true)).toBe('renewed')
    expect(await state()).toMatchObject({ status: 'active', renewsAt: '2027-02-05T00:00:00.000Z', nextRetryAt: null })
    expect((await receipts()).length).toBe(before + 1)
  })

  it('after the last retry: expired, with the mail saying how to rejoin', async () => {
    const id = await memberId()
    await members.saveCard(
      server.deps.db,
      groupKey,
      id,
      sandboxTokenize({ number: '4000000000000341', expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' }),
    )
    const summary = await runDue(deps(), at('2027-02-20T00:00:00Z'))
    expect(summary.done['declined']).toBe(3)
    expect(summary.done['expired']).toBe(1)
    // Covered through the grace period: it ends on the day of the last retry (5 February + 7 days).
    expect(await state()).toMatchObject({ status: 'expired', endsAt: '2027-02-12T00:00:00.000Z' })
    const [ended] = await mails(/has ended/)
    expect(ended?.body).toMatch(/join again/)
    expect(await events()).toContain('retries_exhausted')
    // No charge for a membership that ended.
    const count = (await receipts()).length
    await runDue(deps(), at('2027-06-01T00:00:00Z'))
    expect((await receipts()).length).toBe(count)
  })
})

describe.each(DATABASES)('cancelling and ending (%s)', (kind) => {
  const server = useTestServer(kind, { env: {} })
  const deps = () => jobsDeps(server)
  const memberId = () => demoMemberId(server)

  it('auto-renewal off ends the membership on its date; reinstating before then keeps it', async () => {
    const id = await memberId()
    await lifecycle.setAutoRenew(deps(), groupKey, id, false, at('2026-11-20T00:00:00Z'), 'member')
    expect(await members.subscription(server.deps.db, groupKey, id)).toMatchObject({
      status: 'ending',
      endsAt: RENEWAL.toISOString(),
    })
    await lifecycle.setAutoRenew(deps(), groupKey, id, true, at('2026-11-21T00:00:00Z'), 'member')
    expect((await members.subscription(server.deps.db, groupKey, id))?.status).toBe('active')
    await lifecycle.setAutoRenew(deps(), groupKey, id, false, at('2026-11-22T00:00:00Z'), 'member')
    const summary = await runDue(deps(), at('2026-12-06T00:00:00Z'))
    expect(summary.done['expired']).toBe(1)
    expect(summary.done['renewed']).toBeUndefined()
    expect((await members.subscription(server.deps.db, groupKey, id))?.status).toBe('expired')
  })

  it('within the refund window a cancellation refunds the last payment in full, once, and the receipt shows it', async () => {
    const db = server.deps.db
    const id = await memberId()
    // A fresh membership paid today (the demo member rejoins after the one above expired).
    const [receipt] = await many(
      db,
      z.object({ id: z.number() }),
      "INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at, charge_id) VALUES ($1, $2, 'Family plan', 8985, '4242', $3, 'ch_test_rejoin') RETURNING id",
      [groupKey, id, at('2027-01-10T00:00:00Z')],
    )
    await db.query(
      "INSERT INTO sandbox_charges (idempotency_key, charge_id, token, amount_cents, description) VALUES ('test-rejoin', 'ch_test_rejoin', 'tok_sandbox_seed_4242', 8985, 'Family plan')",
    )
    await db.transaction((tx) =>
      lifecycle.start(tx, groupKey, id, {
        planId: 102,
        officeId: 1001,
        billingCycle: 'monthly',
        timeZone: 'UTC',
        startedAt: at('2027-01-10T00:00:00Z'),
        renewsAt: at('2027-02-10T00:00:00Z'),
        receiptId: receipt!.id,
        amountCents: 8985,
        enrollmentFeeCents: 0,
        actor: 'member',
      }),
    )
    const outcome = await lifecycle.cancel(deps(), groupKey, id, at('2027-01-20T00:00:00Z'), 'member')
    expect(outcome).toMatchObject({ kind: 'now', refundCents: 8985, reason: 'refund_window' })
    expect(await members.subscription(db, groupKey, id)).toMatchObject({ status: 'cancelled' })
    const refunded = (await members.receipts(db, groupKey, id)).find((row) => row.id === receipt!.id)
    expect(refunded?.refundedCents).toBe(8985)
    // Asked again (a double click, a retry): no second refund.
    await expect(lifecycle.cancel(deps(), groupKey, id, at('2027-01-20T00:01:00Z'), 'member')).rejects.toThrow(
      /already ended/,
    )
    const sandboxRefunds = await one(
      db,
      z.object({ count: z.coerce.number() }),
      "SELECT count(*) AS count FROM sandbox_refunds WHERE charge_id = 'ch_test_rejoin'",
    )
    expect(sandboxRefunds.count).toBe(1)
    const [mail] = (await outbox(db, groupKey, 50)).filter((row) => /is cancelled/.test(row.subject))
    expect(mail?.body).toContain('$89.85 is refunded')
  })
})
