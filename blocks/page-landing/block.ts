import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import { landingPageSchema } from '#schemas/cms.ts'
import * as component from './page-landing.tsx'

// Optional only in type: the route's check has made sure the slug is one of the content's pages.
export const pageLandingPropsSchema = z.object({ page: z.optional(landingPageSchema) })
export type PageLandingProps = z.output<typeof pageLandingPropsSchema>

export const pageLanding = defineBlock({
  name: 'page-landing',
  title: 'Landing page',
  description: 'A campaign page from content: its headline, text and button, then the sections content chooses.',
  schema: pageLandingPropsSchema,
  // The route checked the slug, so the page exists in the content.
  select: (context) => ({ page: context.content.landing_pages.find((page) => page.slug === context.params.landing) }),
  load: () => component,
})
