import type { CSSProperties } from 'react'
import type { CmsContent } from '#schemas/cms.ts'
import type { LayoutKey } from '#schemas/layout.ts'
import type { ParamRule } from '#schemas/manifest.ts'
import type { AuthSession } from '#schemas/runtime.ts'

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
export type ParamCheck = (value: string, content: CmsContent) => { title?: string | undefined } | undefined

/**
 * What the engine asks the site it serves: where things are in its content, and who counts as a
 * signed-in member. The engine reads no field of the site's content or session by name.
 */
export interface SiteDefinition {
  chrome(content: CmsContent): SiteChrome
  /** A page's own settings in the content (the `settings` a page block's context gives it). */
  pageSettings(content: CmsContent, page: string): unknown
  /** Checks of the manifest's path parameters the site defines (`positive-int` is the engine's own). */
  params: Partial<Record<ParamRule, ParamCheck>>
  /** Whether the session is a member's: member pages need one; a content manager browses as a visitor. */
  isMember(session: AuthSession): boolean
  /** Effects of the site in the browser, run by the page's frame (a React hook). */
  useEffects?: (() => void) | undefined
}
