import { defineBlock, type PageData, type PageGuard } from '#engine'
import * as component from './page-checkout.tsx'
import { checkoutStateQuery, firstIncompletePath, lostCheckoutPath } from '../kit/checkout/checkout.ts'
import { infoQuery, receiptsQuery } from './queries.ts'
import { isMember } from '#schemas/member.ts'

/** The checkout's state; once paid (the buyer is then signed in), their membership for the confirmation. */
const data: PageData = ({ session }) => [checkoutStateQuery, ...(isMember(session) ? [infoQuery, receiptsQuery] : [])]

/** `/checkout` itself: the confirmation once paid, else the first step not done (a 302 from the server). */
const guard: PageGuard = ({ path, pathTo, outcome }) => {
  if (path.replace(/\/$/, '') !== pathTo('checkout')) return undefined
  const state = outcome(checkoutStateQuery)
  if (!state) return undefined
  if ('error' in state) return lostCheckoutPath(state.error, pathTo)
  return state.data.step === 'completed' ? undefined : firstIncompletePath(state.data, pathTo)
}

/**
 * The checkout's frame: the stepper, the order with the server's totals and the coupon, the step
 * pages inside; at `/checkout` itself the confirmation once paid (the server sends a visitor
 * anywhere else to the first step not done).
 */
export const pageCheckout = defineBlock({
  name: 'page-checkout',
  title: 'Checkout',
  description:
    'Stepper, order summary with per-member totals and coupon, the step pages, and the confirmation with receipt, member numbers and a temporary ID card.',
  schema: () => import('./props.ts').then((module) => module.pageCheckoutPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.checkoutSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    companyName: context.config.companyName,
    paths: {
      join: context.pathTo('join-now'),
      dashboard: context.pathTo('dashboard'),
      account: context.pathTo('checkout-create-account'),
      members: context.pathTo('checkout-add-member'),
      payment: context.pathTo('checkout-payment'),
      terms: context.pathTo('terms'),
    },
  }),
  data,
  guard,
  load: () => component,
})
