import { memberApi } from '#schemas/api/member.ts'
import { dependents } from '../services/dependents.ts'
import { Conflict, notFound } from '../services/errors.ts'
import { idCard } from '../services/id-cards.ts'
import { memberHistory, toQuote } from '../services/member-cancellation.ts'
import { renewalLinks } from '../services/renewal-links.ts'
import { lifecycle } from '../services/membership-lifecycle.ts'
import { members } from '../services/members.ts'
import { memberships } from '../services/memberships.ts'
import { endpoint, userOf, type ApiContext } from './context.ts'

/** What the lifecycle works with, for the request's tenant. */
const lifecycleDeps = (ctx: ApiContext) => ({ ...ctx, tenants: { tenants: [ctx.tenant] } })

/** A change of the member's renewal price they made (a plan, a dependent): told now, for the next renewal. */
const priceChanged = (ctx: ApiContext) =>
  lifecycle.priceChanged(lifecycleDeps(ctx), ctx.tenant.groupKey, userOf(ctx).user_id, ctx.now())

/** The signed-in member and their tenant: every route sees and changes only the caller's data. */
const caller = (ctx: ApiContext) => [ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id] as const

/** The signed-in member's own account (server/services/members.ts, memberships.ts, dependents.ts). */
export const memberRoutes = [
  endpoint(memberApi.info, ({ ctx }) => members.info(...caller(ctx))),
  endpoint(memberApi.update, ({ body, ctx }) => members.update(...caller(ctx), body)),
  endpoint(memberApi.autoRenew, async ({ body, ctx }) => {
    const [db, groupKey, memberId] = caller(ctx)
    await lifecycle.setAutoRenew(lifecycleDeps(ctx), groupKey, memberId, body.autoRenew, ctx.now(), 'member')
    return (await members.subscription(db, groupKey, memberId))!
  }),
  endpoint(memberApi.locations, async ({ ctx }) => ({ locations: await memberships.locations(...caller(ctx)) })),
  endpoint(memberApi.updateBilling, async ({ body, ctx }) => {
    const card = await ctx.payments.card(body.cardToken)
    await members.saveCard(...caller(ctx), card)
    // A past-due membership is charged at once with the new card (declined: it stays past due).
    const info = await members.info(...caller(ctx))
    if (info.subscription?.status !== 'past_due') return info
    await lifecycle.renew(lifecycleDeps(ctx), info.subscription.id, ctx.now(), 'member', true)
    return members.info(...caller(ctx))
  }),
  endpoint(memberApi.balance, ({ ctx }) => memberships.balance(...caller(ctx))),
  endpoint(memberApi.payBalance, ({ body, ctx }) =>
    memberships.payBalance(ctx, userOf(ctx).user_id, body.idempotencyKey),
  ),
  endpoint(memberApi.idCard, ({ params, query, ctx }) => idCard(...caller(ctx), params.id, query.person)),
  endpoint(memberApi.receipts, async ({ ctx }) => ({ receipts: await members.receipts(...caller(ctx)) })),
  endpoint(memberApi.receipt, async ({ params, ctx }) => {
    // Another member's receipt answers exactly as a missing one.
    return (await members.receipt(...caller(ctx), params.id)) ?? Promise.reject(notFound('Receipt'))
  }),
  endpoint(memberApi.cancellationQuote, async ({ ctx }) => {
    const [db, groupKey, memberId] = caller(ctx)
    const now = ctx.now()
    // What cancel would refuse, the quote refuses too (the same sentences).
    const status = (await members.subscription(db, groupKey, memberId))?.status
    if (status === 'cancelled' || status === 'expired') throw new Conflict('This membership has already ended.')
    if (status === 'renewing')
      throw new Conflict('Your renewal is being charged right now. Try again in a minute.', { retryAfterSeconds: 60 })
    const outcome = await lifecycle.cancellationQuote(lifecycleDeps(ctx), groupKey, memberId, now)
    return toQuote(db, groupKey, memberId, outcome)
  }),
  endpoint(memberApi.cancel, async ({ ctx }) => {
    const [db, groupKey, memberId] = caller(ctx)
    const now = ctx.now()
    const outcome = await lifecycle.cancel(lifecycleDeps(ctx), groupKey, memberId, now, 'member')
    return {
      subscription: (await members.subscription(db, groupKey, memberId))!,
      outcome: await toQuote(db, groupKey, memberId, outcome),
    }
  }),
  endpoint(memberApi.history, async ({ ctx }) => ({ events: await memberHistory(...caller(ctx)) })),
  // A renewal notice's link: the member is named by its signed token, not by a session.
  endpoint(memberApi.renewalLink, ({ query, ctx }) =>
    renewalLinks.show(lifecycleDeps(ctx), ctx.tenant.groupKey, query.token, ctx.now()),
  ),
  endpoint(memberApi.renewalOff, ({ body, ctx }) =>
    renewalLinks.turnOff(lifecycleDeps(ctx), ctx.tenant.groupKey, body.token, ctx.now()),
  ),
  endpoint(memberApi.plans, async ({ ctx }) => ({ plans: await memberships.plans(...caller(ctx)) })),
  endpoint(memberApi.switchQuote, ({ params, ctx }) => memberships.switchQuote(...caller(ctx), params.id)),
  endpoint(memberApi.switchPlan, async ({ params, ctx }) => {
    const [db, groupKey, memberId] = caller(ctx)
    await memberships.switchPlan(db, groupKey, memberId, params.id)
    // The new plan's price takes effect at the renewal: a mail says so now.
    await priceChanged(ctx)
    return (await members.subscription(db, groupKey, memberId))!
  }),
  endpoint(memberApi.dependents, async ({ ctx }) => ({ dependents: await members.dependents(...caller(ctx)) })),
  // A dependent changes the renewal price: told at once, as a plan switch is.
  endpoint(memberApi.addDependent, async ({ body, ctx }) => {
    const added = await dependents.add(...caller(ctx), body)
    await priceChanged(ctx)
    return added
  }),
  endpoint(memberApi.updateDependent, async ({ params, body, ctx }) => {
    const updated = await dependents.update(...caller(ctx), params.id, body)
    await priceChanged(ctx)
    return updated
  }),
  endpoint(memberApi.removeDependent, async ({ params, ctx }) => {
    await dependents.remove(...caller(ctx), params.id)
    await priceChanged(ctx)
    return { ok: true as const }
  }),
  endpoint(memberApi.purchaseQuote, ({ body, ctx }) => memberships.purchaseQuote(ctx, userOf(ctx).user_id, body)),
  endpoint(memberApi.purchaseSubscription, ({ body, ctx }) => memberships.purchase(ctx, userOf(ctx).user_id, body)),
  endpoint(memberApi.renewSubscription, ({ body, ctx }) =>
    memberships.renew(lifecycleDeps(ctx), userOf(ctx).user_id, body.idempotencyKey),
  ),
]
