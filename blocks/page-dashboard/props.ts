import { z } from '#schemas/engine/zod.ts'
import { dashboardSettingsSchema } from './settings.ts'
import { publicConfigSchema } from '#schemas/runtime.ts'

export const pageDashboardPropsSchema = z.object({
  /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
  settings: dashboardSettingsSchema,
  companyName: z.string(),
  paymentFields: publicConfigSchema.shape.paymentFields,
  /** The customer-service phone (content), in the renewal terms' "how to cancel". */
  phone: z._default(z.string(), ''),
  /** The checkout's auto-renewal terms from content, when it rewords them (the join flow shows them). */
  renewalTerms: z.optional(z.string()),
  /**
   * The checkout's words for the separate consent to those terms (its box's label, and what is said
   * when it is not ticked), when content rewords them: the join flow asks the same consent.
   */
  renewalConsentLabel: z.optional(z.string()),
  renewalConsentRequired: z.optional(z.string()),
  /** The site's languages, each named in its own (content: base.variables.languages): the member's mail is in one. */
  languages: z._default(z.array(z.object({ code: z.string(), name: z.string() })), []),
  paths: z.object({ grievance: z.string(), grievances: z.string(), findDentist: z.string(), terms: z.string() }),
})
export type PageDashboardProps = z.output<typeof pageDashboardPropsSchema>
