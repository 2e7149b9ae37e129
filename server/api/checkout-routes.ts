import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { z } from '#schemas/engine/zod.ts'
import { AUTO_RENEWAL_TERMS, fillTerms, renewalDate } from '#schemas/membership-terms.ts'
import {
  CHECKOUT_COOKIE,
  CHECKOUT_TOKEN_HEADER,
  checkoutApi,
  checkoutCompletedSchema,
  checkoutStateSchema,
  type CheckoutState,
} from '#schemas/api/checkout.ts'
import { hashPassword, newPasswordProblems } from '../auth/passwords.ts'
import { SESSION_COOKIE, tokenHash } from '../auth/sessions.ts'
import { maybeOne, one } from '../db/database.ts'
import { catalog, checkCoupon, priceOf } from '../services/catalog.ts'
import { memberNumber } from '../services/members.ts'
import { rotateCsrfToken } from '../csrf.ts'
import { once } from '../services/idempotency.ts'
import { endpoint, guardSender, type ApiContext } from './context.ts'
import { HttpError, notFound } from './endpoint.ts'

const LIFETIME_MS = 24 * 60 * 60_000
/** What the server keeps: the visible state and, after the account step, the password's hash. */
const storedSchema = z.extend(z.omit(checkoutStateSchema, { hasPassword: true }), {
  passwordHash: z.nullable(z.string()),
  orderId: z.optional(z.string()),
})
type Stored = z.infer<typeof storedSchema> & { orderId: string }
const visible = ({ passwordHash, ...state }: Stored): CheckoutState => ({
  ...state,
  hasPassword: passwordHash !== null,
})
const newOrderId = () => `order_${randomBytes(16).toString('hex')}`

const EXPIRED = 'This checkout has expired. Start again.'
const checkoutRow = z.object({
  token_hash: z.string(),
  state: z.unknown(),
  expires_at: z.coerce.date(),
  updated_at: z.coerce.date(),
})
/** How long the payment's own answer is given again to its token (a double click, a retry after a lost answer). */
const REPLAY_MS = 10 * 60_000

/**
 * A checkout by its token; without one, the signed-in member's checkout they just paid (its
 * confirmation: the token's cookie ends with the payment). A paid checkout holds the buyer's
 * personal data, so only the buyer, signed in, can read it: to anyone else it is gone (404). The
 * payment alone answers its token again for a few minutes (`replay`), with the answer it gave.
 */
async function load(ctx: ApiContext, token: string | undefined, options: { replay?: boolean } = {}) {
  const columns = 'token_hash, state, expires_at, updated_at'
  const row = token
    ? await maybeOne(ctx.db, checkoutRow, `SELECT ${columns} FROM checkouts WHERE token_hash = $1 AND group_key = $2`, [
        tokenHash(token),
        ctx.tenant.groupKey,
      ])
    : ctx.user
      ? await maybeOne(
          ctx.db,
          checkoutRow,
          `SELECT ${columns} FROM checkouts WHERE group_key = $1 AND state->>'step' = 'completed' AND state->>'memberId' = $2 ORDER BY updated_at DESC LIMIT 1`,
          [ctx.tenant.groupKey, String(ctx.user.user_id)],
        )
      : undefined
  if (!token && !row)
    throw new HttpError(
      400,
      `Start a checkout first (its token comes back in the ${CHECKOUT_COOKIE} cookie, or send it in the ${CHECKOUT_TOKEN_HEADER} header)`,
    )
  if (!row || row.expires_at < ctx.now()) throw new HttpError(404, EXPIRED)
  const stored = storedSchema.parse(row.state)
  const replayed = options.replay === true && ctx.now().getTime() - row.updated_at.getTime() < REPLAY_MS
  if (stored.step === 'completed' && stored.memberId !== ctx.user?.user_id && !replayed)
    throw new HttpError(404, EXPIRED)
  const hash = row.token_hash
  if (stored.orderId) return { hash, state: { ...stored, orderId: stored.orderId } }
  // A checkout saved before orders had their own key gets one now, kept from here on.
  const state = { ...stored, orderId: newOrderId() }
  await save(ctx, hash, state)
  return { hash, state }
}

async function save(ctx: ApiContext, hash: string, state: Stored) {
  await ctx.db.query('UPDATE checkouts SET state = $2, updated_at = now() WHERE token_hash = $1', [hash, state])
}

const stepOrder = ['started', 'plan', 'account', 'completed'] as const
const atLeast = (state: Stored, step: (typeof stepOrder)[number]) =>
  stepOrder.indexOf(state.step) >= stepOrder.indexOf(step)

function requireOpen(state: Stored) {
  if (state.step === 'completed') throw new HttpError(409, 'This checkout is complete. Start a new one to buy again.')
}

/** Recomputes the price from the plan, the members and the coupon (never from the browser). */
async function reprice(ctx: ApiContext, state: Stored): Promise<Stored> {
  if (!state.plan) return { ...state, price: null, office: null }
  const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, state.plan.planId)
  if (!plan) throw notFound('Plan')
  const office = await catalog.office(ctx.db, ctx.tenant.groupKey, state.plan.officeId)
  const coupon = state.plan.couponCode
    ? await checkCoupon(ctx.db, ctx.tenant.groupKey, state.plan.couponCode, plan.id, state.plan.officeId, ctx.now())
    : undefined
  return {
    ...state,
    office: office
      ? {
          id: office.id,
          name: office.name,
          state: office.address.state,
          plans: (await catalog.plansAt(ctx.db, ctx.tenant.groupKey, office.id)).map(
            ({ id, name, monthlyPriceCents, annualPriceCents, maxDependents }) => ({
              id,
              name,
              monthlyPriceCents,
              annualPriceCents,
              maxDependents,
            }),
          ),
        }
      : null,
    price: priceOf(
      await catalog.memberPlans(ctx.db, ctx.tenant.groupKey, plan, state.members),
      state.plan.billingCycle,
      coupon,
    ),
  }
}

/** A dependent's own plan must be one the chosen office offers. */
async function requireOfferedPlan(ctx: ApiContext, state: Stored, planId: number | undefined) {
  if (planId === undefined || !state.plan) return
  if (
    !(await catalog.plan(ctx.db, ctx.tenant.groupKey, planId)) ||
    !(await catalog.offers(ctx.db, state.plan.officeId, planId))
  ) {
    throw new HttpError(422, 'The office does not offer this plan', [
      { path: ['body', 'planId'], message: 'Choose a plan the office offers' },
    ])
  }
}

/** Each dependent's own plan must be one the office offers (when the office changes after they chose it). */
async function requireOfficeOffersMembersPlans(
  ctx: ApiContext,
  office: { id: number; name: string },
  members: Stored['members'],
) {
  for (const member of members) {
    if (member.planId === null || (await catalog.offers(ctx.db, office.id, member.planId))) continue
    const planName = (await catalog.plan(ctx.db, ctx.tenant.groupKey, member.planId))?.name ?? 'chosen'
    throw new HttpError(
      409,
      `${office.name} does not offer the ${planName} plan ${member.firstName} is on. Change ${member.firstName}’s plan first.`,
    )
  }
}

/** The checkout's token: the header an API client sends, else the cookie the site's pages carry. */
const token = ({ c, ctx }: { c: Context; ctx: ApiContext }) =>
  c.req.header(CHECKOUT_TOKEN_HEADER) ?? ctx.cookies.get(CHECKOUT_COOKIE)

/**
 * The checkout: its state lives on the server under a temporary token, so a reload or a second
 * tab loses nothing. Steps: plan, account, members (optional), payment; a step sent out of order
 * is refused with 409.
 */
export const checkoutRoutes = [
  endpoint(checkoutApi.start, async ({ ctx }) => {
    const value = randomBytes(24).toString('base64url')
    const expiresAt = new Date(ctx.now().getTime() + LIFETIME_MS)
    const state: Stored = {
      step: 'started',
      plan: null,
      office: null,
      account: null,
      members: [],
      price: null,
      memberId: null,
      passwordHash: null,
      orderId: newOrderId(),
    }
    await ctx.db.query('INSERT INTO checkouts (token_hash, group_key, state, expires_at) VALUES ($1, $2, $3, $4)', [
      tokenHash(value),
      ctx.tenant.groupKey,
      state,
      expiresAt,
    ])
    // HttpOnly: page scripts never see it; the server renders each step from it (docs/adr/0007).
    ctx.cookies.set(CHECKOUT_COOKIE, value, { expires: expiresAt })
    return { token: value, expiresAt: expiresAt.toISOString() }
  }),
  endpoint(checkoutApi.state, async (input) => visible((await load(input.ctx, token(input))).state)),
  endpoint(checkoutApi.choosePlan, async (input) => {
    const { ctx, body } = input
    const { hash, state } = await load(ctx, token(input))
    requireOpen(state)
    const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, body.planId)
    const office = await catalog.office(ctx.db, ctx.tenant.groupKey, body.officeId)
    if (!plan)
      throw new HttpError(422, 'Choose one of our plans', [{ path: ['body', 'planId'], message: 'Unknown plan' }])
    if (!office)
      throw new HttpError(422, 'Choose one of our offices', [{ path: ['body', 'officeId'], message: 'Unknown office' }])
    if (!(await catalog.offers(ctx.db, office.id, plan.id)))
      throw new HttpError(422, `${office.name} does not offer the ${plan.name} plan`, [
        { path: ['body', 'officeId'], message: 'This office does not offer the plan' },
      ])
    if (state.members.length > plan.maxDependents)
      throw new HttpError(
        409,
        `The ${plan.name} plan covers at most ${plan.maxDependents} dependents; remove some first.`,
      )
    await requireOfficeOffersMembersPlans(ctx, office, state.members)
    if (body.couponCode) {
      await ctx.limits.take('coupon', ctx.address)
      const coupon = await checkCoupon(ctx.db, ctx.tenant.groupKey, body.couponCode, plan.id, office.id, ctx.now())
      if (!coupon.valid)
        throw new HttpError(422, coupon.message, [{ path: ['body', 'couponCode'], message: coupon.message }])
    }
    const next = await reprice(ctx, { ...state, plan: body, step: state.step === 'started' ? 'plan' : state.step })
    await save(ctx, hash, next)
    return visible(next)
  }),
  endpoint(checkoutApi.account, async (input) => {
    const { ctx, body, c } = input
    await guardSender(ctx, c, 'checkout_account', [['checkoutAccount', ctx.address]])
    const { hash, state } = await load(ctx, token(input))
    requireOpen(state)
    if (!atLeast(state, 'plan')) throw new HttpError(409, 'Choose a plan first')
    // Going back to the step, the visitor may leave the password empty to keep the one chosen before.
    const keep = body.password === '' && state.passwordHash !== null
    const problems = keep ? [] : body.password === '' ? ['Required'] : newPasswordProblems(body.password, body.email)
    if (problems.length)
      throw new HttpError(
        422,
        `Validation error: ${problems.join('; ')}`,
        problems.map((message) => ({ path: ['body', 'password'], message })),
      )
    // Whether the email has an account is not looked at here: the step answers a new and an
    // existing address alike (docs/adr/0012). The payment checks it, before any charge.
    const { password, ...account } = body
    const passwordHash = keep ? state.passwordHash : await hashPassword(password, ctx.hashCost)
    const next: Stored = { ...state, account, passwordHash, step: state.step === 'plan' ? 'account' : state.step }
    await save(ctx, hash, next)
    return visible(next)
  }),
  endpoint(checkoutApi.addMember, async (input) => {
    const { ctx, body } = input
    const { hash, state } = await load(ctx, token(input))
    requireOpen(state)
    if (!atLeast(state, 'account')) throw new HttpError(409, 'Enter your own details first')
    const plan = state.plan && (await catalog.plan(ctx.db, ctx.tenant.groupKey, state.plan.planId))
    if (plan && state.members.length >= plan.maxDependents)
      throw new HttpError(409, `The ${plan.name} plan covers at most ${plan.maxDependents} dependents.`)
    await requireOfferedPlan(ctx, state, body.planId)
    const id = Math.max(0, ...state.members.map((member) => member.id)) + 1
    const next = await reprice(ctx, {
      ...state,
      members: [...state.members, { id, ...body, planId: body.planId ?? null }],
    })
    await save(ctx, hash, next)
    return visible(next)
  }),
  endpoint(checkoutApi.editMember, async (input) => {
    const { ctx, body, params } = input
    const { hash, state } = await load(ctx, token(input))
    requireOpen(state)
    if (!state.members.some((member) => member.id === params.memberId)) throw notFound('Member')
    await requireOfferedPlan(ctx, state, body.planId)
    const next = await reprice(ctx, {
      ...state,
      members: state.members.map((member) =>
        member.id === params.memberId ? { id: member.id, ...body, planId: body.planId ?? null } : member,
      ),
    })
    await save(ctx, hash, next)
    return visible(next)
  }),
  endpoint(checkoutApi.removeMember, async (input) => {
    const { ctx, params } = input
    const { hash, state } = await load(ctx, token(input))
    requireOpen(state)
    if (!state.members.some((member) => member.id === params.memberId)) throw notFound('Member')
    const next = await reprice(ctx, {
      ...state,
      members: state.members.filter((member) => member.id !== params.memberId),
    })
    await save(ctx, hash, next)
    return visible(next)
  }),
  endpoint(checkoutApi.pay, async (input) => {
    const { ctx, body, c } = input
    const { hash, state: opened } = await load(ctx, token(input), { replay: true })
    // One key per order: a double click, a resubmit, a second tab or a retry after a crash charges once.
    return once(
      ctx,
      { groupKey: ctx.tenant.groupKey, name: `checkout:${hash}` },
      opened.orderId,
      checkoutCompletedSchema,
      async (step) => {
        const { state: current } = await load(ctx, token(input), { replay: true })
        requireOpen(current)
        if (!atLeast(current, 'account') || !current.plan || !current.account || !current.passwordHash)
          throw new HttpError(409, 'Choose a plan and enter your details before paying')
        const state = await reprice(ctx, current)
        const { plan: choice, account, price } = state
        if (!choice || !account || !price || !state.passwordHash)
          throw new HttpError(409, 'Choose a plan and enter your details before paying')
        await refuseExistingAccount(ctx, account.email)
        const charge = await step.charge({
          token: body.cardToken,
          amountCents: price.totalCents,
          description: `Membership for ${account.email}`,
        })
        // The card that was charged (after a crash, the retry may bring a new token of the same card).
        const card = await ctx.payments.card(charge.token)
        const now = ctx.now()
        const renews = renewalDate(now, choice.billingCycle)
        const plan = await catalog.plan(ctx.db, ctx.tenant.groupKey, choice.planId)
        const planName = plan?.name ?? 'Membership'
        const renewalCents = price.lines.reduce((sum, line) => sum + line.amountCents, 0)
        const mailText = await confirmationMail(ctx, {
          account,
          planName,
          price,
          renewalCents,
          renews,
          cardLast4: card.last4,
          cycle: choice.billingCycle,
          members: state.members,
        })
        let session = ''
        const result = await step.commit(async (tx) => {
          const { id } = await one(
            tx,
            z.object({ id: z.number() }),
            `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone, address_line, city, state, zip, date_of_birth)
           VALUES ($1, $2, $3, 'member', $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
            [
              ctx.tenant.groupKey,
              account.email,
              state.passwordHash,
              account.firstName,
              account.lastName,
              account.phone,
              account.address.line,
              account.address.city,
              account.address.state,
              account.address.zip,
              account.dateOfBirth,
            ],
          )
          for (const member of state.members) {
            await tx.query(
              'INSERT INTO dependents (group_key, member_id, first_name, last_name, date_of_birth, relationship, plan_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
              [
                ctx.tenant.groupKey,
                id,
                member.firstName,
                member.lastName,
                member.dateOfBirth,
                member.relationship,
                member.planId,
              ],
            )
          }
          await tx.query(
            "INSERT INTO subscriptions (group_key, member_id, plan_id, office_id, billing_cycle, status, auto_renew, started_at, renews_at) VALUES ($1, $2, $3, $4, $5, 'active', true, $6, $7)",
            [ctx.tenant.groupKey, id, choice.planId, choice.officeId, choice.billingCycle, now, renews],
          )
          await tx.query(
            'INSERT INTO payment_methods (member_id, group_key, processor_token, brand, last4, exp_month, exp_year, billing_zip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
            [id, ctx.tenant.groupKey, card.token, card.brand, card.last4, card.expMonth, card.expYear, card.zip],
          )
          const receipt = await one(
            tx,
            z.object({ id: z.number() }),
            'INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
            [
              ctx.tenant.groupKey,
              id,
              `${planName} plan, enrollment and first ${choice.billingCycle === 'annual' ? 'year' : 'month'} (${price.membersCount} ${price.membersCount === 1 ? 'member' : 'members'})`,
              charge.amountCents,
              card.last4,
              now,
            ],
          )
          const completed: Stored = { ...state, step: 'completed', memberId: id, passwordHash: null }
          await tx.query('UPDATE checkouts SET state = $2, updated_at = now() WHERE token_hash = $1', [hash, completed])
          session = await ctx.sessions.create(tx, id, ctx.tenant.groupKey, now)
          // In the order's transaction: the confirmation exists exactly when the order does.
          await ctx.mailer.send(
            {
              groupKey: ctx.tenant.groupKey,
              to: account.email,
              subject: `Welcome to ${ctx.tenant.companyName}: your ${planName} membership`,
              text: mailText({ memberId: id, receiptId: receipt.id }),
            },
            tx,
          )
          return {
            state: visible(completed),
            receipt: {
              id: receipt.id,
              amountCents: charge.amountCents,
              cardLast4: card.last4,
              paidAt: now.toISOString(),
            },
          }
        })
        // The buyer is signed in (a new session, a new csrf token); the checkout's cookie ends: its
        // confirmation is theirs alone, found by their session from now on (load).
        ctx.cookies.set(SESSION_COOKIE, session)
        ctx.cookies.delete(CHECKOUT_COOKIE)
        rotateCsrfToken(c, ctx.csrf, session)
        void ctx.mailer
          .deliver()
          .catch((error: unknown) => ctx.logger.warn({ err: error }, 'The confirmation is sent by the outbox retries'))
        return result
      },
    )
  }),
]

export const ACCOUNT_NOT_OPENED =
  'We could not open a new account with this email address, so nothing was charged. We sent a message to it. If you already have an account, sign in and add the membership from your dashboard; if not, go back to Your details and check the address.'

/**
 * An email that has an account cannot get a second one: the payment stops before the card is
 * charged, and the account's owner is told by mail, in fixed words (nothing the buyer typed).
 * Each refusal counts as an attempt at the account step, which bounds the mails.
 */
async function refuseExistingAccount(ctx: ApiContext, email: string) {
  const taken = await maybeOne(
    ctx.db,
    z.object({ id: z.number() }),
    'SELECT id FROM users WHERE group_key = $1 AND email = $2',
    [ctx.tenant.groupKey, email],
  )
  if (!taken) return
  await ctx.limits.take('checkoutAccount', ctx.address)
  const at = (path: string) => new URL(path, ctx.tenant.publicUrl).href
  await ctx.mailer.send({
    groupKey: ctx.tenant.groupKey,
    to: email,
    subject: `Someone tried to join ${ctx.tenant.companyName} with your email`,
    text: `Hello,\n\nSomeone tried to buy a membership at ${ctx.tenant.companyName} with this email address, which already has an account. Nothing was charged, and your account is unchanged.\n\nIf it was you, sign in at ${at('/member-login')} and add the membership from your dashboard. If you forgot your password, choose a new one at ${at('/reset-password')}.\n\nIf it was not you, you can ignore this mail.`,
  })
  throw new HttpError(409, ACCOUNT_NOT_OPENED, [
    { path: ['account', 'email'], message: 'This email address cannot open a new account' },
  ])
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * The confirmation mail: what was bought and paid, the member number, and the auto-renewal terms
 * with how to cancel, in the words the payment step showed beside the consent (from content).
 */
async function confirmationMail(
  ctx: ApiContext,
  order: {
    account: NonNullable<Stored['account']>
    planName: string
    price: NonNullable<Stored['price']>
    renewalCents: number
    renews: Date
    cardLast4: string
    cycle: 'monthly' | 'annual'
    members: Stored['members']
  },
) {
  const content = await ctx.content.get(ctx.tenant.groupKey)
  const settings = z
    .catch(z.object({ auto_renewal_terms: z.optional(z.string().check(z.minLength(1))) }), {})
    .parse(content.pages['checkout-payment'] ?? {})
  const phone = content.header.variables.header_phone_number ?? ''
  const terms = fillTerms(settings.auto_renewal_terms ?? AUTO_RENEWAL_TERMS, {
    cycle: order.cycle,
    price: dollars(order.renewalCents),
    renewsOn: longDate(order.renews),
    phone,
  })
  const { price } = order
  const nameOf = (memberId: number | null) => {
    const person = memberId === null ? order.account : order.members.find((member) => member.id === memberId)
    return person ? `${person.firstName} ${person.lastName}` : 'Member'
  }
  // The text once the order's member and receipt exist (in the order's transaction).
  return ({ memberId, receiptId }: { memberId: number; receiptId: number }) =>
    [
      `Hello ${order.account.firstName},`,
      '',
      `Your ${order.planName} membership is active. Your member number is ${memberNumber(ctx.tenant.groupKey, memberId)}.`,
      '',
      `Receipt ${receiptId}: ${dollars(price.totalCents)} charged to the card ending ${order.cardLast4}.`,
      ...price.lines.map((line) => `  ${nameOf(line.memberId)} (${line.planName}): ${dollars(line.amountCents)}`),
      ...(price.enrollmentFeeCents ? [`  Enrollment fee: ${dollars(price.enrollmentFeeCents)}`] : []),
      ...(price.discountCents ? [`  Discount: -${dollars(price.discountCents)}`] : []),
      '',
      'Automatic renewal and how to cancel:',
      terms,
      '',
      `Your ID cards and receipts are on your dashboard: ${ctx.tenant.publicUrl.replace(/\/$/, '')}/dashboard`,
    ].join('\n')
}
