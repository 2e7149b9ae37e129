import { z } from '#schemas/engine/zod.ts'
import { many, one, type Queryable } from '../../platform/db/database.ts'

/**
 * What a cancellation leaves behind: the refunds it made (their reason starts `Membership
 * cancelled (`, membership-refunds.ts) and the written requests member services record.
 */

export const writtenCancellationRow = z.object({
  id: z.number(),
  group_key: z.string(),
  member_id: z.number(),
  subscription_id: z.number(),
  requested_on: z.string(),
  recorded_at: z.coerce.date(),
  recorded_by: z.nullable(z.number()),
  outcome: z.enum(['now', 'at_period_end']),
  ends_at: z.coerce.date(),
  refund_cents: z.number(),
})

/** What cancellations refunded of a receipt (refunds by member services are not counted). */
export async function cancellationRefundsOf(db: Queryable, receiptId: number): Promise<number> {
  const { n } = await one(
    db,
    z.object({ n: z.coerce.number() }),
    "SELECT COALESCE(SUM(amount_cents), 0) AS n FROM refunds WHERE receipt_id = $1 AND reason LIKE 'Membership cancelled (%'",
    [receiptId],
  )
  return n
}

/**
 * Dates the member's cancellation refunds the lifecycle dated `asOf` (a written request's day) on
 * the day they were made (`madeAt`).
 */
export async function redateCancellationRefunds(
  tx: Queryable,
  groupKey: string,
  memberId: number,
  asOf: Date,
  madeAt: Date,
) {
  await tx.query(
    `UPDATE refunds SET created_at = $3 WHERE group_key = $1 AND created_at = $2 AND reason LIKE 'Membership cancelled (%'
          AND receipt_id IN (SELECT id FROM receipts WHERE group_key = $1 AND member_id = $4)`,
    [groupKey, asOf, madeAt, memberId],
  )
}

export async function insertWrittenCancellation(
  tx: Queryable,
  request: {
    groupKey: string
    memberId: number
    subscriptionId: number
    requestedOn: string
    recordedAt: Date
    recordedBy: number
    outcome: 'now' | 'at_period_end'
    endsAt: Date
    refundCents: number
  },
) {
  await tx.query(
    `INSERT INTO written_cancellations (group_key, member_id, subscription_id, requested_on, recorded_at, recorded_by, outcome, ends_at, refund_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      request.groupKey,
      request.memberId,
      request.subscriptionId,
      request.requestedOn,
      request.recordedAt,
      request.recordedBy,
      request.outcome,
      request.endsAt,
      request.refundCents,
    ],
  )
}

/** The written cancellation requests recorded for a member, newest first. */
export const writtenCancellationsOf = (db: Queryable, groupKey: string, memberId: number) =>
  many(
    db,
    z.pick(writtenCancellationRow, {
      requested_on: true,
      recorded_at: true,
      outcome: true,
      ends_at: true,
      refund_cents: true,
    }),
    `SELECT requested_on::text AS requested_on, recorded_at, outcome, ends_at, refund_cents
       FROM written_cancellations WHERE group_key = $1 AND member_id = $2 ORDER BY recorded_at DESC, id DESC`,
    [groupKey, memberId],
  )
