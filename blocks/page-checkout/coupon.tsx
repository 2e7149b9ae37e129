import { useId, useState, type SyntheticEvent } from 'react'
import { setApiData } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { checkoutApi } from '#schemas/api/checkout.routes.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { CONTROL } from '../kit/forms/field.tsx'
import { serverProblems } from '../kit/forms/server-problems.ts'
import { Button } from '../kit/ui/button.tsx'
import type { CheckoutSettings } from './settings.ts'

const validateCoupon = () =>
  import('#schemas/api/directory.routes.ts').then((module) => module.catalogApi.validateCoupon)

/**
 * Applies a coupon to the order: the specification's coupon check (`/api/v4/coupon/validate`, for
 * the order's plan and office) says first whether the code applies and, when not, why, in its own
 * sentence at the field; only a valid code changes the order (whose step checks it again).
 */
export function Coupon({ state, settings }: { state: CheckoutState; settings: CheckoutSettings }) {
  const [code, setCode] = useState(state.plan?.couponCode ?? '')
  const [problem, setProblem] = useState<string>()
  const id = useId()
  // The code's problem at the field; too many checks say how long to wait, as every form does.
  const explain = (error: unknown) => {
    const { placed, message } = serverProblems(error, ['query.coupon', 'couponCode'])
    setProblem(placed[0]?.[1] ?? message)
  }
  const order = useApiMutation(checkoutApi.choosePlan, {
    onSuccess: (next, _input, client) => {
      setProblem(undefined)
      setApiData(client, checkoutStateQuery, next)
    },
    onError: explain,
  })
  // The check's contract comes with the first code applied: the checkout's pages load without it.
  const check = useApiMutation(validateCoupon, {
    onSuccess: (result) => {
      if (!result.valid || !result.coupon || !state.plan) return setProblem(result.message)
      order.mutate({ body: { ...state.plan, couponCode: result.coupon.code } })
    },
    onError: explain,
  })
  const plan = state.plan
  if (!plan) return null
  const pending = check.isPending || order.isPending
  const apply = (event: SyntheticEvent) => {
    event.preventDefault()
    // A blank code is asked of the check too: its answer is the sentence that asks for one.
    check.mutate({ query: { coupon: code.trim(), plan_id: plan.planId, location_id: plan.officeId } })
  }
  const remove = () => {
    setCode('')
    setProblem(undefined)
    const { couponCode: _removed, ...rest } = plan
    order.mutate({ body: rest })
  }
  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-2 print:hidden" aria-label="Coupon">
      <label htmlFor={id} className="font-medium">
        {settings.coupon_label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className={`${CONTROL} min-w-0 flex-1 uppercase`}
          autoComplete="off"
          maxLength={40}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-message`}
        />
        <Button variant="outline" type="submit" disabled={pending}>
          {settings.coupon_button}
        </Button>
      </div>
      <p id={`${id}-message`} role="status" className={problem ? 'font-semibold text-red-800' : 'text-green-800'}>
        {problem ?? (plan.couponCode ? state.price?.couponMessage : '')}
      </p>
      {plan.couponCode && !problem && (
        <Button variant="link" className="self-start text-sm" onClick={remove} disabled={pending}>
          {settings.coupon_remove}
        </Button>
      )}
    </form>
  )
}
