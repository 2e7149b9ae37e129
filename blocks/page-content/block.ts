import { z } from '#schemas/zod.ts'
import { defineBlock } from '#engine'
import * as component from './page-content.tsx'

export const pageContentPropsSchema = z.object({
  /** The page's content (`pages.{page}`), parsed by the component with `settings.ts`. */
  settings: z.unknown(),
  pageTitle: z.string().check(z.describe('The page’s title from the manifest')),
})
export type PageContentProps = z.output<typeof pageContentPropsSchema>

/** A page made of content: home, FAQ, terms, privacy, the Arizona page. Each has its own sections. */
export const pageContent = defineBlock({
  name: 'page-content',
  title: 'Content page',
  description: 'A heading and introduction, then the sections content chooses, in order.',
  schema: pageContentPropsSchema,
  settings: () => import('./settings.ts').then((module) => module.contentPageSettingsSchema),
  select: (context) => ({ settings: context.settings ?? {}, pageTitle: context.title ?? context.content.base.variables.global_title }),
  load: () => component,
})
