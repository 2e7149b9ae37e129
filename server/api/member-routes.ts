import { z } from '#schemas/engine/zod.ts'
import { renewalDate } from '#schemas/membership-terms.ts'
import { memberApi, payBalanceResultSchema, paymentResultSchema, type Receipt } from '#schemas/api/member.ts'
import { maybeOne, one, type Queryable } from '../db/database.ts'
import { catalog, checkCoupon, priceOf } from '../services/catalog.ts'
import { once, type PaymentStep } from '../services/idempotency.ts'
import { dependentRow, members, receiptRow, toDependent, toReceipt } from '../services/members.ts'
import { distanceMiles, zipCentroid } from '../services/geo.ts'
import { endpoint, userOf, type ApiContext } from './context.ts'
import { HttpError, notFound } from './endpoint.ts'

/**
 * Charges the member's card on file in a payment's step (once per idempotency key), then writes
 * the receipt and what `write` adds in the payment's transaction.
 */
async function chargeMember<T>(
  ctx: ApiContext,
  step: PaymentStep<T>,
  order: { memberId: number; amountCents: number; description: string },
  write: (tx: Queryable, receipt: Receipt) => Promise<T>,
): Promise<T> {
  const card = await maybeOne(
    ctx.db,
    z.object({ processor_token: z.string(), last4: z.string() }),
    'SELECT processor_token, last4 FROM payment_methods WHERE group_key = $1 AND member_id = $2',
    [ctx.tenant.groupKey, order.memberId],
  )
  if (!card) throw new HttpError(409, 'Add a card in your billing details first.')
  const charge = await step.charge({
    token: card.processor_token,
    amountCents: order.amountCents,
    description: order.description,
  })
  return step.commit(async (tx) => {
    const row = await one(
      tx,
      receiptRow,
      'INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, description, amount_cents, card_last4, paid_at',
      [ctx.tenant.groupKey, order.memberId, order.description, charge.amountCents, card.last4, ctx.now()],
    )
    return write(tx, toReceipt(row))
  })
}

/** A dependent's own plan must be one the member's office offers. */
async function requireOfferedPlan(ctx: ApiContext, officeId: number | null, planId: number | undefined) {
  if (planId === undefined) return
  const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, planId)
  if (!plan || (officeId !== null && !(await catalog.offers(ctx.db, officeId, planId)))) {
    throw new HttpError(422, 'Your office does not offer this plan', [
      { path: ['body', 'planId'], message: 'Choose a plan your office offers' },
    ])
  }
}

/** The membership, the plan to switch to and the dependents, once the switch is allowed. */
async function switchable(ctx: ApiContext, planId: number) {
  const id = userOf(ctx).user_id
  const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
  if (!subscription) throw new HttpError(409, 'You have no membership to switch')
  const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, planId)
  if (!plan) throw notFound('Plan')
  const dependents = await members.dependents(ctx.db, ctx.tenant.groupKey, id)
  if (dependents.length > plan.maxDependents)
    throw new HttpError(
      409,
      `The ${plan.name} plan covers at most ${plan.maxDependents} dependents; you have ${dependents.length}.`,
    )
  if (subscription.officeId && !(await catalog.offers(ctx.db, subscription.officeId, plan.id)))
    throw new HttpError(409, `Your office does not offer the ${plan.name} plan. Choose another office first.`)
  return { subscription, plan, dependents }
}

/** Another member's object answers exactly as a missing one: a 403 would say that it exists. */
const ownDependent = async (ctx: ApiContext, memberId: number, dependentId: number, what = 'Dependent') => {
  const found = await maybeOne(
    ctx.db,
    z.object({ id: z.number() }),
    'SELECT id FROM dependents WHERE group_key = $1 AND id = $2 AND member_id = $3',
    [ctx.tenant.groupKey, dependentId, memberId],
  )
  if (!found) throw notFound(what)
}

/** The signed-in member's own account: every route sees and changes only the caller's data. */
export const memberRoutes = [
  endpoint(memberApi.info, ({ ctx }) => members.info(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id)),
  endpoint(memberApi.update, async ({ body, ctx }) => {
    const id = userOf(ctx).user_id
    if (body.email) {
      const taken = await maybeOne(
        ctx.db,
        z.object({ id: z.number() }),
        'SELECT id FROM users WHERE group_key = $1 AND email = $2 AND id <> $3',
        [ctx.tenant.groupKey, body.email, id],
      )
      if (taken)
        throw new HttpError(409, 'Another account uses this email address.', [
          { path: ['body', 'email'], message: 'Another account uses this email address' },
        ])
      await ctx.db.query('UPDATE users SET email = $3 WHERE group_key = $1 AND id = $2', [
        ctx.tenant.groupKey,
        id,
        body.email,
      ])
    }
    await ctx.db.query(
      `UPDATE users SET first_name = coalesce($3, first_name), last_name = coalesce($4, last_name), phone = coalesce($5, phone),
         address_line = coalesce($6, address_line), city = coalesce($7, city), state = coalesce($8, state), zip = coalesce($9, zip)
       WHERE group_key = $1 AND id = $2`,
      [
        ctx.tenant.groupKey,
        id,
        body.firstName ?? null,
        body.lastName ?? null,
        body.phone ?? null,
        body.address?.line ?? null,
        body.address?.city ?? null,
        body.address?.state ?? null,
        body.address?.zip ?? null,
      ],
    )
    return members.info(ctx.db, ctx.tenant.groupKey, id)
  }),
  endpoint(memberApi.autoRenew, async ({ body, ctx }) => {
    const id = userOf(ctx).user_id
    const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
    if (!subscription) throw new HttpError(409, 'You have no membership to renew yet')
    await ctx.db.query('UPDATE subscriptions SET auto_renew = $3 WHERE group_key = $1 AND id = $2', [
      ctx.tenant.groupKey,
      subscription.id,
      body.autoRenew,
    ])
    return { ...subscription, autoRenew: body.autoRenew }
  }),
  endpoint(memberApi.locations, async ({ ctx }) => {
    const id = userOf(ctx).user_id
    const [subscription, info] = await Promise.all([
      members.subscription(ctx.db, ctx.tenant.groupKey, id),
      members.info(ctx.db, ctx.tenant.groupKey, id),
    ])
    const offices = subscription
      ? await catalog.officesOffering(ctx.db, ctx.tenant.groupKey, subscription.planId)
      : await catalog.offices(ctx.db, ctx.tenant.groupKey)
    // The member's own office first, then the nearest to their home (when its ZIP is known).
    const home = info.address ? zipCentroid(info.address.zip) : undefined
    const rank = (office: (typeof offices)[number]) =>
      office.id === subscription?.officeId ? -1 : home ? distanceMiles(home, office) : 0
    return {
      locations: offices
        .map((office) => ({ office, rank: rank(office) }))
        .sort((a, b) => a.rank - b.rank)
        .map(({ office }) => office),
    }
  }),
  endpoint(memberApi.updateBilling, async ({ body, ctx }) => {
    const id = userOf(ctx).user_id
    const token = await ctx.payments.card(body.cardToken)
    await ctx.db.query(
      `INSERT INTO payment_methods (member_id, group_key, processor_token, brand, last4, exp_month, exp_year, billing_zip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (member_id) DO UPDATE SET processor_token = EXCLUDED.processor_token, brand = EXCLUDED.brand, last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month, exp_year = EXCLUDED.exp_year, billing_zip = EXCLUDED.billing_zip`,
      [id, ctx.tenant.groupKey, token.token, token.brand, token.last4, token.expMonth, token.expYear, token.zip],
    )
    return members.info(ctx.db, ctx.tenant.groupKey, id)
  }),
  endpoint(memberApi.balance, async ({ ctx }) => {
    const info = await members.info(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id)
    const next = info.subscription?.status === 'active' && info.subscription.autoRenew ? info.subscription : undefined
    return {
      balanceCents: info.balanceCents,
      nextChargeCents: next ? next.priceCents : null,
      nextChargeAt: next ? next.renewsAt : null,
    }
  }),
  endpoint(memberApi.payBalance, async ({ body, ctx }) => {
    const id = userOf(ctx).user_id
    return once(
      ctx,
      { groupKey: ctx.tenant.groupKey, name: `balance:${id}` },
      body.idempotencyKey,
      payBalanceResultSchema,
      async (step) => {
        const info = await members.info(ctx.db, ctx.tenant.groupKey, id)
        if (info.balanceCents <= 0) throw new HttpError(409, 'You have no balance to pay.')
        return chargeMember(
          ctx,
          step,
          { memberId: id, amountCents: info.balanceCents, description: 'Balance payment' },
          async (tx, receipt) => {
            await tx.query('UPDATE users SET balance_cents = balance_cents - $3 WHERE group_key = $1 AND id = $2', [
              ctx.tenant.groupKey,
              id,
              receipt.amountCents,
            ])
            return { receipt, balanceCents: info.balanceCents - receipt.amountCents }
          },
        )
      },
    )
  }),
  endpoint(memberApi.idCard, async ({ params, query, ctx }) => {
    const memberId = userOf(ctx).user_id
    const info = await members.info(ctx.db, ctx.tenant.groupKey, memberId)
    if (!info.subscription) throw new HttpError(409, 'Your ID card is ready once your membership starts')
    let name = `${info.firstName} ${info.lastName}`
    let relationship = 'member'
    let number = info.memberNumber
    let planName = info.subscription.planName
    // A dependent's id and the member's own may coincide: `person` says which is meant.
    const forDependent = query.person ? query.person === 'dependent' : params.id !== memberId
    if (!forDependent && params.id !== memberId) throw notFound('ID card')
    if (forDependent) {
      await ownDependent(ctx, memberId, params.id, 'ID card')
      const dependent = info.dependents.find((item) => item.id === params.id)!
      name = `${dependent.firstName} ${dependent.lastName}`
      relationship = dependent.relationship
      number = `${info.memberNumber}-${String(info.dependents.indexOf(dependent) + 1).padStart(2, '0')}`
      if (dependent.planId !== null)
        planName = (await catalog.plan(ctx.db, ctx.tenant.groupKey, dependent.planId))?.name ?? planName
    }
    const office = info.subscription.officeId
      ? await catalog.office(ctx.db, ctx.tenant.groupKey, info.subscription.officeId)
      : undefined
    return {
      memberNumber: number,
      name,
      relationship,
      planName,
      groupKey: ctx.tenant.groupKey,
      effectiveDate: info.subscription.startedAt.slice(0, 10),
      validThrough: info.subscription.renewsAt.slice(0, 10),
      officeName: office?.name ?? null,
      customerServicePhone: office?.phone ?? null,
    }
  }),
  endpoint(memberApi.receipts, async ({ ctx }) => ({
    receipts: await members.receipts(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id),
  })),
  endpoint(memberApi.receipt, async ({ params, ctx }) => {
    // Another member's receipt answers exactly as a missing one.
    const row = await maybeOne(
      ctx.db,
      receiptRow,
      'SELECT id, description, amount_cents, card_last4, paid_at FROM receipts WHERE group_key = $1 AND id = $2 AND member_id = $3',
      [ctx.tenant.groupKey, params.id, userOf(ctx).user_id],
    )
    if (!row) throw notFound('Receipt')
    return toReceipt(row)
  }),
  endpoint(memberApi.plans, async ({ ctx }) => {
    const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id)
    return {
      plans: subscription?.officeId ? await catalog.plansAt(ctx.db, ctx.tenant.groupKey, subscription.officeId) : [],
    }
  }),
  endpoint(memberApi.switchQuote, async ({ params, ctx }) => {
    const { subscription, plan, dependents } = await switchable(ctx, params.id)
    const price = priceOf(
      await catalog.memberPlans(ctx.db, ctx.tenant.groupKey, plan, dependents),
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
  }),
  endpoint(memberApi.switchPlan, async ({ params, ctx }) => {
    const id = userOf(ctx).user_id
    const { subscription, plan } = await switchable(ctx, params.id)
    await ctx.db.query('UPDATE subscriptions SET plan_id = $3 WHERE group_key = $1 AND id = $2', [
      ctx.tenant.groupKey,
      subscription.id,
      plan.id,
    ])
    return (await members.subscription(ctx.db, ctx.tenant.groupKey, id))!
  }),
  endpoint(memberApi.dependents, async ({ ctx }) => ({
    dependents: await members.dependents(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id),
  })),
  endpoint(memberApi.addDependent, async ({ body, ctx }) => {
    const id = userOf(ctx).user_id
    const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
    const plan = subscription ? await catalog.plan(ctx.db, ctx.tenant.groupKey, subscription.planId) : undefined
    const count = (await members.dependents(ctx.db, ctx.tenant.groupKey, id)).length
    if (plan && count >= plan.maxDependents)
      throw new HttpError(409, `The ${plan.name} plan covers at most ${plan.maxDependents} dependents.`)
    await requireOfferedPlan(ctx, subscription?.officeId ?? null, body.planId)
    const row = await one(
      ctx.db,
      dependentRow,
      'INSERT INTO dependents (group_key, member_id, first_name, last_name, date_of_birth, relationship, plan_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, first_name, last_name, date_of_birth, relationship, plan_id',
      [
        ctx.tenant.groupKey,
        id,
        body.firstName,
        body.lastName,
        body.dateOfBirth,
        body.relationship,
        body.planId ?? null,
      ],
    )
    return toDependent(row)
  }),
  endpoint(memberApi.updateDependent, async ({ params, body, ctx }) => {
    const id = userOf(ctx).user_id
    await ownDependent(ctx, id, params.id)
    const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
    await requireOfferedPlan(ctx, subscription?.officeId ?? null, body.planId)
    const row = await one(
      ctx.db,
      dependentRow,
      'UPDATE dependents SET first_name = $3, last_name = $4, date_of_birth = $5, relationship = $6, plan_id = $7 WHERE group_key = $1 AND id = $2 RETURNING id, first_name, last_name, date_of_birth, relationship, plan_id',
      [
        ctx.tenant.groupKey,
        params.id,
        body.firstName,
        body.lastName,
        body.dateOfBirth,
        body.relationship,
        body.planId ?? null,
      ],
    )
    return toDependent(row)
  }),
  endpoint(memberApi.removeDependent, async ({ params, ctx }) => {
    await ownDependent(ctx, userOf(ctx).user_id, params.id)
    await ctx.db.query('DELETE FROM dependents WHERE group_key = $1 AND id = $2', [ctx.tenant.groupKey, params.id])
    return { ok: true as const }
  }),
  endpoint(memberApi.purchaseSubscription, async ({ body, ctx }) => {
    const id = userOf(ctx).user_id
    const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, body.planId)
    const office = await catalog.office(ctx.db, ctx.tenant.groupKey, body.officeId)
    if (!plan || !office) throw notFound(plan ? 'Office' : 'Plan')
    if (!(await catalog.offers(ctx.db, office.id, plan.id)))
      throw new HttpError(409, `${office.name} does not offer the ${plan.name} plan`)
    return once(
      ctx,
      { groupKey: ctx.tenant.groupKey, name: `purchase:${id}` },
      body.idempotencyKey,
      paymentResultSchema,
      async (step) => {
        const current = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
        if (current?.status === 'active')
          throw new HttpError(409, 'You already have an active membership; switch plans instead')
        const dependents = await members.dependents(ctx.db, ctx.tenant.groupKey, id)
        // Dependents given a plan of their own before there was an office: the office must offer it.
        for (const dependent of dependents) {
          if (dependent.planId === null || (await catalog.offers(ctx.db, office.id, dependent.planId))) continue
          const planName = (await catalog.plan(ctx.db, ctx.tenant.groupKey, dependent.planId))?.name ?? 'chosen'
          throw new HttpError(
            409,
            `${office.name} does not offer the ${planName} plan ${dependent.firstName} is on. Change ${dependent.firstName}’s plan first.`,
          )
        }
        const memberPlans = await catalog.memberPlans(ctx.db, ctx.tenant.groupKey, plan, dependents)
        const count = memberPlans.length
        const coupon = body.couponCode
          ? await checkCoupon(ctx.db, ctx.tenant.groupKey, body.couponCode, plan.id, office.id, ctx.now())
          : undefined
        if (coupon && !coupon.valid)
          throw new HttpError(422, coupon.message, [{ path: ['body', 'couponCode'], message: coupon.message }])
        const price = priceOf(memberPlans, body.billingCycle, coupon)
        const description = `${plan.name} plan, ${body.billingCycle} (${count} ${count === 1 ? 'member' : 'members'})`
        return chargeMember(
          ctx,
          step,
          { memberId: id, amountCents: price.totalCents, description },
          async (tx, receipt) => {
            const now = ctx.now()
            await tx.query(
              "INSERT INTO subscriptions (group_key, member_id, plan_id, office_id, billing_cycle, status, auto_renew, started_at, renews_at) VALUES ($1, $2, $3, $4, $5, 'active', true, $6, $7)",
              [
                ctx.tenant.groupKey,
                id,
                plan.id,
                office.id,
                body.billingCycle,
                now,
                renewalDate(now, body.billingCycle),
              ],
            )
            return { receipt, subscription: (await members.subscription(tx, ctx.tenant.groupKey, id))! }
          },
        )
      },
    )
  }),
  endpoint(memberApi.renewSubscription, async ({ body, ctx }) => {
    const id = userOf(ctx).user_id
    return once(
      ctx,
      { groupKey: ctx.tenant.groupKey, name: `renew:${id}` },
      body.idempotencyKey,
      paymentResultSchema,
      async (step) => {
        const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
        if (!subscription) throw new HttpError(409, 'You have no membership to renew; buy one instead')
        const plan = (await catalog.plan(ctx.db, ctx.tenant.groupKey, subscription.planId))!
        const memberPlans = await catalog.memberPlans(
          ctx.db,
          ctx.tenant.groupKey,
          plan,
          await members.dependents(ctx.db, ctx.tenant.groupKey, id),
        )
        const count = memberPlans.length
        const price = priceOf(memberPlans, subscription.billingCycle, undefined, false)
        const description = `${plan.name} plan renewal, ${subscription.billingCycle} (${count} ${count === 1 ? 'member' : 'members'})`
        return chargeMember(
          ctx,
          step,
          { memberId: id, amountCents: price.totalCents, description },
          async (tx, receipt) => {
            const from = new Date(Math.max(new Date(subscription.renewsAt).getTime(), ctx.now().getTime()))
            await tx.query(
              "UPDATE subscriptions SET status = 'active', renews_at = $3 WHERE group_key = $1 AND id = $2",
              [ctx.tenant.groupKey, subscription.id, renewalDate(from, subscription.billingCycle)],
            )
            return { receipt, subscription: (await members.subscription(tx, ctx.tenant.groupKey, id))! }
          },
        )
      },
    )
  }),
]
