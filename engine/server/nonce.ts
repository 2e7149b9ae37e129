/**
 * What the build writes where its scripts' nonce goes (`nonce="…"`, Vite's `html.cspNonce`): the
 * HTML templates' placeholder, which the server replaces with each response's own nonce
 * (`withNonce`). A template holds no content, so nothing else can be replaced.
 */
export const NONCE_PLACEHOLDER = 'csp-nonce-placeholder'

/**
 * One per process, not per module instance: the dev server renders the site through Vite's module
 * graph (server/dev.ts) and fills the document through Node's, two instances of this module.
 */
const RENDER_NONCE_KEY = Symbol.for('engine.render-nonce-placeholder')

/**
 * What a rendered page's own scripts carry instead (React's, the router's): this process's own,
 * unguessable, replaced when the page is sent (`renderDocument`), so a rendered page kept and sent
 * again (the render memo) still gets a fresh nonce every time. Content cannot hold it: a text that
 * says `nonce="csp-nonce-placeholder"` is sent as it was typed, and the nonce never becomes page
 * text. (Content cannot add a nonce attribute either: its HTML is sanitised and React escapes text.)
 */
export const RENDER_NONCE_PLACEHOLDER = ((globalThis as { [RENDER_NONCE_KEY]?: string })[RENDER_NONCE_KEY] ??=
  `csp-nonce-${crypto.randomUUID()}`)

/** Every nonce placeholder of a template (or, with `placeholder`, of a rendered page) replaced by this response's nonce. */
export const withNonce = (html: string, nonce: string, placeholder: string = NONCE_PLACEHOLDER): string =>
  html.replaceAll(`nonce="${placeholder}"`, `nonce="${nonce}"`)
