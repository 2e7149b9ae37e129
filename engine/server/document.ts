import { ENGINE_STATE_ID, serializeForScript, type EngineState } from '../engine-state.ts'
import { RENDER_NONCE_PLACEHOLDER, withNonce } from './nonce.ts'

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A page's address in another language, for `<link rel="alternate" hreflang>` and the sitemap. */
export interface Alternate {
  hreflang: string
  href: string
}

export interface DocumentParts {
  title: string
  favicon: string | undefined
  /** The meta description (search results). */
  description?: string | undefined
  /** The page's one address for search engines (the tenant's public address, no query). */
  canonical?: string | undefined
  /** The page's language (`<html lang>`); the template's when absent. */
  lang?: string | undefined
  /** The page in the site's other languages (`<link rel="alternate" hreflang>`). */
  alternates?: readonly Alternate[] | undefined
  /** HTML before the app, outside what it renders (a suggestion of another language: `suggestionHtml`). */
  notice?: string | undefined
  csrfToken: string
  /** This response's CSP nonce: every script of the document carries it. */
  nonce: string
  html: string
  state: EngineState
  /** Script chunks to fetch early (the matched route's blocks). */
  modulePreloads: readonly string[]
  stylesheets: readonly string[]
}

/** The placeholders of `index.html` that the server fills. */
export const HEAD_PLACEHOLDER = '<!--app-head-->'
export const HTML_PLACEHOLDER = '<!--app-html-->'
export const STATE_PLACEHOLDER = '<!--app-state-->'
export const NOTICE_PLACEHOLDER = '<!--app-notice-->'

/**
 * The first paint waits until the page's `<main>` has arrived, so the header above it is never
 * painted half received. On a slow connection the browser paints what it has parsed so far: a
 * header cut inside its top bar (a link's icon without its text) was painted, then moved when the
 * rest came (a layout shift Lighthouse measured on `/office/1001`). The site's shell renders
 * `<main id="main">` right after the header (engine/site-shell.tsx); a document without it
 * renders once it is parsed.
 */
export const RENDER_AFTER_HEADER = '<link rel="expect" href="#main" blocking="render">'

/**
 * Fills the HTML template with the rendered page, every script with this response's nonce: the
 * template's placeholders before the page goes in, the page's own (`RENDER_NONCE_PLACEHOLDER`) in
 * the page, so no text of the content is ever replaced.
 */
export function renderDocument(template: string, parts: DocumentParts): string {
  const nonce = escapeHtml(parts.nonce)
  const head = [
    `<title>${escapeHtml(parts.title)}</title>`,
    RENDER_AFTER_HEADER,
    parts.favicon ? `<link rel="icon" href="${escapeHtml(parts.favicon)}">` : '',
    parts.description ? `<meta name="description" content="${escapeHtml(parts.description)}">` : '',
    parts.canonical ? `<link rel="canonical" href="${escapeHtml(parts.canonical)}">` : '',
    ...(parts.alternates ?? []).map(
      (link) => `<link rel="alternate" hreflang="${escapeHtml(link.hreflang)}" href="${escapeHtml(link.href)}">`,
    ),
    `<meta name="csrf-token" content="${escapeHtml(parts.csrfToken)}">`,
    ...parts.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...parts.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" nonce="${nonce}">`),
  ]
    .filter(Boolean)
    .join('\n    ')
  // Data, not code: the parser keeps it as text (it carries the nonce as every script does).
  const state = `<script type="application/json" id="${ENGINE_STATE_ID}" nonce="${nonce}">${serializeForScript(parts.state)}</script>`
  const lang = parts.lang
  return withNonce(template, parts.nonce)
    .replace(/<html lang="[^"]*"/, (tag) => (lang ? `<html lang="${escapeHtml(lang)}"` : tag))
    .replace(HEAD_PLACEHOLDER, () => head)
    .replace(NOTICE_PLACEHOLDER, () => parts.notice ?? '')
    .replace(HTML_PLACEHOLDER, () => withNonce(parts.html, parts.nonce, RENDER_NONCE_PLACEHOLDER))
    .replace(STATE_PLACEHOLDER, () => state)
}
