import type { z } from '#schemas/engine/zod.ts'
import { renewalDate } from '#schemas/membership-terms.ts'
import type { Tenant } from '#schemas/tenant.ts'
import {
  payBalanceResultSchema,
  paymentResultSchema,
  type purchaseSubscriptionSchema,
  type Receipt,
  type Subscription,
} from '#schemas/api/member.ts'
import type { Queryable } from '../db/database.ts'
import { catalog, checkCoupon, priceOf } from './catalog.ts'
import { Conflict, notFound } from './errors.ts'
import { distanceMiles, zipCentroid } from './geo.ts'
import { once, type PaymentDeps, type PaymentStep } from './idempotency.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { members } from './members.ts'
import { requireOfficeOffersTheirPlans, requireValidCoupon } from './plan-rules.ts'

/** What a member's payment works with (the API's context has it all). */
export interface MembershipDeps extends PaymentDeps {
  tenant: Pick<Tenant, 'groupKey'>
  now: () => Date
}

/** How many people a membership covers, as a receipt says it: `1 member`, `3 members`. */
export const memberCount = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`

/**
 * Charges the member's card on file in a payment's step (once per idempotency key), then writes
 * the receipt and what `write` adds in the payment's transaction.
 */
async function chargeMember<T>(
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
  const subscription = await members.subscription(db, groupKey, memberId)
  if (!subscription) throw new Conflict('You have no membership to switch')
  const plan = await catalog.plan(db, groupKey, planId)
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
    const offices = subscription
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

  /** What the member owes, and the next automatic charge (an active membership that renews itself). */
  async balance(db: Queryable, groupKey: string, memberId: number) {
    const info = await members.info(db, groupKey, memberId)
    const next = info.subscription?.status === 'active' && info.subscription.autoRenew ? info.subscription : undefined
    return {
      balanceCents: info.balanceCents,
      nextChargeCents: next ? next.priceCents : null,
      nextChargeAt: next ? next.renewsAt : null,
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
            await tx.query('UPDATE users SET balance_cents = balance_cents - $3 WHERE group_key = $1 AND id = $2', [
              groupKey,
              memberId,
              receipt.amountCents,
            ])
            return { receipt, balanceCents: info.balanceCents - receipt.amountCents }
          },
        )
      },
    )
  },

  /** What a switch to the plan would cost, before the member confirms it. */
  async switchQuote(db: Queryable, groupKey: string, memberId: number, planId: number) {
    const { subscription, plan, dependents } = await switchable(db, groupKey, memberId, planId)
    const price = priceOf(
      await catalog.memberPlans(db, groupKey, plan, dependents),
      subscription.billingCycle,
      undefined,
      false,
    )
    return {
      planId: plan.id,
      planName: plan.name,
      billingCycle: subscription.billingCycle,
      currentCents: subscription.priceCents,
      newCents: price.totalCents,
      differenceCents: price.totalCents - subscription.priceCents,
    }
  },

  async switchPlan(db: Queryable, groupKey: string, memberId: number, planId: number): Promise<Subscription> {
    const { subscription, plan } = await switchable(db, groupKey, memberId, planId)
    await db.query('UPDATE subscriptions SET plan_id = $3 WHERE group_key = $1 AND id = $2', [
      groupKey,
      subscription.id,
      plan.id,
    ])
    return (await members.subscription(db, groupKey, memberId))!
  },

  /** Buys a membership at an office for the member and their dependents, charging the card on file. */
  async purchase(deps: MembershipDeps, memberId: number, order: z.output<typeof purchaseSubscriptionSchema>) {
    const { db } = deps
    const { groupKey } = deps.tenant
    const plan = await catalog.plan(db, groupKey, order.planId)
    const office = await catalog.office(db, groupKey, order.officeId)
    if (!plan || !office) throw notFound(plan ? 'Office' : 'Plan')
    if (!(await catalog.offers(db, office.id, plan.id)))
      throw new Conflict(`${office.name} does not offer the ${plan.name} plan`)
    return once(
      deps,
      { groupKey, name: `purchase:${memberId}` },
      order.idempotencyKey,
      paymentResultSchema,
      async (step) => {
        const current = await members.subscription(db, groupKey, memberId)
        if (current?.status === 'active')
          throw new Conflict('You already have an active membership; switch plans instead')
        const dependents = await members.dependents(db, groupKey, memberId)
        // Dependents given a plan of their own before there was an office: the office must offer it.
        await requireOfficeOffersTheirPlans(db, groupKey, office, dependents)
        const memberPlans = await catalog.memberPlans(db, groupKey, plan, dependents)
        const coupon = order.couponCode
          ? await checkCoupon(db, groupKey, order.couponCode, plan.id, office.id, deps.now())
          : undefined
        requireValidCoupon(coupon)
        const price = priceOf(memberPlans, order.billingCycle, coupon)
        const description = `${plan.name} plan, ${order.billingCycle} (${memberCount(memberPlans.length)})`
        return chargeMember(
          deps,
          step,
          { memberId, amountCents: price.totalCents, description },
          async (tx, receipt) => {
            const now = deps.now()
            await lifecycle.start(tx, groupKey, memberId, {
              planId: plan.id,
              officeId: office.id,
              billingCycle: order.billingCycle,
              startedAt: now,
              renewsAt: renewalDate(now, order.billingCycle),
              receiptId: receipt.id,
              amountCents: receipt.amountCents,
              couponCode: coupon?.valid ? coupon.coupon.code : null,
              actor: 'member',
            })
            return { receipt, subscription: (await members.subscription(tx, groupKey, memberId))! }
          },
        )
      },
    )
  },

  /** Renews the membership for one more period from its end (or from today, once it has ended). */
  async renew(deps: MembershipDeps, memberId: number, idempotencyKey: string) {
    const { db } = deps
    const { groupKey } = deps.tenant
    return once(deps, { groupKey, name: `renew:${memberId}` }, idempotencyKey, paymentResultSchema, async (step) => {
      const subscription = await members.subscription(db, groupKey, memberId)
      if (!subscription) throw new Conflict('You have no membership to renew; buy one instead')
      // A past-due renewal is paid by the lifecycle (server/services/membership-lifecycle.ts: the
      // dashboard updates the card, which retries it); an ending or ended one is turned back on or joined anew.
      if (subscription.status !== 'active')
        throw new Conflict(
          subscription.status === 'ending'
            ? 'Turn automatic renewal back on to keep your membership.'
            : subscription.status === 'past_due' || subscription.status === 'renewing'
              ? 'Your renewal payment is due: update your card to pay it.'
              : 'This membership has ended; join again from your dashboard.',
        )
      const plan = (await catalog.plan(db, groupKey, subscription.planId))!
      const memberPlans = await catalog.memberPlans(
        db,
        groupKey,
        plan,
        await members.dependents(db, groupKey, memberId),
      )
      const price = priceOf(memberPlans, subscription.billingCycle, undefined, false)
      const description = `${plan.name} plan renewal, ${subscription.billingCycle} (${memberCount(memberPlans.length)})`
      return chargeMember(deps, step, { memberId, amountCents: price.totalCents, description }, async (tx, receipt) => {
        const from = new Date(Math.max(new Date(subscription.renewsAt).getTime(), deps.now().getTime()))
        await tx.query("UPDATE subscriptions SET status = 'active', renews_at = $3 WHERE group_key = $1 AND id = $2", [
          groupKey,
          subscription.id,
          renewalDate(from, subscription.billingCycle),
        ])
        return { receipt, subscription: (await members.subscription(tx, groupKey, memberId))! }
      })
    })
  },
}
