/**
 * What the page's markup carries where its scripts' nonce goes (`nonce="…"`): the server replaces
 * it with each response's own nonce when it sends the document (`renderDocument`). So a rendered
 * page, kept and sent again (the render memo), still gets a fresh nonce every time, and the build
 * (Vite's `html.cspNonce`) marks its scripts and preloads with it too. Content cannot forge it:
 * its HTML is sanitised (no script, no nonce attribute) and React escapes text.
 */
export const NONCE_PLACEHOLDER = 'csp-nonce-placeholder'

/** Every nonce placeholder of a document replaced by this response's nonce. */
export const withNonce = (html: string, nonce: string): string =>
  html.replaceAll(`nonce="${NONCE_PLACEHOLDER}"`, `nonce="${nonce}"`)
