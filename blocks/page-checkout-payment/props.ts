import { z } from '#schemas/engine/zod.ts'
import { checkoutPaymentSettingsSchema } from './settings.ts'
import { publicConfigSchema } from '#schemas/runtime.ts'

export const pageCheckoutPaymentPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: checkoutPaymentSettingsSchema,
  paymentFields: publicConfigSchema.shape.paymentFields,
  administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
  /** The customer-service phone (content), in the renewal terms' "how to cancel". */
  phone: z.string(),
  paths: z.object({ terms: z.string(), confirmation: z.string(), signIn: z.string(), details: z.string() }),
})
export type PageCheckoutPaymentProps = z.output<typeof pageCheckoutPaymentPropsSchema>
