import {
  historyEventKindSchema,
  membershipHistoryEventSchema,
  type CancellationQuote,
  type MembershipHistoryEvent,
} from '#schemas/api/members.ts'
import type { CancellationOutcome } from '#schemas/membership-policy.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { refundCardOf } from './payment-store.ts'

/**
 * The member API's words for the lifecycle's answers (server/features/members/membership-lifecycle.ts does
 * the work): a cancellation's outcome as the dashboard says it, and the history as it lists it.
 */

/** The card a refund of the member's latest membership goes back to: the one its last payment was charged to. */
async function refundCard(db: Queryable, groupKey: string, memberId: number): Promise<string | null> {
  return (await refundCardOf(db, groupKey, memberId))?.card_last4 ?? null
}

/** What a cancellation does (or did), with the day cover ends and the card a refund goes to. */
export async function toQuote(
  db: Queryable,
  groupKey: string,
  memberId: number,
  outcome: CancellationOutcome,
): Promise<CancellationQuote> {
  return {
    kind: outcome.kind,
    reason: outcome.reason,
    refundCents: outcome.refundCents,
    endsAt: outcome.endsAt.toISOString(),
    cardLast4: outcome.refundCents > 0 ? await refundCard(db, groupKey, memberId) : null,
  }
}

/** The member's membership history, newest first: amounts split into charged and refunded. */
export async function memberHistory(db: Queryable, groupKey: string, memberId: number) {
  const rows = await lifecycle.history(db, groupKey, memberId)
  return rows.map((row): MembershipHistoryEvent => ({
    at: row.at.toISOString(),
    event: historyEventKindSchema.parse(row.event),
    by: membershipHistoryEventSchema.shape.by.parse(row.actor.startsWith('staff:') ? 'staff' : row.actor),
    from: row.from_state,
    to: row.to_state,
    chargedCents: row.amount_cents !== null && row.amount_cents > 0 ? row.amount_cents : null,
    refundedCents: row.amount_cents !== null && row.amount_cents < 0 ? -row.amount_cents : null,
    receiptId: row.receipt_id,
  }))
}
