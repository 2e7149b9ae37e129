import { apiQuery, ApiRequestError, type PageGuard, type PageGuardInput } from '#engine'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { checkoutApi } from '#schemas/api/checkout.routes.ts'
import type { PageId } from '#schemas/pages.ts'

/** The checkout so far, read under the HttpOnly `checkout` cookie (docs/adr/0007). */
export const checkoutStateQuery = apiQuery(checkoutApi.state)

/** The steps, in order, as the stepper shows them: the plan is chosen on /join-now. */
export const CHECKOUT_STEPS = ['plan', 'account', 'members', 'payment'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

const STEP_OF_STATE: Record<CheckoutState['step'], number> = { started: 0, plan: 1, account: 2, completed: 4 }

/** How far a checkout may go: the steps before this index are done. */
export const reachedStep = (state: CheckoutState): number => STEP_OF_STATE[state.step]

/** The page of a step (the plan's is the join page, with the office and plan chosen before). */
export function stepPath(
  step: CheckoutStep,
  state: CheckoutState | undefined,
  pathTo: PageGuardInput['pathTo'],
): string {
  if (step === 'plan')
    return pathTo('join-now', {}, state?.plan ? { location_id: state.plan.officeId, plan_id: state.plan.planId } : {})
  const pages: Record<Exclude<CheckoutStep, 'plan'>, PageId> = {
    account: 'checkout-create-account',
    members: 'checkout-add-member',
    payment: 'checkout-payment',
  }
  return pathTo(pages[step])
}

/** The first step not done: where `/checkout` sends the visitor, and where a skipped step does. */
export function firstIncompletePath(state: CheckoutState, pathTo: PageGuardInput['pathTo']): string {
  if (state.step === 'completed') return pathTo('checkout')
  return stepPath(CHECKOUT_STEPS[reachedStep(state)] ?? 'payment', state, pathTo)
}

/** What a step needs done before it: family members are optional, so payment needs the account only. */
const NEEDS: Record<Exclude<CheckoutStep, 'plan'>, number> = { account: 1, members: 2, payment: 2 }

/**
 * Where a checkout page sends a visitor whose checkout cannot be read: without one (no cookie,
 * 400) to the join page; with an expired one (404) to the join page, which says it expired.
 */
export function lostCheckoutPath(error: unknown, pathTo: PageGuardInput['pathTo']): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined
  if (error.status === 400) return pathTo('join-now')
  if (error.status === 404) return pathTo('join-now', {}, { expired: 1 })
  return undefined
}

/**
 * The guard of a step's page: a visitor whose earlier step is not done goes to the first step not
 * done; a finished checkout goes to its confirmation; without a checkout, or with an expired one,
 * to the join page (which says it expired).
 */
export const stepGuard =
  (step: Exclude<CheckoutStep, 'plan'>): PageGuard =>
  ({ outcome, pathTo }) => {
    const state = outcome(checkoutStateQuery)
    if (!state) return undefined
    if ('error' in state) return lostCheckoutPath(state.error, pathTo)
    if (state.data.step === 'completed') return pathTo('checkout')
    return reachedStep(state.data) >= NEEDS[step] ? undefined : firstIncompletePath(state.data, pathTo)
  }
