/** Ports of the two servers the end-to-end tests start (playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT ?? 3457)
/** The server whose content the tests rewrite (scripts/e2e-content-server.mjs serves .e2e-content/). */
export const CONTENT_PORT = PORT + 1
export const CONTENT_DIR = '.e2e-content'
