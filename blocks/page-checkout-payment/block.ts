import { defineBlock, type PageData } from '#engine'
import * as component from './page-checkout-payment.tsx'
import { checkoutStateQuery, stepGuard } from '../kit/checkout/checkout.ts'

const data: PageData = () => [checkoutStateQuery]

const guard = stepGuard('payment')

/** Checkout step 4: the card in the processor's hosted fields, the terms and auto-renewal consent, and paying once. */
export const pageCheckoutPayment = defineBlock({
  name: 'page-checkout-payment',
  title: 'Checkout: payment',
  description:
    'The processor’s hosted card fields, the auto-renewal terms beside the consent, the Arizona notice for Arizona offices, and one charge per order.',
  schema: () => import('./props.ts').then((module) => module.pageCheckoutPaymentPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.checkoutPaymentSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    paymentFields: context.config.paymentFields,
    administrator: context.config.companyName,
    phone: context.content.header.variables.header_phone_number ?? '',
    paths: {
      terms: context.pathTo('terms'),
      confirmation: context.pathTo('checkout'),
      signIn: context.pathTo('member-login', {}, { redirect: context.pathTo('dashboard') }),
      details: context.pathTo('checkout-create-account'),
    },
  }),
  data,
  guard,
  load: () => component,
})
