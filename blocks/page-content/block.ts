import { defineBlock, rememberingParser } from '#engine'
import type { CmsContent } from '#schemas/cms.ts'
import * as component from './page-content.tsx'
import type { PageContentProps } from './props.ts'

const NO_SETTINGS = {}
/**
 * The page's settings from content, parsed once per content (the same object request after
 * request). Their schema loads with the first page loader that needs it: the component gets them
 * parsed in its props (checked on the server, carried to the browser's hydration).
 */
let settingsReader: Promise<ReturnType<typeof rememberingParser<PageContentProps['settings']>>> | undefined
const readSettings = () =>
  (settingsReader ??= import('./settings.ts').then(({ contentPageSettingsSchema }) =>
    rememberingParser(contentPageSettingsSchema),
  ))

/** The page's sections from content; unreadable settings have none (the page reports them). */
const sectionsOf = async (page: string, content: CmsContent) => {
  const settings = (await readSettings())(content.pages[page] ?? NO_SETTINGS)
  return settings.success ? settings.data.sections : []
}

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
  // Its sections (their blocks and data load with the page).
  sections: ({ page, content }) => sectionsOf(page, content),
  load: () => component,
})
