import { memberApi } from '#schemas/api/members.ts'
import { householdChanges } from './household-changes.ts'
import { Conflict, Invalid, notFound } from '../../platform/errors.ts'
import { idCard } from './id-cards.ts'
import { memberHistory, toQuote } from './member-cancellation.ts'
import { renewalLinks } from './renewal-links.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { members } from './members.ts'
import { memberships } from './memberships.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'
import { planCatalog } from '../plans/index.ts'
import { pageLanguage, publishedLanguages } from '../content/index.ts'

/** What the lifecycle works with, for the request's tenant. */
const lifecycleDeps = (ctx: ApiContext) => ({ ...ctx, tenants: { tenants: [ctx.tenant] } })

/** What household changes and payments work with, for the request's tenant. */
const deps = (ctx: ApiContext) => ({ ...lifecycleDeps(ctx), tenant: ctx.tenant, now: ctx.now })

/** A dependent of the caller as the API answers it (after a change, a replay's too). */
async function dependentById(ctx: ApiContext, id: number) {
  const found = (await members.dependents(...caller(ctx))).find((dependent) => dependent.id === id)
  return found ?? Promise.reject(notFound('Dependent'))
}

/** The signed-in member and their tenant: every route sees and changes only the caller's data. */
const caller = (ctx: ApiContext) => [ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id] as const

/** The signed-in member's own account (server/features/members/members.ts, memberships.ts, dependents.ts). */
export const memberRoutes = [
  endpoint(memberApi.info, ({ ctx }) => members.info(...caller(ctx))),
  endpoint(memberApi.update, async ({ body, ctx }) => {
    // The mail's language is one the site is published in (the default is among them).
    if (body.language !== undefined && !(await publishedLanguages(ctx)).includes(body.language))
      throw new Invalid('This site is not published in that language.', [
        { path: ['body', 'language'], message: 'Choose one of the site’s languages' },
      ])
    return members.update(...caller(ctx), body)
  }),
  endpoint(memberApi.autoRenew, async ({ body, ctx }) => {
    const [db, groupKey, memberId] = caller(ctx)
    await lifecycle.setAutoRenew(lifecycleDeps(ctx), groupKey, memberId, body.autoRenew, ctx.now(), 'member')
    return (await members.subscription(db, groupKey, memberId))!
  }),
  endpoint(memberApi.locations, async ({ query, ctx }) => ({
    locations: (await memberships.locations(...caller(ctx))).slice(0, query.limit),
  })),
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
  endpoint(memberApi.switchQuote, async ({ params, ctx }) => {
    const [db, groupKey, memberId] = caller(ctx)
    const priced = await householdChanges.quote(deps(ctx), memberId, { change: 'plan', planId: params.id }, ctx.now())
    if (!priced) throw new Conflict('You have no membership that covers you: join first.')
    const plan = (await planCatalog.plan(db, groupKey, params.id))!
    return { ...priced.quote, planId: plan.id, planName: plan.name }
  }),
  // Another plan, a dependent added, changed or removed: priced from now for the paid days left,
  // made as quoted and confirmed (server/features/members/household-changes.ts).
  endpoint(memberApi.switchPlan, async ({ params, body, ctx }) => {
    const [db, groupKey, memberId] = caller(ctx)
    await householdChanges.make(deps(ctx), memberId, { change: 'plan', planId: params.id }, body)
    return (await members.subscription(db, groupKey, memberId))!
  }),
  endpoint(memberApi.dependents, async ({ ctx }) => ({ dependents: await members.dependents(...caller(ctx)) })),
  endpoint(memberApi.householdQuote, async ({ body, ctx }) => {
    const priced = await householdChanges.quote(deps(ctx), userOf(ctx).user_id, body, ctx.now())
    if (!priced) throw new Conflict('You have no membership that covers you: join first.')
    return priced.quote
  }),
  endpoint(memberApi.addDependent, async ({ body, ctx }) => {
    const { confirmedCents, idempotencyKey, ...dependent } = body
    const made = await householdChanges.make(
      deps(ctx),
      userOf(ctx).user_id,
      { change: 'add', dependent },
      { confirmedCents, idempotencyKey },
    )
    return dependentById(ctx, made.dependentId!)
  }),
  endpoint(memberApi.updateDependent, async ({ params, body, ctx }) => {
    const { confirmedCents, idempotencyKey, ...dependent } = body
    await householdChanges.make(
      deps(ctx),
      userOf(ctx).user_id,
      { change: 'update', id: params.id, dependent },
      { confirmedCents, idempotencyKey },
    )
    return dependentById(ctx, params.id)
  }),
  endpoint(memberApi.removeDependent, async ({ params, body, ctx }) => {
    await householdChanges.make(deps(ctx), userOf(ctx).user_id, { change: 'remove', id: params.id }, body)
    return { ok: true as const }
  }),
  endpoint(memberApi.purchaseQuote, ({ body, ctx }) => memberships.purchaseQuote(ctx, userOf(ctx).user_id, body)),
  // The terms are recorded as the page showed them: in its language.
  endpoint(memberApi.purchaseSubscription, async ({ body, ctx, c }) =>
    memberships.purchase(ctx, userOf(ctx).user_id, body, await pageLanguage(c.req.header('accept-language'), ctx)),
  ),
  endpoint(memberApi.renewSubscription, ({ body, ctx }) =>
    memberships.renew(lifecycleDeps(ctx), userOf(ctx).user_id, body.idempotencyKey),
  ),
]
