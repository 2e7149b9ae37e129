import { z } from '#schemas/engine/zod.ts'
import type { ChangeQuote, Dependent, dependentInputSchema, Subscription } from '#schemas/api/members.ts'
import { isCovered } from '#schemas/membership-states.ts'
import type { ChangeInPlace } from '#schemas/membership-lifecycle.ts'
import { proRataChange } from '#schemas/membership-policy.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { dependents, requireOwnDependent } from './dependents.ts'
import { Conflict } from '../../platform/errors.ts'
import { once, processorKey } from '../../platform/idempotency.ts'
import { lifecycle, nextRenewal, type LifecycleDeps } from './membership-lifecycle.ts'
import { periodWords } from './membership-mail.ts'
import { members } from './members.ts'
import { chargesOf } from './payment-store.ts'
import { chargeMember, memberships, type MembershipDeps } from './memberships.ts'
import { dollars, planCatalog } from '../plans/index.ts'

type DependentInput = z.output<typeof dependentInputSchema>

/** A change of a membership that covers the member: another plan, or a dependent added, changed or removed. */
export type HouseholdChange =
  | { change: 'plan'; planId: number }
  | { change: 'add'; dependent: DependentInput }
  | { change: 'update'; id: number; dependent: DependentInput }
  | { change: 'remove'; id: number }

/** The member's yes to what the change costs now (schemas/api/members.ts changeConfirmSchema). */
export interface Confirmation {
  confirmedCents?: number | undefined
  idempotencyKey?: string | undefined
}

type Deps = MembershipDeps & LifecycleDeps

/** What a change did, as its payment keeps it (a replay answers the same). */
const doneSchema = z.object({ dependentId: z.nullable(z.number()) })

/** Makes the change in `tx`: what it is called on a receipt, and the dependent it added or changed. */
async function apply(tx: Queryable, groupKey: string, memberId: number, change: HouseholdChange) {
  switch (change.change) {
    case 'plan': {
      const before = await members.subscription(tx, groupKey, memberId)
      const after = await memberships.switchPlan(tx, groupKey, memberId, change.planId)
      return { event: 'plan_changed' as const, what: `${after.planName} plan instead of ${before?.planName ?? ''}` }
    }
    case 'add': {
      const added = await dependents.add(tx, groupKey, memberId, change.dependent)
      return { event: 'household_changed' as const, what: `${nameOf(added)} added`, dependent: added }
    }
    case 'update': {
      const before = await dependentOf(tx, groupKey, memberId, change.id)
      const updated = await dependents.update(tx, groupKey, memberId, change.id, change.dependent)
      const plan = updated.planId
        ? (await planCatalog.plan(tx, groupKey, updated.planId))?.name
        : (await members.subscription(tx, groupKey, memberId))?.planName
      const moved = before.planId !== updated.planId
      return {
        event: 'household_changed' as const,
        what: moved ? `${nameOf(updated)} on the ${plan} plan` : `${nameOf(updated)} changed`,
        dependent: updated,
      }
    }
    case 'remove': {
      const before = await dependentOf(tx, groupKey, memberId, change.id)
      await dependents.remove(tx, groupKey, memberId, change.id)
      return { event: 'household_changed' as const, what: `${nameOf(before)} removed` }
    }
  }
}

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`

async function dependentOf(db: Queryable, groupKey: string, memberId: number, id: number): Promise<Dependent> {
  await requireOwnDependent(db, groupKey, memberId, id)
  return (await members.dependents(db, groupKey, memberId)).find((dependent) => dependent.id === id)!
}

/** Leaves a trial transaction without keeping anything, with what it found. */
class Trial<T> extends Error {
  override readonly name = 'Trial'
  constructor(readonly found: T) {
    super('A trial change, not kept')
  }
}

interface Priced {
  quote: ChangeQuote
  what: string
  event: ChangeInPlace
  people: string
  subscription: Subscription
  paidThrough: Date
  now: Date
}

/**
 * A member's changes to their membership while it covers them, each priced from now: the
 * difference a period, charged (or refunded) for the paid days left, shown before the member
 * confirms it and made exactly as shown (server/features/members/membership-lifecycle.ts `changed` records
 * it, tells the renewal's new price and mails both).
 */
export const householdChanges = {
  /**
   * What the change costs, found by making it in a transaction that is not kept: the same checks
   * and prices as the change itself. Undefined when the membership does not cover the member (an
   * account keeping its family for joining again): nothing is paid then.
   */
  async quote(deps: Deps, memberId: number, change: HouseholdChange, now: Date): Promise<Priced | undefined> {
    const { groupKey } = deps.tenant
    try {
      await deps.db.transaction(async (tx) => {
        const before = await members.subscription(tx, groupKey, memberId, now)
        const made = await apply(tx, groupKey, memberId, change)
        if (!before || !isCovered(before.status)) throw new Trial(undefined)
        const after = (await members.subscription(tx, groupKey, memberId, now))!
        const row = await lifecycle.row(tx, before.id)
        const differenceCents = after.priceCents - before.priceCents
        if (differenceCents !== 0 && (row.status === 'past_due' || row.status === 'renewing'))
          throw new Conflict(
            row.status === 'renewing'
              ? 'Your renewal is being charged right now. Try again in a minute.'
              : 'Your renewal payment is due: update your card to pay it, then make this change.',
            row.status === 'renewing' ? { retryAfterSeconds: 60 } : undefined,
          )
        const renews = row.status === 'active' && row.auto_renew
        const paidThrough = row.status === 'ending' ? (row.ends_at ?? row.renews_at) : row.renews_at
        const priced = proRataChange({
          differenceCents,
          periodStart: row.period_started_at,
          periodEnd: nextRenewal(row.started_at, row.billing_cycle, row.period_started_at, row.time_zone),
          paidThrough,
          now,
          timeZone: row.time_zone,
        })
        // A refund never comes back from more than what is left of the paid time's payments.
        const refundable = (await lifecycle.refundable(tx, row, now)).reduce((sum, r) => sum + r.leftCents, 0)
        const dueNowCents = Math.max(priced.dueNowCents, -refundable)
        const renewal = renews ? await members.subscription(tx, groupKey, memberId, row.renews_at) : null
        const card = await members.cardOnFile(tx, groupKey, memberId)
        const family = await members.dependents(tx, groupKey, memberId)
        const info = await members.info(tx, groupKey, memberId)
        throw new Trial<Priced>({
          quote: {
            billingCycle: row.billing_cycle,
            currentCents: before.priceCents,
            newCents: after.priceCents,
            differenceCents,
            dueNowCents,
            paidThrough: paidThrough.toISOString(),
            daysLeft: priced.daysLeft,
            periodDays: priced.periodDays,
            renewalCents: renewal?.priceCents ?? null,
            renewsAt: renews ? row.renews_at.toISOString() : null,
            cardLast4: card?.last4 ?? null,
            timeZone: row.time_zone,
          },
          what: made.what,
          event: made.event,
          people: [nameOf(info), ...family.map(nameOf)].join(', '),
          subscription: after,
          paidThrough,
          now,
        })
      })
    } catch (error) {
      if (error instanceof Trial) return error.found as Priced | undefined
      throw error
    }
    throw new Error('A trial change is never kept')
  },

  /**
   * Makes the change as quoted: a change that costs or refunds something needs the member's yes to
   * that amount (`confirmedCents`) and an idempotency key (one payment however often it is sent);
   * answers the dependent added or changed.
   */
  async make(
    deps: Deps,
    memberId: number,
    change: HouseholdChange,
    confirmation: Confirmation,
  ): Promise<{ dependentId: number | null }> {
    const { groupKey } = deps.tenant
    // Priced now and checked against the member's yes; `record` writes the change's lifecycle event
    // in its transaction (nothing when the price does not move).
    const run = async () => {
      const now = deps.now()
      const priced = await householdChanges.quote(deps, memberId, change, now)
      const dueNowCents = priced?.quote.dueNowCents ?? 0
      if (dueNowCents !== 0 && confirmation.confirmedCents !== dueNowCents)
        throw new Conflict(
          `This change ${dueNowCents > 0 ? 'charges' : 'refunds'} ${dollars(Math.abs(dueNowCents))} now, for the ${priced!.quote.daysLeft} days left of the time you have paid for. Review it and confirm again.`,
        )
      const wording = priced ? await lifecycle.wording(deps, groupKey) : undefined
      const record = async (tx: Queryable, made: Awaited<ReturnType<typeof apply>>, receiptId?: number) => {
        if (priced && wording && priced.quote.differenceCents !== 0)
          await lifecycle.changed(deps, tx, priced.subscription.id, {
            event: made.event,
            now,
            amountCents: dueNowCents,
            receiptId,
            description: describe(priced),
            paidThrough: priced.paidThrough,
            days: priced.quote.daysLeft,
            wording,
          })
      }
      return { now, priced, dueNowCents, record }
    }
    if (!confirmation.idempotencyKey) {
      const { dueNowCents, record } = await run()
      if (dueNowCents !== 0) throw new Conflict('This change is paid: send it with an idempotency key.')
      return deps.db.transaction(async (tx) => {
        const made = await apply(tx, groupKey, memberId, change)
        await record(tx, made)
        return { dependentId: made.dependent?.id ?? null }
      })
    }
    return once(
      deps,
      { groupKey, name: `change:${memberId}` },
      confirmation.idempotencyKey,
      doneSchema,
      async (step) => {
        const { now, priced, dueNowCents, record } = await run()
        if (dueNowCents > 0) {
          const description = `${priced!.subscription.planName} plan, change: ${describe(priced!)}`
          return chargeMember(deps, step, { memberId, amountCents: dueNowCents, description }, async (tx, receipt) => {
            const made = await apply(tx, groupKey, memberId, change)
            await record(tx, made, receipt.id)
            return { dependentId: made.dependent?.id ?? null }
          })
        }
        // A refund: from the paid time's payments, newest first, each once for this change (its key).
        const refunds: { receiptId: number; refundId: string; amountCents: number }[] = []
        if (dueNowCents < 0) {
          const row = await lifecycle.row(deps.db, priced!.subscription.id)
          const charges = await withCharges(deps.db, await lifecycle.refundable(deps.db, row, now))
          let owed = -dueNowCents
          for (const { receiptId, leftCents, chargeId } of charges) {
            if (owed === 0) break
            if (!chargeId) throw new Conflict('This payment cannot be refunded online. Call us and we will refund it.')
            const cents = Math.min(owed, leftCents)
            owed -= cents
            const refunded = await deps.payments.refund({
              chargeId,
              amountCents: cents,
              idempotencyKey: processorKey(
                { groupKey, name: 'change-refund' },
                `${memberId}:${confirmation.idempotencyKey!}:${receiptId}`,
              ),
            })
            refunds.push({ receiptId, ...refunded })
          }
        }
        return step.commit(async (tx) => {
          const made = await apply(tx, groupKey, memberId, change)
          await members.addRefunds(tx, groupKey, refunds, `Membership changed: ${made.what}`, now)
          await record(tx, made, refunds[0]?.receiptId)
          return { dependentId: made.dependent?.id ?? null }
        })
      },
    )
  },
}

/** The change as its receipt and mail name it: what changed, the days it is priced for, and who is covered. */
const describe = ({ what, quote, now, paidThrough, people }: Priced) =>
  `${what}: ${quote.daysLeft} of ${quote.periodDays} days, ${periodWords(now, paidThrough, quote.timeZone)}, for ${people}`

/** Each receipt with its processor charge (null: it cannot be refunded online). */
async function withCharges(db: Queryable, receipts: { receiptId: number; leftCents: number }[]) {
  const rows = await chargesOf(
    db,
    receipts.map((receipt) => receipt.receiptId),
  )
  const chargeOf = new Map(rows.map((row) => [row.id, row.charge_id]))
  return receipts.map((receipt) => ({ ...receipt, chargeId: chargeOf.get(receipt.receiptId) ?? null }))
}
