import { z } from 'zod'
import { idParam, okSchema } from '#schemas/api/common.ts'
import { officeSchema } from '#schemas/api/catalog.ts'
import {
  autoRenewSchema,
  balanceSchema,
  dependentInputSchema,
  dependentSchema,
  idCardSchema,
  memberInfoSchema,
  memberUpdateSchema,
  paymentResultSchema,
  purchaseSubscriptionSchema,
  receiptSchema,
  receiptsSchema,
  renewSubscriptionSchema,
  subscriptionSchema,
  updateBillingSchema,
} from '#schemas/api/member.ts'
import { maybeOne, one } from '../db/database.ts'
import { catalog, checkCoupon, priceOf } from '../services/catalog.ts'
import { once } from '../services/idempotency.ts'
import { members, receiptRow, toDependent, toReceipt } from '../services/members.ts'
import { endpoint, userOf, type ApiContext } from './context.ts'
import { HttpError, notFound } from './endpoint.ts'

const MEMBER = ['Member']

/** Charges the member's card on file, once per idempotency key, and records the receipt. */
async function chargeMember(ctx: ApiContext, memberId: number, amountCents: number, description: string, idempotencyKey: string) {
  const card = await maybeOne(ctx.db, z.object({ processor_token: z.string(), last4: z.string() }), 'SELECT processor_token, last4 FROM payment_methods WHERE group_key = $1 AND member_id = $2', [ctx.tenant.groupKey, memberId])
  if (!card) throw new HttpError(409, 'Add a card in your billing details first.')
  await ctx.payments.charge({ token: card.processor_token, amountCents, description, idempotencyKey })
  const row = await one(ctx.db, receiptRow, 'INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, description, amount_cents, card_last4, paid_at', [
    ctx.tenant.groupKey,
    memberId,
    description,
    amountCents,
    card.last4,
    ctx.now(),
  ])
  return toReceipt(row)
}

const addCycle = (from: Date, cycle: 'monthly' | 'annual') => {
  const next = new Date(from)
  if (cycle === 'annual') next.setUTCFullYear(next.getUTCFullYear() + 1)
  else next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}

const ownDependent = async (ctx: ApiContext, memberId: number, dependentId: number) => {
  const found = await maybeOne(ctx.db, z.object({ member_id: z.number() }), 'SELECT member_id FROM dependents WHERE group_key = $1 AND id = $2', [ctx.tenant.groupKey, dependentId])
  if (!found) throw notFound('Dependent')
  if (found.member_id !== memberId) throw new HttpError(403, 'This dependent is not on your account')
}

/** The signed-in member's own account: every route sees and changes only the caller's data. */
export const memberRoutes = [
  endpoint({
    method: 'get', path: '/api/v4/member/info', summary: 'The member’s account, plan, dependents and card', tags: MEMBER, access: 'member',
    response: memberInfoSchema,
    handle: ({ ctx }) => members.info(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id),
  }),
  endpoint({
    method: 'post', path: '/api/v4/member/update', summary: 'Changes the member’s name, phone or address', tags: MEMBER, access: 'member',
    body: memberUpdateSchema, response: memberInfoSchema,
    async handle({ body, ctx }) {
      const id = userOf(ctx).user_id
      await ctx.db.query(
        `UPDATE users SET first_name = coalesce($3, first_name), last_name = coalesce($4, last_name), phone = coalesce($5, phone),
           address_line = coalesce($6, address_line), city = coalesce($7, city), state = coalesce($8, state), zip = coalesce($9, zip)
         WHERE group_key = $1 AND id = $2`,
        [ctx.tenant.groupKey, id, body.firstName ?? null, body.lastName ?? null, body.phone ?? null, body.address?.line ?? null, body.address?.city ?? null, body.address?.state ?? null, body.address?.zip ?? null],
      )
      return members.info(ctx.db, ctx.tenant.groupKey, id)
    },
  }),
  endpoint({
    method: 'post', path: '/api/v4/member/autoRenew', summary: 'Turns automatic renewal on or off', tags: MEMBER, access: 'member',
    body: autoRenewSchema, response: subscriptionSchema,
    async handle({ body, ctx }) {
      const id = userOf(ctx).user_id
      const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
      if (!subscription) throw new HttpError(409, 'You have no membership to renew yet')
      await ctx.db.query('UPDATE subscriptions SET auto_renew = $3 WHERE group_key = $1 AND id = $2', [ctx.tenant.groupKey, subscription.id, body.autoRenew])
      return { ...subscription, autoRenew: body.autoRenew }
    },
  }),
  endpoint({
    method: 'get', path: '/api/v4/member/locations', summary: 'Offices that accept the member’s plan', tags: MEMBER, access: 'member',
    response: z.object({ locations: z.array(officeSchema) }),
    async handle({ ctx }) {
      const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id)
      return { locations: subscription ? await catalog.officesOffering(ctx.db, ctx.tenant.groupKey, subscription.planId) : await catalog.offices(ctx.db, ctx.tenant.groupKey) }
    },
  }),
  endpoint({
    method: 'post', path: '/api/v4/member/updateBilling', summary: 'Replaces the card on file (the number goes to the processor; only a token and the last four digits are kept)', tags: MEMBER, access: 'member',
    body: updateBillingSchema, response: memberInfoSchema,
    async handle({ body, ctx }) {
      const id = userOf(ctx).user_id
      const token = await ctx.payments.tokenize(body.card)
      await ctx.db.query(
        `INSERT INTO payment_methods (member_id, group_key, processor_token, brand, last4, exp_month, exp_year, billing_zip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (member_id) DO UPDATE SET processor_token = EXCLUDED.processor_token, brand = EXCLUDED.brand, last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month, exp_year = EXCLUDED.exp_year, billing_zip = EXCLUDED.billing_zip`,
        [id, ctx.tenant.groupKey, token.token, token.brand, token.last4, token.expMonth, token.expYear, body.card.zip],
      )
      return members.info(ctx.db, ctx.tenant.groupKey, id)
    },
  }),
  endpoint({
    method: 'get', path: '/api/v4/member/balance', summary: 'What the member owes and the next charge', tags: MEMBER, access: 'member',
    response: balanceSchema,
    async handle({ ctx }) {
      const info = await members.info(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id)
      const next = info.subscription?.status === 'active' && info.subscription.autoRenew ? info.subscription : undefined
      return { balanceCents: info.balanceCents, nextChargeCents: next ? next.priceCents : null, nextChargeAt: next ? next.renewsAt : null }
    },
  }),
  endpoint({
    method: 'get', path: '/api/v4/member/idCard/:id', summary: 'The ID card of the member (their own id) or of one of their dependents', tags: MEMBER, access: 'member',
    params: idParam, response: idCardSchema,
    async handle({ params, ctx }) {
      const memberId = userOf(ctx).user_id
      const info = await members.info(ctx.db, ctx.tenant.groupKey, memberId)
      if (!info.subscription) throw new HttpError(409, 'Your ID card is ready once your membership starts')
      let name = `${info.firstName} ${info.lastName}`
      let relationship = 'member'
      let number = info.memberNumber
      if (params.id !== memberId) {
        await ownDependent(ctx, memberId, params.id)
        const dependent = info.dependents.find((item) => item.id === params.id)!
        name = `${dependent.firstName} ${dependent.lastName}`
        relationship = dependent.relationship
        number = `${info.memberNumber}-${String(info.dependents.indexOf(dependent) + 1).padStart(2, '0')}`
      }
      const office = info.subscription.officeId ? await catalog.office(ctx.db, ctx.tenant.groupKey, info.subscription.officeId) : undefined
      return {
        memberNumber: number,
        name,
        relationship,
        planName: info.subscription.planName,
        groupKey: ctx.tenant.groupKey,
        effectiveDate: info.subscription.startedAt.slice(0, 10),
        validThrough: info.subscription.renewsAt.slice(0, 10),
        officeName: office?.name ?? null,
        customerServicePhone: office?.phone ?? null,
      }
    },
  }),
  endpoint({
    method: 'get', path: '/api/v4/member/receipts', summary: 'The member’s receipts, newest first', tags: MEMBER, access: 'member',
    response: receiptsSchema,
    handle: async ({ ctx }) => ({ receipts: await members.receipts(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id) }),
  }),
  endpoint({
    method: 'get', path: '/api/v4/member/receipt/:id', summary: 'One of the member’s receipts', tags: MEMBER, access: 'member',
    params: idParam, response: receiptSchema,
    async handle({ params, ctx }) {
      const row = await maybeOne(ctx.db, receiptRow.extend({ member_id: z.number() }), 'SELECT id, member_id, description, amount_cents, card_last4, paid_at FROM receipts WHERE group_key = $1 AND id = $2', [ctx.tenant.groupKey, params.id])
      if (!row) throw notFound('Receipt')
      if (row.member_id !== userOf(ctx).user_id) throw new HttpError(403, 'This receipt is not yours')
      return toReceipt(row)
    },
  }),
  endpoint({
    method: 'post', path: '/api/v4/member/switch/:id', summary: 'Switches the membership to another plan (from the next renewal; the price is recomputed)', tags: MEMBER, access: 'member',
    params: idParam, response: subscriptionSchema,
    async handle({ params, ctx }) {
      const id = userOf(ctx).user_id
      const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
      if (!subscription) throw new HttpError(409, 'You have no membership to switch')
      const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, params.id)
      if (!plan) throw notFound('Plan')
      const dependents = await members.dependents(ctx.db, ctx.tenant.groupKey, id)
      if (dependents.length > plan.maxDependents) throw new HttpError(409, `The ${plan.name} plan covers at most ${plan.maxDependents} dependents; you have ${dependents.length}.`)
      if (subscription.officeId && !(await catalog.offers(ctx.db, subscription.officeId, plan.id))) throw new HttpError(409, `Your office does not offer the ${plan.name} plan. Choose another office first.`)
      await ctx.db.query('UPDATE subscriptions SET plan_id = $3 WHERE group_key = $1 AND id = $2', [ctx.tenant.groupKey, subscription.id, plan.id])
      return (await members.subscription(ctx.db, ctx.tenant.groupKey, id))!
    },
  }),
  endpoint({
    method: 'get', path: '/api/v4/member/dependents', summary: 'The member’s dependents', tags: MEMBER, access: 'member',
    response: z.object({ dependents: z.array(dependentSchema) }),
    handle: async ({ ctx }) => ({ dependents: await members.dependents(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id) }),
  }),
  endpoint({
    method: 'post', path: '/api/v4/member/dependents', summary: 'Adds a dependent (within the plan’s limit)', tags: MEMBER, access: 'member', status: 201,
    body: dependentInputSchema, response: dependentSchema,
    async handle({ body, ctx }) {
      const id = userOf(ctx).user_id
      const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
      const plan = subscription ? await catalog.plan(ctx.db, ctx.tenant.groupKey, subscription.planId) : undefined
      const count = (await members.dependents(ctx.db, ctx.tenant.groupKey, id)).length
      if (plan && count >= plan.maxDependents) throw new HttpError(409, `The ${plan.name} plan covers at most ${plan.maxDependents} dependents.`)
      const row = await one(ctx.db, z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), date_of_birth: z.string(), relationship: z.enum(['spouse', 'partner', 'child', 'other']) }),
        'INSERT INTO dependents (group_key, member_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, first_name, last_name, date_of_birth, relationship',
        [ctx.tenant.groupKey, id, body.firstName, body.lastName, body.dateOfBirth, body.relationship])
      return toDependent(row)
    },
  }),
  endpoint({
    method: 'put', path: '/api/v4/member/dependents/:id', summary: 'Changes one of the member’s dependents', tags: MEMBER, access: 'member',
    params: idParam, body: dependentInputSchema, response: dependentSchema,
    async handle({ params, body, ctx }) {
      await ownDependent(ctx, userOf(ctx).user_id, params.id)
      await ctx.db.query('UPDATE dependents SET first_name = $3, last_name = $4, date_of_birth = $5, relationship = $6 WHERE group_key = $1 AND id = $2', [ctx.tenant.groupKey, params.id, body.firstName, body.lastName, body.dateOfBirth, body.relationship])
      return { id: params.id, ...body }
    },
  }),
  endpoint({
    method: 'delete', path: '/api/v4/member/dependents/:id', summary: 'Removes one of the member’s dependents', tags: MEMBER, access: 'member',
    params: idParam, response: okSchema,
    async handle({ params, ctx }) {
      await ownDependent(ctx, userOf(ctx).user_id, params.id)
      await ctx.db.query('DELETE FROM dependents WHERE group_key = $1 AND id = $2', [ctx.tenant.groupKey, params.id])
      return { ok: true as const }
    },
  }),
  endpoint({
    method: 'post', path: '/api/v4/member/purchaseSubscription', summary: 'Buys a membership with the card on file (price recomputed here; charged once per idempotency key)', tags: MEMBER, access: 'member', status: 201,
    body: purchaseSubscriptionSchema, response: paymentResultSchema,
    async handle({ body, ctx }) {
      const id = userOf(ctx).user_id
      const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, body.planId)
      const office = await catalog.office(ctx.db, ctx.tenant.groupKey, body.officeId)
      if (!plan || !office) throw notFound(plan ? 'Office' : 'Plan')
      if (!(await catalog.offers(ctx.db, office.id, plan.id))) throw new HttpError(409, `${office.name} does not offer the ${plan.name} plan`)
      return once(ctx.db, { groupKey: ctx.tenant.groupKey, name: `purchase:${id}` }, body.idempotencyKey, paymentResultSchema, async () => {
        const current = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
        if (current?.status === 'active') throw new HttpError(409, 'You already have an active membership; switch plans instead')
        const count = 1 + (await members.dependents(ctx.db, ctx.tenant.groupKey, id)).length
        const coupon = body.couponCode ? await checkCoupon(ctx.db, ctx.tenant.groupKey, body.couponCode, plan.id, office.id, ctx.now()) : undefined
        if (coupon && !coupon.valid) throw new HttpError(422, coupon.message, [{ path: ['body', 'couponCode'], message: coupon.message }])
        const price = priceOf(plan, body.billingCycle, count, coupon)
        const receipt = await chargeMember(ctx, id, price.totalCents, `${plan.name} plan, ${body.billingCycle} (${count} ${count === 1 ? 'member' : 'members'})`, body.idempotencyKey)
        const now = ctx.now()
        await ctx.db.query("INSERT INTO subscriptions (group_key, member_id, plan_id, office_id, billing_cycle, status, auto_renew, started_at, renews_at) VALUES ($1, $2, $3, $4, $5, 'active', true, $6, $7)", [ctx.tenant.groupKey, id, plan.id, office.id, body.billingCycle, now, addCycle(now, body.billingCycle)])
        return { receipt, subscription: (await members.subscription(ctx.db, ctx.tenant.groupKey, id))! }
      })
    },
  }),
  endpoint({
    method: 'post', path: '/api/v4/member/renewSubscription', summary: 'Renews the membership for another period with the card on file (charged once per idempotency key)', tags: MEMBER, access: 'member',
    body: renewSubscriptionSchema, response: paymentResultSchema,
    async handle({ body, ctx }) {
      const id = userOf(ctx).user_id
      return once(ctx.db, { groupKey: ctx.tenant.groupKey, name: `renew:${id}` }, body.idempotencyKey, paymentResultSchema, async () => {
        const subscription = await members.subscription(ctx.db, ctx.tenant.groupKey, id)
        if (!subscription) throw new HttpError(409, 'You have no membership to renew; buy one instead')
        const plan = (await catalog.plan(ctx.db, ctx.tenant.groupKey, subscription.planId))!
        const count = 1 + (await members.dependents(ctx.db, ctx.tenant.groupKey, id)).length
        const price = priceOf(plan, subscription.billingCycle, count, undefined, false)
        const receipt = await chargeMember(ctx, id, price.totalCents, `${plan.name} plan renewal, ${subscription.billingCycle} (${count} ${count === 1 ? 'member' : 'members'})`, body.idempotencyKey)
        const from = new Date(Math.max(new Date(subscription.renewsAt).getTime(), ctx.now().getTime()))
        await ctx.db.query("UPDATE subscriptions SET status = 'active', renews_at = $3 WHERE group_key = $1 AND id = $2", [ctx.tenant.groupKey, subscription.id, addCycle(from, subscription.billingCycle)])
        return { receipt, subscription: (await members.subscription(ctx.db, ctx.tenant.groupKey, id))! }
      })
    },
  }),
]

