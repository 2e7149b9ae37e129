import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type {
  cancellationQuoteSchema,
  cancellationSchema,
  idCardSchema,
  membershipHistorySchema,
  MemberInfo,
  Receipt,
  Subscription,
} from '#schemas/api/members.ts'
import { one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import {
  DATABASES,
  defaultTenant,
  MEMBER,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

type Quote = z.infer<typeof cancellationQuoteSchema>
type Cancellation = z.infer<typeof cancellationSchema>
type History = z.infer<typeof membershipHistorySchema>
type Card = z.infer<typeof idCardSchema>

/** Today in the demo data: the demo member's period began on 5 November 2026 and renews on 5 December. */
const TODAY = new Date('2026-11-27T12:00:00Z')
const groupKey = defaultTenant.groupKey

/** The payment of the demo member's current period: what a cancellation within the window refunds. */
const lastPayment = (server: TestServer) =>
  one(
    server.deps.db,
    z.object({ id: z.number(), amount_cents: z.number(), card_last4: z.string() }),
    `SELECT r.id, r.amount_cents, r.card_last4 FROM subscriptions s JOIN receipts r ON r.id = s.paid_by_receipt_id
       JOIN users u ON u.id = s.member_id WHERE u.email = $1 AND s.group_key = $2 ORDER BY s.id DESC LIMIT 1`,
    [MEMBER.email, groupKey],
  )

describe.each(DATABASES)('cancelling a membership from the dashboard’s API (%s)', (kind) => {
  describe('within the refund window', () => {
    let server: TestServer
    let member: TestClient
    beforeAll(async () => {
      server = await startTestServer(kind, { now: () => TODAY })
      member = await server.client().login(MEMBER)
    }, 60_000)
    afterAll(() => server.close())

    it('refuses the anonymous (401) and a member without a membership (409, with what to do)', async () => {
      expect((await server.client().json('/api/v4/member/cancellation')).status).toBe(401)
      expect((await server.client().json('/api/v4/member/cancel', { method: 'POST' })).status).toBe(401)
      const newcomer = {
        email: 'newcomer@demo.test',
        password: 'Bright-Teeth-Pass-31!',
        firstName: 'Noa',
        lastName: 'Li',
      }
      await server.client().json('/api/v4/member/signup', { method: 'POST', body: newcomer })
      const client = await server.client().login(newcomer)
      expect(await client.json('/api/v4/member/cancellation')).toMatchObject({
        status: 409,
        body: { message: 'You have no membership yet. Join from your dashboard.' },
      })
      expect(await client.json('/api/v4/member/cancel', { method: 'POST' })).toMatchObject({ status: 409 })
      expect(await client.json<History>('/api/v4/member/history')).toMatchObject({ status: 200, body: { events: [] } })
    })

    it('quotes a cancellation today with the last payment back to its card, and changes nothing', async () => {
      const paid = await lastPayment(server)
      const quote = await member.json<Quote>('/api/v4/member/cancellation')
      expect(quote.status).toBe(200)
      expect(quote.body).toEqual({
        kind: 'now',
        reason: 'refund_window',
        refundCents: paid.amount_cents,
        endsAt: TODAY.toISOString(),
        cardLast4: paid.card_last4,
      })
      expect((await member.json<MemberInfo>('/api/v4/member/info')).body.subscription?.status).toBe('active')
    })

    it('lists the demo membership’s history: joined on its start date, by the checkout', async () => {
      const { body } = await member.json<History>('/api/v4/member/history')
      expect(body.events).toHaveLength(1)
      expect(body.events[0]).toMatchObject({
        at: '2026-01-05T00:00:00.000Z',
        event: 'joined',
        by: 'checkout',
        from: null,
        to: 'active',
      })
    })

    it('cancels today: the refund on the receipt, the ID cards not valid, the history and the mail say so', async () => {
      const paid = await lastPayment(server)
      const cancelled = await member.json<Cancellation>('/api/v4/member/cancel', { method: 'POST' })
      expect(cancelled.status).toBe(200)
      expect(cancelled.body.outcome).toMatchObject({ kind: 'now', refundCents: paid.amount_cents })
      expect(cancelled.body.subscription).toMatchObject({
        status: 'cancelled',
        autoRenew: false,
        endsAt: TODAY.toISOString(),
      } satisfies Partial<Subscription>)

      const receipts = (await member.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts
      expect(receipts.find((receipt) => receipt.id === paid.id)?.refundedCents).toBe(paid.amount_cents)

      const info = (await member.json<MemberInfo>('/api/v4/member/info')).body
      expect(info.dependents.length).toBeGreaterThan(0)
      const own = await member.json<Card>(`/api/v4/member/idCard/${info.id}?person=member`)
      expect(own.body).toMatchObject({ status: 'cancelled', endedOn: '2026-11-27', validThrough: '2026-11-27' })
      const dependent = await member.json<Card>(`/api/v4/member/idCard/${info.dependents[0]!.id}?person=dependent`)
      expect(dependent.body).toMatchObject({ status: 'cancelled', endedOn: '2026-11-27' })

      const { body } = await member.json<History>('/api/v4/member/history')
      expect(body.events[0]).toEqual({
        at: TODAY.toISOString(),
        event: 'cancelled',
        by: 'member',
        from: 'active',
        to: 'cancelled',
        chargedCents: null,
        refundedCents: paid.amount_cents,
        receiptId: paid.id,
      })
      const mails = (await outbox(server.deps.db, groupKey)).filter((mail) => /is cancelled/.test(mail.subject))
      expect(mails).toHaveLength(1)
    })

    it('refuses to cancel or quote again (409): the membership has already ended, and nothing is refunded twice', async () => {
      const paid = await lastPayment(server)
      for (const answer of [
        await member.json('/api/v4/member/cancel', { method: 'POST' }),
        await member.json('/api/v4/member/cancellation'),
      ])
        expect(answer).toMatchObject({ status: 409, body: { message: 'This membership has already ended.' } })
      const receipts = (await member.json<{ receipts: Receipt[] }>('/api/v4/member/receipts')).body.receipts
      expect(receipts.find((receipt) => receipt.id === paid.id)?.refundedCents).toBe(paid.amount_cents)
      // An ended membership is not reinstated by turning renewal on.
      expect(
        await member.json('/api/v4/member/autoRenew', { method: 'POST', body: { autoRenew: true } }),
      ).toMatchObject({ status: 409, body: { message: 'This membership has ended; join again from your dashboard.' } })
    })
  })

  describe('after the refund window', () => {
    let server: TestServer
    let member: TestClient
    beforeAll(async () => {
      server = await startTestServer(kind, { now: () => TODAY })
      // The period began 38 days ago (its renewal date stays 5 December).
      await server.deps.db.query(
        "UPDATE subscriptions SET period_started_at = '2026-10-20T00:00:00Z' WHERE member_id = (SELECT id FROM users WHERE email = $1 AND group_key = $2)",
        [MEMBER.email, groupKey],
      )
      member = await server.client().login(MEMBER)
    }, 60_000)
    afterAll(() => server.close())

    it('quotes the end at the period’s end without a refund; cancelling ends it then, with renewal off', async () => {
      const quote = await member.json<Quote>('/api/v4/member/cancellation')
      expect(quote.body).toEqual({
        kind: 'at_period_end',
        reason: 'period_end',
        refundCents: 0,
        endsAt: '2026-12-05T00:00:00.000Z',
        cardLast4: null,
      })
      const cancelled = await member.json<Cancellation>('/api/v4/member/cancel', { method: 'POST' })
      expect(cancelled.status).toBe(200)
      expect(cancelled.body.subscription).toMatchObject({
        status: 'ending',
        autoRenew: false,
        endsAt: '2026-12-05T00:00:00.000Z',
      })
      // Still covered until then.
      const info = (await member.json<MemberInfo>('/api/v4/member/info')).body
      expect((await member.json<Card>(`/api/v4/member/idCard/${info.id}`)).body).toMatchObject({
        status: 'ending',
        endedOn: null,
      })
      const { body } = await member.json<History>('/api/v4/member/history')
      expect(body.events[0]).toMatchObject({
        event: 'ending_scheduled',
        from: 'active',
        to: 'ending',
        refundedCents: null,
      })
    })

    it('keeps the membership with one request (renewal back on): active again, in the history', async () => {
      const kept = await member.json<Subscription>('/api/v4/member/autoRenew', {
        method: 'POST',
        body: { autoRenew: true },
      })
      expect(kept).toMatchObject({ status: 200, body: { status: 'active', autoRenew: true, endsAt: null } })
      const { body } = await member.json<History>('/api/v4/member/history')
      expect(body.events[0]).toMatchObject({ event: 'reinstated', from: 'ending', to: 'active' })
    })

    it('refuses to cancel while the renewal is being charged (409, try again in a minute)', async () => {
      await server.deps.db.query(
        "UPDATE subscriptions SET status = 'renewing' WHERE member_id = (SELECT id FROM users WHERE email = $1 AND group_key = $2)",
        [MEMBER.email, groupKey],
      )
      const message = 'Your renewal is being charged right now. Try again in a minute.'
      expect(await member.json('/api/v4/member/cancel', { method: 'POST' })).toMatchObject({
        status: 409,
        body: { message },
      })
      expect(await member.json('/api/v4/member/cancellation')).toMatchObject({ status: 409, body: { message } })
    })
  })
})
