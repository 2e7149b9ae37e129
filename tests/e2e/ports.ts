/** Ports of the two servers the end-to-end tests start (playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT ?? 3457)
/** The server whose content the tests change through the content API (its own database). */
export const CONTENT_PORT = PORT + 1
/** The server the playground tests edit content on (its own database too). */
export const PLAYGROUND_PORT = PORT + 2
/** A server with the bot check on (ENABLE_RECAPTCHA, a site key; the sandbox verifier). */
export const CAPTCHA_PORT = PORT + 3
export const CAPTCHA_SITE_KEY = 'e2e-site-key'
/** The main server's sandbox card fields: the payment processor's own origin. */
export const PAYMENT_FIELDS_PORT = PORT + 4
/** A server whose content the security tests fill with hostile HTML (its own database). */
export const HOSTILE_PORT = PORT + 5

/**
 * This run of the end-to-end tests: set once by the runner's process (playwright.config.ts loads
 * this file first) and inherited by its workers, so files the tests share name the run.
 */
process.env.E2E_RUN ??= `${Date.now()}-${process.pid}`
export const E2E_RUN = process.env.E2E_RUN
