import { defineBlock } from '#engine'
import * as component from './page-content.tsx'

/** A page made of content: home, FAQ, terms, privacy, the Arizona page. Each has its own sections. */
export const pageContent = defineBlock({
  name: 'page-content',
  title: 'Content page',
  description: 'A heading and introduction, then the sections content chooses, in order.',
  schema: () => import('./props.ts').then((module) => module.pageContentPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.contentPageSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    pageTitle: context.title ?? context.content.base.variables.global_title,
  }),
  load: () => component,
})
