import { useEffect, useMemo } from 'react'
import { useEngine } from '#engine'

/** The bot check's browser side: a token for an action (reCAPTCHA Enterprise's execute). */
export interface CaptchaProvider {
  token(action: string): Promise<string>
}

/**
 * The sandbox provider (no bot-check service is reachable here): hands out tokens the server's
 * sandbox verifier accepts.
 */
export const sandboxCaptchaProvider: CaptchaProvider = {
  token: () => Promise.resolve(`sandbox-pass-${Math.random().toString(36).slice(2, 12)}`),
}

/** reCAPTCHA Enterprise's script loader and tokens, loaded only where the bot check is on. */
const enterprise = () => import('./recaptcha-enterprise.ts')

/**
 * The bot check of a form: with a site key (ENABLE_RECAPTCHA on), reCAPTCHA Enterprise is loaded
 * when the form mounts and gives a token per action; without one, no script loads at all (not even
 * the site's own loader of it, `recaptcha-enterprise.ts`) and the sandbox provider answers (the
 * server's sandbox verifier is the default).
 */
export function useRecaptcha(siteKey: string | undefined): CaptchaProvider {
  useEffect(() => {
    if (siteKey !== undefined)
      void enterprise()
        .then((module) => module.loadScript(siteKey))
        .catch(() => undefined)
  }, [siteKey])
  return useMemo<CaptchaProvider>(
    () =>
      siteKey === undefined
        ? sandboxCaptchaProvider
        : {
            token: async (action) => (await enterprise()).enterpriseToken(siteKey, action),
          },
    [siteKey],
  )
}

/**
 * The bot check of a form anyone can send (as the sign-in's): with ENABLE_RECAPTCHA on, the
 * headers to send with the form's request (`x-recaptcha-token`, a token for `action`); off, none
 * and no script.
 */
export function useBotCheck(action: string): () => Promise<Record<string, string>> {
  const { config } = useEngine()
  const captcha = useRecaptcha(config.enableRecaptcha ? (config.recaptchaSiteKey ?? '') : undefined)
  return async (): Promise<Record<string, string>> =>
    config.enableRecaptcha ? { 'x-recaptcha-token': await captcha.token(action) } : {}
}
