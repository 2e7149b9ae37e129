import { z } from '#schemas/engine/zod.ts'
import { landingPageSchema } from '#schemas/cms.ts'

// Optional only in type: the route's check has made sure the slug is one of the content's pages.
export const pageLandingPropsSchema = z.object({ page: z.optional(landingPageSchema) })
export type PageLandingProps = z.output<typeof pageLandingPropsSchema>
