// Joining (again) from the dashboard as a small state machine: the steps, the order, the family
// added, and the problems each step shows. Pure (no React), so each move is tested on its own;
// use-join-dialog.ts drives it.
import type { Dependent, MemberInfo } from '#schemas/api/members.ts'

export const JOIN_STEPS = ['plan', 'family', 'payment'] as const
export type JoinStep = (typeof JOIN_STEPS)[number]

/** The order as chosen at the first step. */
export interface Order {
  officeId: number
  planId: number
  billingCycle: 'monthly' | 'annual'
  couponCode: string
}
/** Someone added to the membership at the family step (on the member's plan, or their own). */
export type NewDependent = Omit<Dependent, 'id' | 'planId'> & { planId?: number | undefined }
/** The order as the price and the purchase take it. */
export type OrderBody = Omit<Order, 'couponCode'> & { couponCode?: string; newDependents: NewDependent[] }

/** What stops the first step, named by its text in the dashboard's settings. */
export type JoinProblem = 'join_choose_office' | 'join_choose_plan'

export interface JoinFlow {
  step: JoinStep
  order: Order
  added: NewDependent[]
  problem?: JoinProblem | undefined
  /** Why the coupon does not apply, from the coupon check, at its field. */
  couponProblem?: string | undefined
}

/** Where Continue leads from a step: another step, a problem, or the coupon check first. */
export type JoinMove =
  | { kind: 'step'; step: JoinStep }
  | { kind: 'problem'; problem: JoinProblem }
  | { kind: 'check-coupon'; coupon: string }
  | { kind: 'stay' }

export type JoinEvent =
  | { type: 'continued'; move: JoinMove }
  | { type: 'back' }
  /** The first step's fields changed: a coupon's problem goes with the change. */
  | { type: 'changed'; change: Partial<Order> }
  | { type: 'couponAccepted' }
  | { type: 'couponRefused'; message: string | undefined }
  | { type: 'added'; person: NewDependent }
  | { type: 'removed'; position: number }

/** The first step as the member left it: their last office and plan, else the first office. */
export function startJoin(info: Pick<MemberInfo, 'subscription'>, offices: readonly { id: number }[]): JoinFlow {
  const previous = info.subscription
  return {
    step: 'plan',
    order: {
      officeId: previous?.officeId ?? offices[0]?.id ?? 0,
      planId: previous?.planId ?? 0,
      billingCycle: previous?.billingCycle ?? 'monthly',
      couponCode: '',
    },
    added: [],
  }
}

/**
 * Where Continue leads: from the plan, an office and a plan are needed, and a coupon is checked
 * before the family; from the family, to the payment; the payment's own button pays.
 */
export function continueFrom(flow: JoinFlow, planChosen: boolean): JoinMove {
  if (flow.step === 'plan') {
    if (!flow.order.officeId) return { kind: 'problem', problem: 'join_choose_office' }
    if (!planChosen) return { kind: 'problem', problem: 'join_choose_plan' }
    const coupon = flow.order.couponCode.trim()
    return coupon ? { kind: 'check-coupon', coupon } : { kind: 'step', step: 'family' }
  }
  if (flow.step === 'family') return { kind: 'step', step: 'payment' }
  return { kind: 'stay' }
}

export function joinFlow(flow: JoinFlow, event: JoinEvent): JoinFlow {
  switch (event.type) {
    case 'continued': {
      const { move } = event
      if (move.kind === 'step') return { ...flow, step: move.step, problem: undefined }
      if (move.kind === 'problem') return { ...flow, problem: move.problem }
      return { ...flow, problem: undefined }
    }
    case 'back': {
      const previous = JOIN_STEPS[JOIN_STEPS.indexOf(flow.step) - 1]
      return previous ? { ...flow, step: previous } : flow
    }
    case 'changed':
      return { ...flow, order: { ...flow.order, ...event.change }, couponProblem: undefined }
    case 'couponAccepted':
      return { ...flow, step: 'family' }
    case 'couponRefused':
      return { ...flow, couponProblem: event.message }
    case 'added':
      return { ...flow, added: [...flow.added, event.person] }
    case 'removed':
      return { ...flow, added: flow.added.filter((_person, at) => at !== event.position) }
  }
}

/** The order as priced and bought: the coupon trimmed, and left out when there is none. */
export function orderBody(order: Order, added: NewDependent[]): OrderBody {
  const coupon = order.couponCode.trim()
  return {
    planId: order.planId,
    officeId: order.officeId,
    billingCycle: order.billingCycle,
    ...(coupon ? { couponCode: coupon } : {}),
    newDependents: added,
  }
}
