import { isMember } from '#schemas/member.ts'
import { defineBlock, type PageData } from '#engine'
import * as component from './page-checkout-account.tsx'
import { checkoutStateQuery, stepGuard } from '../kit/checkout/checkout.ts'

const data: PageData = () => [checkoutStateQuery]

const guard = stepGuard('account')

/** Checkout step 2: the primary member's details and password. */
export const pageCheckoutAccount = defineBlock({
  name: 'page-checkout-account',
  title: 'Checkout: your details',
  description:
    'The primary member’s name, contact details, address and password; the email checked as it is typed, and a note (the same for everyone) to sign in first for those who have an account.',
  schema: () => import('./props.ts').then((module) => module.pageCheckoutAccountPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.checkoutAccountSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    signedInAs: isMember(context.session) ? context.session.email : undefined,
    paths: {
      signIn: context.pathTo('member-login', {}, { redirect: context.pathTo('checkout-create-account') }),
      members: context.pathTo('checkout-add-member'),
      dashboard: context.pathTo('dashboard'),
      privacy: context.pathTo('privacy'),
    },
  }),
  data,
  guard,
  load: () => component,
})
