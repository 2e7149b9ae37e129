import { randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import { memberTimeZone } from '#schemas/membership-policy.ts'
import type { Tenant } from '#schemas/tenant.ts'
import {
  CHECKOUT_COOKIE,
  CHECKOUT_TOKEN_HEADER,
  checkoutStateSchema,
  type checkoutAccountSchema,
  type checkoutPlanSchema,
  type CheckoutState,
} from '#schemas/api/checkout.ts'
import type { dependentInputSchema } from '#schemas/api/members.ts'
import { hashPassword, brandWords, newPasswordProblems, type ScryptCost } from '../../platform/auth/passwords.ts'
import { tokenHash } from '../../platform/auth/sessions.ts'
import { type Database, type Queryable } from '../../platform/db/database.ts'
import { refuseWeakPassword } from '../members/index.ts'
import { catalog } from '../directory/index.ts'
import { Conflict, Invalid, notFound, NotFound, Refused } from '../../platform/errors.ts'
import { checkCoupon, planCatalog, priceOf, requireRoomForDependent, requireValidCoupon } from '../plans/index.ts'
import type { RateLimits } from '../../platform/rate-limits.ts'
import { checkoutByToken, completedCheckoutOf, insertCheckout, updateCheckoutState } from './checkout-store.ts'
import { requireOfferedPlan, requireOfficeOffersTheirPlans } from '../directory/index.ts'

/** What the checkout works with (the API's context has it all). */
export interface CheckoutDeps {
  db: Database
  tenant: Tenant
  now: () => Date
  limits: RateLimits
  hashCost: ScryptCost
}

/** Who asks: the checkout's token (if sent), the signed-in user (if any), and the client's address for the rate limits. */
export interface Visitor {
  token: string | undefined
  userId: number | undefined
  address: string
}

const LIFETIME_MS = 24 * 60 * 60_000
/** What the server keeps: the visible state and, after the account step, the password's hash. */
const storedSchema = z.extend(z.omit(checkoutStateSchema, { hasPassword: true }), {
  passwordHash: z.nullable(z.string()),
  orderId: z.optional(z.string()),
})
export type Stored = z.infer<typeof storedSchema> & { orderId: string }
export const visible = ({ passwordHash, ...state }: Stored): CheckoutState => ({
  ...state,
  hasPassword: passwordHash !== null,
})
const newOrderId = () => `order_${randomBytes(16).toString('hex')}`

const EXPIRED = 'This checkout has expired. Start again.'
/** How long the payment's own answer is given again to its token (a double click, a retry after a lost answer). */
const REPLAY_MS = 10 * 60_000

/**
 * A checkout by its token; without one, the signed-in member's checkout they just paid (its
 * confirmation: the token's cookie ends with the payment). A paid checkout holds the buyer's
 * personal data, so only the buyer, signed in, can read it: to anyone else it is gone (404). The
 * payment alone answers its token again for a few minutes (`replay`), with the answer it gave.
 */
export async function load(deps: CheckoutDeps, visitor: Visitor, options: { replay?: boolean } = {}) {
  const { db, tenant } = deps
  const row = visitor.token
    ? await checkoutByToken(db, tokenHash(visitor.token), tenant.groupKey)
    : visitor.userId !== undefined
      ? await completedCheckoutOf(db, tenant.groupKey, visitor.userId)
      : undefined
  if (!visitor.token && !row)
    throw new Refused(
      `Start a checkout first (its token comes back in the ${CHECKOUT_COOKIE} cookie, or send it in the ${CHECKOUT_TOKEN_HEADER} header)`,
    )
  if (!row || row.expires_at < deps.now()) throw new NotFound(EXPIRED)
  const stored = storedSchema.parse(row.state)
  const replayed = options.replay === true && deps.now().getTime() - row.updated_at.getTime() < REPLAY_MS
  if (stored.step === 'completed' && stored.memberId !== visitor.userId && !replayed) throw new NotFound(EXPIRED)
  const hash = row.token_hash
  if (stored.orderId) return { hash, state: { ...stored, orderId: stored.orderId } }
  // A checkout saved before orders had their own key gets one now, kept from here on.
  const state = { ...stored, orderId: newOrderId() }
  await save(db, hash, state)
  return { hash, state }
}

/** Keeps the checkout's state (in the order's transaction, for the payment). */
export async function save(db: Queryable, hash: string, state: Stored) {
  await updateCheckoutState(db, hash, state)
}

const stepOrder = ['started', 'plan', 'account', 'completed'] as const
export const atLeast = (state: Stored, step: (typeof stepOrder)[number]) =>
  stepOrder.indexOf(state.step) >= stepOrder.indexOf(step)

export function requireOpen(state: Stored) {
  if (state.step === 'completed') throw new Conflict('This checkout is complete. Start a new one to buy again.')
}

/** Recomputes the price from the plan, the members and the coupon (never from the browser). */
export async function reprice(deps: Pick<CheckoutDeps, 'db' | 'tenant' | 'now'>, state: Stored): Promise<Stored> {
  if (!state.plan) return { ...state, price: null, office: null }
  const { db } = deps
  const { groupKey } = deps.tenant
  const plan = await planCatalog.plan(db, groupKey, state.plan.planId)
  if (!plan) throw notFound('Plan')
  const office = await catalog.office(db, groupKey, state.plan.officeId)
  const coupon = state.plan.couponCode
    ? await checkCoupon(db, groupKey, state.plan.couponCode, plan.id, state.plan.officeId, deps.now())
    : undefined
  return {
    ...state,
    office: office
      ? {
          id: office.id,
          name: office.name,
          state: office.address.state,
          plans: (await catalog.plansAt(db, groupKey, office.id)).map(
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
    price: {
      ...priceOf(await planCatalog.memberPlans(db, groupKey, plan, state.members), state.plan.billingCycle, coupon),
      timeZone: memberTimeZone(deps.tenant.policy, state.account?.address.state),
    },
  }
}

/** A dependent's own plan must be one the chosen office offers. */
async function requireOfferedAtChosenOffice(deps: CheckoutDeps, state: Stored, planId: number | undefined) {
  if (state.plan) await requireOfferedPlan(deps.db, deps.tenant.groupKey, state.plan.officeId, planId, 'the office')
}

/** Reprices the changed checkout, keeps it and answers its visible state. */
async function update(deps: CheckoutDeps, hash: string, state: Stored) {
  const next = await reprice(deps, state)
  await save(deps.db, hash, next)
  return visible(next)
}

type Person = z.output<typeof dependentInputSchema>

/**
 * The checkout: its state lives on the server under a temporary token, so a reload or a second
 * tab loses nothing. Steps: plan, account, members (optional), payment (checkout-payment.ts); a
 * step sent out of order is refused (409).
 */
export const checkouts = {
  /** A new checkout; its token is the visitor's to keep (it is stored only as a hash). */
  async start(deps: CheckoutDeps): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(24).toString('base64url')
    const expiresAt = new Date(deps.now().getTime() + LIFETIME_MS)
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
    await insertCheckout(deps.db, { hash: tokenHash(token), groupKey: deps.tenant.groupKey, state, expiresAt })
    return { token, expiresAt }
  },

  async state(deps: CheckoutDeps, visitor: Visitor): Promise<CheckoutState> {
    return visible((await load(deps, visitor)).state)
  },

  async choosePlan(deps: CheckoutDeps, visitor: Visitor, choice: z.output<typeof checkoutPlanSchema>) {
    const { db } = deps
    const { groupKey } = deps.tenant
    const { hash, state } = await load(deps, visitor)
    requireOpen(state)
    const plan = await planCatalog.plan(db, groupKey, choice.planId)
    const office = await catalog.office(db, groupKey, choice.officeId)
    if (!plan) throw new Invalid('Choose one of our plans', [{ path: ['body', 'planId'], message: 'Unknown plan' }])
    if (!office)
      throw new Invalid('Choose one of our offices', [{ path: ['body', 'officeId'], message: 'Unknown office' }])
    if (!(await catalog.offers(db, office.id, plan.id)))
      throw new Invalid(`${office.name} does not offer the ${plan.name} plan`, [
        { path: ['body', 'officeId'], message: 'This office does not offer the plan' },
      ])
    if (state.members.length > plan.maxDependents)
      throw new Conflict(`The ${plan.name} plan covers at most ${plan.maxDependents} dependents; remove some first.`)
    await requireOfficeOffersTheirPlans(db, groupKey, office, state.members)
    if (choice.couponCode) {
      await deps.limits.take('coupon', visitor.address)
      requireValidCoupon(await checkCoupon(db, groupKey, choice.couponCode, plan.id, office.id, deps.now()))
    }
    return update(deps, hash, { ...state, plan: choice, step: state.step === 'started' ? 'plan' : state.step })
  },

  async enterAccount(deps: CheckoutDeps, visitor: Visitor, body: z.output<typeof checkoutAccountSchema>) {
    const { hash, state } = await load(deps, visitor)
    requireOpen(state)
    if (!atLeast(state, 'plan')) throw new Conflict('Choose a plan first')
    // Going back to the step, the visitor may leave the password empty to keep the one chosen before.
    const keep = body.password === '' && state.passwordHash !== null
    refuseWeakPassword(
      keep
        ? []
        : body.password === ''
          ? ['Required']
          : newPasswordProblems(body.password, body.email, brandWords(deps.tenant)),
    )
    // Whether the email has an account is not looked at here: the step answers a new and an
    // existing address alike (docs/adr/0012). The payment checks it, before any charge.
    const { password, ...account } = body
    const passwordHash = keep ? state.passwordHash : await hashPassword(password, deps.hashCost)
    const next: Stored = { ...state, account, passwordHash, step: state.step === 'plan' ? 'account' : state.step }
    // Repriced: the address's state decides the time zone the membership's days are counted in.
    return update(deps, hash, next)
  },

  async addMember(deps: CheckoutDeps, visitor: Visitor, person: Person) {
    const { hash, state } = await load(deps, visitor)
    requireOpen(state)
    if (!atLeast(state, 'account')) throw new Conflict('Enter your own details first')
    const plan = state.plan && (await planCatalog.plan(deps.db, deps.tenant.groupKey, state.plan.planId))
    requireRoomForDependent(plan, state.members.length)
    await requireOfferedAtChosenOffice(deps, state, person.planId)
    const id = Math.max(0, ...state.members.map((member) => member.id)) + 1
    return update(deps, hash, {
      ...state,
      members: [...state.members, { id, ...person, planId: person.planId ?? null }],
    })
  },

  async editMember(deps: CheckoutDeps, visitor: Visitor, memberId: number, person: Person) {
    const { hash, state } = await load(deps, visitor)
    requireOpen(state)
    if (!state.members.some((member) => member.id === memberId)) throw notFound('Member')
    await requireOfferedAtChosenOffice(deps, state, person.planId)
    return update(deps, hash, {
      ...state,
      members: state.members.map((member) =>
        member.id === memberId ? { id: member.id, ...person, planId: person.planId ?? null } : member,
      ),
    })
  },

  async removeMember(deps: CheckoutDeps, visitor: Visitor, memberId: number) {
    const { hash, state } = await load(deps, visitor)
    requireOpen(state)
    if (!state.members.some((member) => member.id === memberId)) throw notFound('Member')
    return update(deps, hash, { ...state, members: state.members.filter((member) => member.id !== memberId) })
  },
}
