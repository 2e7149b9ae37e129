import { useState, useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiQueryOptions, callApi, useEngine, useNavigate, type ApiTransport } from '#engine'
import { setApiData, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { Plan } from '#schemas/api/directory.ts'
import { checkoutApi } from '#schemas/api/checkout.routes.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { officeQuery, plansQuery } from './queries.ts'

export type BillingCycle = 'monthly' | 'annual'

const fetchTransport: ApiTransport = (path, init) => fetch(path, init)

/**
 * This browser started a checkout (the token itself is HttpOnly): only then is there one to read,
 * so a first visit asks nothing and logs no 400.
 */
export const STARTED = 'checkout-started'
export const startedHere = () => {
  try {
    return window.localStorage.getItem(STARTED) !== null
  } catch {
    return false
  }
}
const markStarted = () => {
  try {
    window.localStorage.setItem(STARTED, new Date().toISOString())
  } catch {
    // Without storage, each plan chosen starts a new checkout.
  }
}
const subscribeNever = () => () => {}

/**
 * A checkout under way in this browser, to go back to: its plan and office, or undefined. Read
 * after hydration (most visitors have none: the server does not render a failed read).
 */
export function useCheckoutInProgress(): { plan: string; office: string } | undefined {
  const started = useSyncExternalStore(subscribeNever, startedHere, () => false)
  const { data: state } = useQuery({
    ...apiQueryOptions(checkoutStateQuery, useEngine().sources.transport ?? fetchTransport),
    enabled: started,
  })
  const plan = state?.price?.lines[0]?.planName
  if (!state || state.step === 'completed' || !plan || !state.office) return undefined
  return { plan, office: state.office.name }
}

/** The plans the site offers (none listed: every plan of the office). */
export const offeredPlans = (plans: readonly Plan[], planIds: readonly number[]): Plan[] =>
  plans.filter((plan) => !planIds.length || planIds.includes(plan.id))

/** An office, the plans of it the site offers, and the billing period the prices are shown for. */
export function useOfficePlans(officeId: number, planIds: readonly number[]) {
  const { data: office } = useApiQuery(officeQuery(officeId))
  const { data } = useApiQuery(plansQuery(officeId))
  const [cycle, setCycle] = useState<BillingCycle>('monthly')
  return { office, plans: offeredPlans(data.plans, planIds), cycle, chooseCycle: setCycle }
}

/**
 * Choosing a plan: starts the checkout (or changes the one under way), then goes to its next step.
 * `pending` is the plan chosen, from the click until the checkout's step has replaced this page;
 * meanwhile no other is taken. `problem` is why the last choice failed.
 */
export function usePlanChoice(officeId: number, cycle: BillingCycle) {
  const navigate = useNavigate()
  const { pathTo } = useEngine()
  const start = useApiMutation(checkoutApi.start)
  const choice = useApiMutation(checkoutApi.choosePlan, {
    input: async (plan: Plan) => {
      // A read (GET), not a submit: the checkout under way, asked afresh at the click.
      const current = startedHere() ? await callApi(checkoutApi.state, undefined).catch(() => undefined) : undefined
      // A checkout under way keeps its account and members; otherwise a new one starts.
      if (!current || current.step === 'completed') {
        await start.mutateAsync({})
        markStarted()
      }
      return { body: { planId: plan.id, officeId, billingCycle: cycle } }
    },
    onSuccess: async (state, _plan, client) => {
      setApiData(client, checkoutStateQuery, state)
      await navigate(pathTo('checkout'))
    },
  })
  const pending = choice.isPending || choice.isSuccess ? choice.variables.id : undefined
  return {
    pending,
    problem: choice.error?.message,
    choose: (plan: Plan) => {
      if (pending === undefined) choice.mutate(plan)
    },
  }
}
