import { z } from '#schemas/engine/zod.ts'
import { checkSearch } from '../kit/catalog/search-check.ts'
import { joinNowSettingsSchema } from './settings.ts'

export const pageJoinNowPropsSchema = z.pipe(
  z.object({
    /** The page's texts and settings from content (`pages.{page}`), checked by its settings schema. */
    settings: joinNowSettingsSchema,
    /** From the address: the office, a plan to suggest, a ZIP to find offices near (checked by the page). */
    locationId: z.optional(z.string()),
    planId: z.optional(z.string()),
    zip: z.optional(z.string()),
    /** A checkout page sent the visitor here because their checkout expired. */
    expired: z.boolean(),
    /** The plans the site offers (content: plans_whitelist); empty: every plan of the office. */
    planIds: z.array(z.number().check(z.int(), z.positive())),
    administrator: z.string().check(z.describe('The plan administrator, named beside the prices')),
  }),
  // The ZIP checked with the API's search schema where the props are checked (the server, for the first render).
  z.transform((props) => ({ ...props, near: nearSearch(props.zip, checkSearch) })),
)
export type PageJoinNowProps = z.output<typeof pageJoinNowPropsSchema>

/** The search for offices near a ZIP code (within 25 miles), checked; none without a ZIP. */
export const nearSearch = (zip: string | undefined, check: typeof checkSearch) =>
  zip ? check({ zip, radius: '25' }) : undefined
