/**
 * The dental site as the engine sees it: where its content keeps the title, the favicon, the
 * colours and the layout, how its path parameters are checked, and who counts as a member.
 * No zod here: every page's start loads this module.
 */
import type { CSSProperties } from 'react'
import { callApi, type SiteDefinition } from '#engine'
import type { CmsContent, Theme } from '#schemas/cms.ts'
import type { LayoutKey } from '#schemas/layout.ts'
import type { PageId } from '#schemas/pages.ts'
import type { AuthSession, PublicConfig } from '#schemas/runtime.ts'
import type { StaffRole } from '#schemas/staff-roles.ts'
import { isMember } from '#schemas/member.ts'
import { DEFAULT_LANGUAGE } from '#schemas/languages.ts'

/**
 * The dental site's shapes: the engine's types (a block's context, the registry's keys) are these,
 * and an endpoint's access names its staff roles.
 */
interface DentalSite {
  content: CmsContent
  session: AuthSession
  config: PublicConfig
  pageId: PageId
  layoutKey: LayoutKey
  staffRole: StaffRole
}
declare module '#engine' {
  interface Register {
    site: DentalSite
  }
}

/** The tenant's brand colours as CSS variables; the styles read them through the theme. */
export function themeStyle(theme: Theme): CSSProperties {
  return {
    '--brand-primary': theme.primary,
    '--brand-primary-contrast': theme.primary_contrast,
    '--brand-secondary': theme.secondary,
    '--brand-accent': theme.accent,
    '--brand-surface': theme.surface,
    '--brand-text': theme.text,
  } as CSSProperties
}

/** The error page's words; a missing page offers the dentist search too (the header has the menu). */
const errorPage = (texts: CmsContent['base']['variables']['texts']) => ({
  notFound: texts.not_found_hint,
  failed: texts.error_hint,
  home: texts.home_link,
  search: { label: texts.search_link, to: '/find-a-dentist' },
})

export const site: SiteDefinition = {
  chrome: (content) => ({
    title: content.base.variables.global_title,
    favicon: content.base.variables.favicon,
    description: content.base.variables.meta_description,
    style: themeStyle(content.theme),
    header: content.layout.header,
    landingHeader: content.layout.landing_header,
    footer: content.layout.footer,
    tracking: !content.base.variables.disable_performance_tracking,
    errorPage: errorPage(content.base.variables.texts),
  }),
  pageSettings: (content, page) => content.pages[page] ?? {},
  // `page` is a page identifier of the manifest (a landing page has no entry: its title is its own).
  pageTitle: (content, page) => (content.base.variables.page_titles as Partial<Record<string, string>>)[page],
  // The Terms a member agrees to are read in full in their language (docs/content.md, Languages).
  locales: {
    default: DEFAULT_LANGUAGE,
    published: (content) => content.base.variables.languages,
    required: ['/pages/terms'],
  },
  params: {
    'landing-slug': (value, content) => {
      const landing = content.landing_pages.find((page) => page.slug === value)
      return landing && { title: landing.title }
    },
  },
  isMember,
  // The contracts' schemas (and zod) load with the first call the browser makes itself: a page's
  // start has its content and session from the server.
  api: {
    async content(version, locale) {
      const [raw, { parseCmsContent }] = await Promise.all([
        import('#schemas/api/content.ts').then(({ contentApi }) =>
          callApi(contentApi.content, { query: { version, locale } }),
        ),
        import('#schemas/parse-cms.ts'),
      ])
      return parseCmsContent(raw)
    },
    session: () => import('#schemas/api/session.ts').then(({ sessionApi }) => callApi(sessionApi.session, {})),
    signOut: async () => {
      const { sessionApi } = await import('#schemas/api/session.ts')
      await callApi(sessionApi.logout, {})
    },
  },
  contentSchema: {
    load: () =>
      import('#schemas/json-schema.ts').then((module) => module.generateJsonSchemas()['cms-content.schema.json']!),
    id: 'https://dental-engine.local/schemas/site-content.json',
    layoutFields: ['layout.header', 'layout.footer', 'layout.landing_header'],
    sectionLists: ['landing_pages[].sections'],
    pageSettings: 'pages',
  },
  idleWarning: (content) => {
    const texts = content.header.variables.texts
    return { title: texts.idle_title, message: texts.idle_message, stay: texts.idle_stay, signOut: texts.idle_sign_out }
  },
  trackingConsent: (content) => content.base.variables.tracking_consent,
}
