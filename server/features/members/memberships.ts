import type { z } from '#schemas/engine/zod.ts'
import { isCovered } from '#schemas/membership-states.ts'
import { memberTimeZone } from '#schemas/membership-policy.ts'
import { renewalDate } from '#schemas/membership-terms.ts'
import type { Tenant } from '#schemas/tenant.ts'
import {
  payBalanceResultSchema,
  paymentResultSchema,
  type purchaseOrderSchema,
  type purchaseSubscriptionSchema,
  type Receipt,
  type Subscription,
} from '#schemas/api/members.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { reduceBalance } from '../../platform/auth/account-store.ts'
import type { DbContentService } from '../content/index.ts'
import { catalog, distanceMiles, zipCentroid } from '../directory/index.ts'
import { autoRenewalTerms, confirmationMail, recordRenewalConsent } from './joining-mail.ts'
import { priceOrder, requireCoveringMembership, requireNoCoveringMembership } from './membership-purchase.ts'
import { insertDependent } from './dependents.ts'
import { Conflict, notFound } from '../../platform/errors.ts'
import { once, type PaymentDeps, type PaymentStep } from '../../platform/idempotency.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { lifecycle, type LifecycleDeps } from './membership-lifecycle.ts'
import { periodWords } from './membership-mail.ts'
import { homeState } from './member-store.ts'
import { members } from './members.ts'
import { setPlan } from './membership-store.ts'
import { planCatalog } from '../plans/index.ts'

/** What a member's payment works with (the API's context has it all). */
export interface MembershipDeps extends PaymentDeps {
  tenant: Pick<Tenant, 'groupKey'>
  now: () => Date
}

/** A purchase also sends the confirmation mail, in the tenant's words. */
export interface PurchaseDeps extends MembershipDeps {
  tenant: Tenant
  mailer: Mailer
  content: Pick<DbContentService, 'get'>
}

/** How many people a membership covers, as a receipt says it: `1 member`, `3 members`. */
export const memberCount = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`

/**
 * Charges the member's card on file in a payment's step (once per idempotency key), then writes
 * the receipt and what `write` adds in the payment's transaction.
 */
export async function chargeMember<T>(
  deps: MembershipDeps,
  step: PaymentStep<T>,
  order: { memberId: number; amountCents: number; description: string },
  write: (tx: Queryable, receipt: Receipt) => Promise<T>,
): Promise<T> {
  const { groupKey } = deps.tenant
  const card = await members.cardOnFile(deps.db, groupKey, order.memberId)
  if (!card) throw new Conflict('Add a card in your billing details first.')
  const charge = await step.charge({
    token: card.processorToken,
    amountCents: order.amountCents,
    description: order.description,
  })
  return step.commit(async (tx) => {
    const receipt = await members.addReceipt(tx, groupKey, order.memberId, {
      description: order.description,
      amountCents: charge.amountCents,
      cardLast4: card.last4,
      paidAt: deps.now(),
      chargeId: charge.chargeId,
    })
    return write(tx, receipt)
  })
}

/** The membership, the plan to switch to and the dependents, once the switch is allowed. */
async function switchable(db: Queryable, groupKey: string, memberId: number, planId: number) {
  const subscription = await requireCoveringMembership(db, groupKey, memberId, 'switch plans')
  const plan = await planCatalog.plan(db, groupKey, planId)
  if (!plan) throw notFound('Plan')
  const dependents = await members.dependents(db, groupKey, memberId)
  if (dependents.length > plan.maxDependents)
    throw new Conflict(
      `The ${plan.name} plan covers at most ${plan.maxDependents} dependents; you have ${dependents.length}.`,
    )
  if (subscription.officeId && !(await catalog.offers(db, subscription.officeId, plan.id)))
    throw new Conflict(`Your office does not offer the ${plan.name} plan. Choose another office first.`)
  return { subscription, plan, dependents }
}

/** A member's membership: renewal, plans, balance, and the payments that buy, renew or settle it. */
export const memberships = {
  /** The offices offering the member's plan (any office without one): their own first, then the nearest to their home. */
  async locations(db: Queryable, groupKey: string, memberId: number) {
    const [subscription, info] = await Promise.all([
      members.subscription(db, groupKey, memberId),
      members.info(db, groupKey, memberId),
    ])
    // An ended membership limits nothing: the account may join again at any office.
    const offices =
      subscription && isCovered(subscription.status)
        ? await catalog.officesOffering(db, groupKey, subscription.planId)
        : await catalog.offices(db, groupKey)
    // The member's own office first, then the nearest to their home (when its ZIP is known).
    const home = info.address ? zipCentroid(info.address.zip) : undefined
    const rank = (office: (typeof offices)[number]) =>
      office.id === subscription?.officeId ? -1 : home ? distanceMiles(home, office) : 0
    return offices
      .map((office) => ({ office, rank: rank(office) }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ office }) => office)
  },

  /** The plans the member may switch to: those their office offers. */
  async plans(db: Queryable, groupKey: string, memberId: number) {
    const subscription = await members.subscription(db, groupKey, memberId)
    return subscription?.officeId ? await catalog.plansAt(db, groupKey, subscription.officeId) : []
  },

  /**
   * What the member owes, and the next automatic charge: the renewal of a membership that renews
   * itself, or the next try of a past-due one (what the renewal charges, never more than told).
   */
  async balance(db: Queryable, groupKey: string, memberId: number) {
    const info = await members.info(db, groupKey, memberId)
    const subscription = info.subscription
    const at =
      subscription?.status === 'past_due'
        ? subscription.nextRetryAt
        : (subscription?.status === 'active' && subscription.autoRenew) || subscription?.status === 'renewing'
          ? subscription.renewsAt
          : null
    return {
      balanceCents: info.balanceCents,
      nextChargeCents: at && subscription ? subscription.renewalCents : null,
      nextChargeAt: at,
    }
  },

  async payBalance(deps: MembershipDeps, memberId: number, idempotencyKey: string) {
    const { groupKey } = deps.tenant
    return once(
      deps,
      { groupKey, name: `balance:${memberId}` },
      idempotencyKey,
      payBalanceResultSchema,
      async (step) => {
        const info = await members.info(deps.db, groupKey, memberId)
        if (info.balanceCents <= 0) throw new Conflict('You have no balance to pay.')
        return chargeMember(
          deps,
          step,
          { memberId, amountCents: info.balanceCents, description: 'Balance payment' },
          async (tx, receipt) => {
            await reduceBalance(tx, groupKey, memberId, receipt.amountCents)
            return { receipt, balanceCents: info.balanceCents - receipt.amountCents }
          },
        )
      },
    )
  },

  /** Moves the membership to another plan (in the caller's transaction: household-changes.ts prices and pays it). */
  async switchPlan(db: Queryable, groupKey: string, memberId: number, planId: number): Promise<Subscription> {
    const { subscription, plan } = await switchable(db, groupKey, memberId, planId)
    await setPlan(db, groupKey, subscription.id, plan.id)
    return (await members.subscription(db, groupKey, memberId))!
  },

  /**
   * Buys a membership for an account without one that covers (never had one, cancelled, expired):
   * the member, the family already on the account and those added with the order, paid with a
   * new card (kept on file) or the card on file, with the checkout's confirmation mail. As at the
   * checkout, the consent to the automatic renewal terms (the API refuses an order without it) is
   * recorded on the new membership: when, and the terms as the dashboard filled them and the mail
   * repeats them.
   */
  async purchase(
    deps: PurchaseDeps,
    memberId: number,
    order: z.output<typeof purchaseSubscriptionSchema>,
    /** The page's language: the terms consented to and the mail in it. */
    language: string | null = null,
  ) {
    const { db } = deps
    const { groupKey } = deps.tenant
    return once(
      deps,
      { groupKey, name: `purchase:${memberId}` },
      order.idempotencyKey,
      paymentResultSchema,
      async (step) => {
        // Checked under the key: a replay of a paid order answers what it answered, not 409.
        await requireNoCoveringMembership(db, groupKey, memberId)
        const { plan, family, price, coupon } = await priceOrder(db, groupKey, memberId, order, deps.now())
        const onFile = order.cardToken ? undefined : await members.cardOnFile(db, groupKey, memberId)
        const token = order.cardToken ?? onFile?.processorToken
        if (!token) throw new Conflict('Add a card in your billing details first.')
        const description = `${plan.name} plan, ${order.billingCycle} (${memberCount(price.membersCount)})`
        const charge = await step.charge({ token, amountCents: price.totalCents, description })
        // The card that was charged (after a crash, the retry may bring a new token of the same card).
        const card = order.cardToken ? await deps.payments.card(charge.token) : undefined
        const cardLast4 = card?.last4 ?? onFile!.last4
        const info = await members.info(db, groupKey, memberId)
        const now = deps.now()
        const timeZone = memberTimeZone(deps.tenant.policy, info.address?.state)
        const renews = renewalDate(now, order.billingCycle, timeZone)
        const renewalCents = price.lines.reduce((sum, line) => sum + line.amountCents, 0)
        // The terms consented to: the content's words with the order's values, as the dashboard filled them.
        const terms = await autoRenewalTerms(deps, {
          renewalCents,
          renews,
          cycle: order.billingCycle,
          timeZone,
          language,
        })
        // Written before the order's transaction (the content is read outside it); the family
        // added with the order is named by the price's placeholder ids until it has its own.
        const confirmation = await confirmationMail(deps, {
          terms,
          account: info,
          planName: plan.name,
          price: { ...price, timeZone },
          renewalCents,
          renews,
          cardLast4,
          cycle: order.billingCycle,
          members: family,
          language,
          // An account whose membership ended is welcomed back; one that never had one, welcomed.
          rejoined: info.subscription !== null,
        })
        const result = await step.commit(async (tx) => {
          if (card) await members.saveCard(tx, groupKey, memberId, card)
          for (const person of family.filter((candidate) => candidate.id < 0))
            await insertDependent(tx, groupKey, memberId, person)
          const receipt = await members.addReceipt(tx, groupKey, memberId, {
            description,
            amountCents: charge.amountCents,
            cardLast4,
            paidAt: now,
            chargeId: charge.chargeId,
          })
          await lifecycle.start(tx, groupKey, memberId, {
            planId: plan.id,
            officeId: order.officeId,
            billingCycle: order.billingCycle,
            timeZone,
            startedAt: now,
            renewsAt: renews,
            receiptId: receipt.id,
            amountCents: receipt.amountCents,
            enrollmentFeeCents: price.enrollmentFeeCents,
            couponCode: coupon?.valid ? coupon.coupon.code : null,
            actor: 'member',
          })
          await recordRenewalConsent(tx, groupKey, memberId, { at: now, terms })
          // In the order's transaction: the confirmation exists exactly when the membership does.
          await deps.mailer.send({ groupKey, to: info.email, ...confirmation({ memberId, receiptId: receipt.id }) }, tx)
          return { receipt, subscription: (await members.subscription(tx, groupKey, memberId))! }
        })
        return result
      },
    )
  },

  /** What `purchase` would charge for the order now (the same checks, nothing kept). */
  async purchaseQuote(
    deps: MembershipDeps & { tenant: Pick<Tenant, 'groupKey' | 'policy'> },
    memberId: number,
    order: z.output<typeof purchaseOrderSchema>,
  ) {
    await requireNoCoveringMembership(deps.db, deps.tenant.groupKey, memberId)
    const { price } = await priceOrder(deps.db, deps.tenant.groupKey, memberId, order, deps.now())
    const state = await homeState(deps.db, memberId)
    // Family members not added yet have no id: their lines carry none, in the order's order.
    return {
      ...price,
      timeZone: memberTimeZone(deps.tenant.policy, state),
      lines: price.lines.map((line) => ({ ...line, memberId: (line.memberId ?? 0) < 0 ? null : line.memberId })),
    }
  },

  /**
   * "Renew now": one more period paid ahead, from the end of the paid one, at today's price. A
   * lifecycle event (server/features/members/membership-lifecycle.ts `renewEarly`) with its receipt naming
   * the period and the people it pays for, its history entry and its mail; refused past the
   * policy's longest prepaid term. An ended membership is joined anew, a past-due one paid by a
   * new card, an ending one turned back on.
   */
  async renew(deps: MembershipDeps & LifecycleDeps, memberId: number, idempotencyKey: string) {
    const { db } = deps
    const { groupKey } = deps.tenant
    return once(deps, { groupKey, name: `renew:${memberId}` }, idempotencyKey, paymentResultSchema, async (step) => {
      const subscription = await requireCoveringMembership(db, groupKey, memberId, 'renew it')
      const row = await lifecycle.row(db, subscription.id)
      const renewsAt = await lifecycle.nextPaidAhead(deps, db, row, deps.now())
      const [plan, dependents, info] = await Promise.all([
        planCatalog.plan(db, groupKey, subscription.planId),
        members.dependents(db, groupKey, memberId),
        members.info(db, groupKey, memberId),
      ])
      const people = [`${info.firstName} ${info.lastName}`, ...dependents.map((d) => `${d.firstName} ${d.lastName}`)]
      const description = `${plan!.name} plan, ${subscription.billingCycle} renewal paid ahead: ${periodWords(row.renews_at, renewsAt, row.time_zone)}, for ${people.join(', ')}`
      const wording = await lifecycle.wording(deps, groupKey)
      // The amount the dashboard shows beside the button: the renewal's, never more than the member was told.
      const amountCents = subscription.renewalCents
      return chargeMember(deps, step, { memberId, amountCents, description }, async (tx, receipt) => {
        await lifecycle.renewEarly(deps, tx, subscription.id, {
          receiptId: receipt.id,
          amountCents: receipt.amountCents,
          now: deps.now(),
          wording,
          description,
        })
        return { receipt, subscription: (await members.subscription(tx, groupKey, memberId))! }
      })
    })
  },
}
