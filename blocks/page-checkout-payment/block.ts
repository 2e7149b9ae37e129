import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import { publicConfigSchema } from '#schemas/runtime.ts'
import * as component from './page-checkout-payment.tsx'

export const pageCheckoutPaymentPropsSchema = z.object({
  /** The page's texts from content, parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  paymentFields: publicConfigSchema.shape.paymentFields,
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
  /** The customer-service phone (content), in the renewal terms' "how to cancel". */
  phone: z.string(),
  paths: z.object({ terms: z.string(), confirmation: z.string() }),
})
export type PageCheckoutPaymentProps = z.output<typeof pageCheckoutPaymentPropsSchema>

/** Checkout step 4: the card in the processor's hosted fields, the terms and auto-renewal consent, and paying once. */
export const pageCheckoutPayment = defineBlock({
  name: 'page-checkout-payment',
  title: 'Checkout: payment',
  description: 'The processor’s hosted card fields, the auto-renewal terms beside the consent, the Arizona notice for Arizona offices, and one charge per order.',
  schema: pageCheckoutPaymentPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.checkoutPaymentSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    paymentFields: context.config.paymentFields,
    administrator: context.config.companyName,
    phone: context.content.header.variables.header_phone_number ?? '',
    paths: { terms: context.pathTo('terms'), confirmation: context.pathTo('checkout') },
  }),
  load: () => component,
})
