import type { CSSProperties } from 'react'
import type { Manifest } from '#schemas/engine/manifest.ts'
import type { MonitoringConfig } from '#schemas/engine/monitoring.ts'
import type { Register } from '#schemas/engine/register.ts'

/** The site's registration of its shapes (schemas/engine/register.ts): the site augments it through `#engine`. */
export type { Register }

/** What the engine reads itself: a session says whether someone is signed in. */
export interface EngineSession {
  isAuthenticated: boolean
}
/** The public settings the engine reads itself (the build, the idle limits, monitoring). */
export interface EngineConfig {
  buildId: string
  idleAuthMilliseconds: number
  idleSessionMilliseconds: number
  monitoring?: MonitoringConfig | undefined
}
interface SiteShapes {
  content: object
  session: EngineSession
  config: EngineConfig
  pageId: string
  layoutKey: string
  /** The names of the site's staff roles, for the contracts' access rules (schemas/engine/contract.ts). */
  staffRole?: string
}
type Registered = Register extends { site: infer Shapes extends SiteShapes } ? Shapes : SiteShapes

/** The site's content, as its schema parsed it. */
export type SiteContent = Registered['content']
/** The site's session (who is signed in, as its API says). */
export type SiteSession = Registered['session'] & EngineSession
/** The site's public configuration (what of the server's settings reaches the browser). */
export type SiteConfig = Registered['config'] & EngineConfig
/** The site's page identifiers (the manifest's, the registry's page blocks). */
export type PageId = Registered['pageId']
/** The site's layout keys (its header and footer blocks). */
export type LayoutKey = Registered['layoutKey']

/** A language a site is published in: its code (the path prefix, `lang`) and its own name ("Español"). */
export interface SiteLanguage {
  code: string
  name: string
  /**
   * The words, in this language, that suggest it to a visitor who prefers it on a page in another
   * ("Esta página también está en español." / "Ver en español" / "No, gracias").
   */
  suggestion?: { text: string; accept: string; decline: string } | undefined
}

/**
 * The site's languages: the default (served without a prefix) and those a tenant's content
 * publishes (the default among them; none or one: the site speaks its default alone).
 */
export interface SiteLocales {
  default: string
  published(content: SiteContent): readonly SiteLanguage[]
  /**
   * Where every text must be translated before a language is published, by the address of what
   * holds them (a legal page: `/pages/terms`), beside the fields marked `localized(…, { required: true })`.
   */
  required?: readonly string[] | undefined
}

/** The site's manifest: its routes, each naming one of the site's pages. */
export type SiteManifest = Manifest<PageId>

/** What the engine draws around every page, as the site's content says it. */
export interface SiteChrome {
  /** The title every page's title ends with (and the title of a page that has none). */
  title: string
  favicon?: string | undefined
  /** The page's description for search engines. */
  description?: string | undefined
  /** The style of the site's frame: the tenant's colours as CSS variables, which the styles read. */
  style?: CSSProperties | undefined
  /** The layout: the blocks of the header (of a page, and of a landing page) and of the footer. */
  header: LayoutKey
  landingHeader: LayoutKey
  footer: LayoutKey
  /** Whether the content allows performance measurements (real-user monitoring). */
  tracking: boolean
  /** The error page's words, and the search it offers on a missing page (the menu is the header's). */
  errorPage?: ErrorPageTexts | undefined
}

/** The error page's words, from the site's content (engine/error-view.tsx has today's defaults). */
export interface ErrorPageTexts {
  /** The help under a missing page's message. */
  notFound: string
  /** The help under any other error's message. */
  failed: string
  home: string
  /** A missing page offers this too: the site's search, say. */
  search?: { label: string; to: string } | undefined
}

/** A site's check of a path parameter: undefined when the value is not one, else the page's title if it gives one. */
export type ParamCheck = (value: string, content: SiteContent) => { title?: string | undefined } | undefined

/**
 * The site's API as the engine calls it in the browser: its content (a previewed version) and its
 * session, and the sign-out. Each answer is parsed by the site's schemas, which load with the
 * first call (a page's start has its content and session from the server).
 */
export interface SiteApi {
  /** The content of `version` (the published content when undefined) in `locale` (the default when undefined), parsed. */
  content(version: string | undefined, locale?: string): Promise<SiteContent>
  session(): Promise<SiteSession>
  signOut(): Promise<void>
}

/** A JSON Schema, as a plain object. */
export type JsonSchema = Record<string, unknown>

/**
 * The site's content schema, as JSON Schema, and where in it the engine fills in the registry's
 * blocks (the editor's forms, the HTML sanitiser). A place is a dotted path of property names in
 * the content; `[]` steps into a list's items: `landing_pages[].sections`.
 */
export interface SiteContentSchema {
  /** The `$id` the site's content schema is published under (the site names it, not the engine). */
  id: string
  /** The schema (its module loads with the first call: only the server and the editor need it). */
  load(): Promise<JsonSchema>
  /** Fields that name a layout block (a header, a footer): they get the registered blocks' titles. */
  layoutFields: readonly string[]
  /** Lists of sections: each item is a choice among the registered section blocks. */
  sectionLists: readonly string[]
  /** The object of the pages' own settings, by page identifier (each page block's settings form). */
  pageSettings: string
}

/** The words of the warning before an idle sign-out, from the site's content. */
export interface IdleWarningTexts {
  title: string
  /** The sentence, with `{time}` where the time left (a count down, 1:59) goes. */
  message: string
  stay: string
  signOut: string
}

/** The words of the privacy choices (consent to performance measurements), from the site's content. */
export interface TrackingConsentTexts {
  title: string
  /** What is measured, and what never is. */
  message: string
  allow: string
  decline: string
  /** The current choice, said when the banner is opened again. */
  allowed: string
  declined: string
}

/**
 * What the engine asks the site it serves: where things are in its content, how to reach its API,
 * and who counts as a signed-in member. The engine reads no field of the site's content or session
 * by name, and calls none of its contracts itself.
 */
export interface SiteDefinition {
  chrome(content: SiteContent): SiteChrome
  /** A page's own settings in the content (the `settings` a page block's context gives it). */
  pageSettings(content: SiteContent, page: string): unknown
  /** A page's title from the content (in the page's language); absent, the manifest's. */
  pageTitle?: ((content: SiteContent, page: string) => string | undefined) | undefined
  /** Checks of the manifest's path parameters the site defines (`positive-int` is the engine's own). */
  params: Readonly<Record<string, ParamCheck>>
  /** Whether the session is a member's: member pages need one; a content manager browses as a visitor. */
  isMember(session: SiteSession): boolean
  /** The site's API in the browser. */
  api: SiteApi
  /** The site's content schema and where the registry's blocks go in it. */
  contentSchema: SiteContentSchema
  /** The words of the warning two minutes before an idle sign-out (no warning without them). */
  idleWarning?: ((content: SiteContent) => IdleWarningTexts) | undefined
  /**
   * The words of the privacy choices, asked where the server waits for consent before monitoring
   * (`trackingConsent: 'not-granted'`); without them nothing is asked, and monitoring never starts.
   */
  trackingConsent?: ((content: SiteContent) => TrackingConsentTexts) | undefined
  /**
   * The site's languages: its default (served without a path prefix) and those a tenant's content
   * publishes (each under its prefix, `/es/faq`). Absent: English alone.
   */
  locales?: SiteLocales | undefined
  /** Effects of the site in the browser, run by the page's frame (a React hook). */
  useEffects?: (() => void) | undefined
}
