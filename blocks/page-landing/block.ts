import { defineBlock } from '#engine'
import * as component from './page-landing.tsx'

export const pageLanding = defineBlock({
  name: 'page-landing',
  title: 'Landing page',
  description: 'A campaign page from content: its headline, text and button, then the sections content chooses.',
  schema: () => import('./props.ts').then((module) => module.pageLandingPropsSchema),
  // The route checked the slug, so the page exists in the content.
  select: (context) => ({ page: context.content.landing_pages.find((page) => page.slug === context.params.landing) }),
  // Its sections (their blocks and data load with the page).
  sections: ({ params, content }) => content.landing_pages.find((page) => page.slug === params.landing)?.sections ?? [],
  load: () => component,
})
