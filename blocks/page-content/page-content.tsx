import { rememberingParser, RichText, Section, type PageData, type PageNested } from '#engine'
import type { CmsContent } from '#schemas/cms.ts'
import { sectionsQueries } from '../kit/sections-with-data.ts'
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

/** The data its sections show (plan cards, a savings table), loaded with the page. */
export const data: PageData = async ({ page, content }) => sectionsQueries(await sectionsOf(page, content), content)

/** Its sections' blocks, loaded with the page. */
export const nested: PageNested = async ({ page, content }) =>
  (await sectionsOf(page, content)).map((section) => section.block)

/** A content page: its heading (visible, or for screen readers only above a hero), its introduction, its sections. */
export default function PageContent({ settings, pageTitle }: PageContentProps) {
  return (
    <article>
      <header className={settings.hide_title ? 'sr-only' : 'bg-surface text-body'}>
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 pt-12 pb-2">
          <h1 className="text-4xl font-bold">{settings.title ?? pageTitle}</h1>
          {settings.updated && <p className="text-sm text-gray-700">Last updated {settings.updated}</p>}
          {settings.intro && <RichText html={settings.intro} className="text-lg text-gray-700 [&_a]:underline" />}
        </div>
      </header>
      {settings.sections.map((section, index) => (
        <Section key={`${section.block}-${index}`} section={section} />
      ))}
    </article>
  )
}
