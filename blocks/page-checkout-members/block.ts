import { defineBlock, type PageData, type PageGuard } from '#engine'
import * as component from './page-checkout-members.tsx'
import { checkoutStateQuery, stepGuard } from '../kit/checkout/checkout.ts'

const data: PageData = () => [checkoutStateQuery]

/** The step needs the account; editing a member who is not in the checkout (removed) goes back to the list. */
const guard: PageGuard = (input) => {
  const step = stepGuard('members')(input)
  if (step !== undefined || input.page !== 'checkout-edit-member') return step
  const state = input.outcome(checkoutStateQuery)
  const known =
    state && 'data' in state && state.data.members.some((member) => member.id === Number(input.params.memberId))
  return known ? undefined : input.pathTo('checkout-add-member')
}

/** Checkout step 3: the household, each member on the plan of the member or their own. */
export const pageCheckoutMembers = defineBlock({
  name: 'page-checkout-members',
  title: 'Checkout: family members',
  description:
    'The primary member and dependents with their plans and prices; add, edit (its own page) and remove with a confirmation.',
  schema: () => import('./props.ts').then((module) => module.pageCheckoutMembersPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.checkoutMembersSettingsSchema),
  sharedSettings: true,
  select: (context) => ({
    // Both pages share the texts of the add-member page.
    settings: context.content.pages['checkout-add-member'] ?? {},
    mode: context.page === 'checkout-edit-member' ? ('edit' as const) : ('add' as const),
    memberId: context.params.memberId,
    planIds: context.content.base.variables.plans_whitelist.map((plan) => Number(plan.plan_id)),
    paths: { members: context.pathTo('checkout-add-member'), payment: context.pathTo('checkout-payment') },
  }),
  data,
  guard,
  load: () => component,
})
