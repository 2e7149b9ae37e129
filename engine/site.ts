import type { CSSProperties } from 'react'
import type { ParamRule } from '#schemas/manifest.ts'
import type { MonitoringConfig } from '#schemas/monitoring.ts'

/**
 * The site the engine serves registers its shapes here, as TanStack Router's `Register` does:
 *
 *     declare module '../engine/site.ts' {
 *       interface Register {
 *         site: { content: CmsContent; session: AuthSession; config: PublicConfig; pageId: PageId; layoutKey: LayoutKey }
 *       }
 *     }
 *
 * The engine's types (a block's context, data sources, the registry's keys) flow from it; the
 * engine itself imports none of the site's shapes.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the site's declaration
export interface Register {}

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
}
type Registered = Register extends { site: infer Shapes extends SiteShapes } ? Shapes : SiteShapes

/** The site's content, as its schema parsed it. */
export type SiteContent = Registered['content']
/** The site's session (who is signed in, as its API says). */
export type SiteSession = Registered['session']
/** The site's public configuration (what of the server's settings reaches the browser). */
export type SiteConfig = Registered['config']
/** The site's page identifiers (the manifest's, the registry's page blocks). */
export type PageId = Registered['pageId']
/** The site's layout keys (its header and footer blocks). */
export type LayoutKey = Registered['layoutKey']

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
}

/** A site's check of a path parameter: undefined when the value is not one, else the page's title if it gives one. */
export type ParamCheck = (value: string, content: SiteContent) => { title?: string | undefined } | undefined

/**
 * What the engine asks the site it serves: where things are in its content, and who counts as a
 * signed-in member. The engine reads no field of the site's content or session by name.
 */
export interface SiteDefinition {
  chrome(content: SiteContent): SiteChrome
  /** A page's own settings in the content (the `settings` a page block's context gives it). */
  pageSettings(content: SiteContent, page: string): unknown
  /** Checks of the manifest's path parameters the site defines (`positive-int` is the engine's own). */
  params: Partial<Record<ParamRule, ParamCheck>>
  /** Whether the session is a member's: member pages need one; a content manager browses as a visitor. */
  isMember(session: SiteSession): boolean
  /** Effects of the site in the browser, run by the page's frame (a React hook). */
  useEffects?: (() => void) | undefined
}
