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

interface Grecaptcha {
  enterprise: {
    ready: (callback: () => void) => void
    execute: (siteKey: string, options: { action: string }) => Promise<string>
  }
}

const scriptUrl = (siteKey: string) =>
  `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`

/** Loads reCAPTCHA Enterprise once per page (only where a form needs it). */
function loadScript(siteKey: string): Promise<Grecaptcha> {
  const existing = Reflect.get(window, 'grecaptcha') as Grecaptcha | undefined
  if (existing?.enterprise) return Promise.resolve(existing)
  return new Promise((resolve, reject) => {
    let script = document.querySelector<HTMLScriptElement>('script[data-recaptcha]')
    if (!script) {
      script = document.createElement('script')
      script.src = scriptUrl(siteKey)
      script.async = true
      script.dataset.recaptcha = 'enterprise'
      document.head.append(script)
    }
    script.addEventListener('load', () => {
      const loaded = Reflect.get(window, 'grecaptcha') as Grecaptcha | undefined
      if (loaded?.enterprise) resolve(loaded)
      else reject(new Error('The bot check did not load. Reload the page and try again.'))
    })
    script.addEventListener('error', () =>
      reject(new Error('The bot check could not be loaded. Check your connection and try again.')),
    )
  })
}

/**
 * The bot check of a form: with a site key (ENABLE_RECAPTCHA on), reCAPTCHA Enterprise is loaded
 * when the form mounts and gives a token per action; without one, no script loads at all and
 * the sandbox provider answers (the server's sandbox verifier is the default).
 */
export function useRecaptcha(siteKey: string | undefined): CaptchaProvider {
  useEffect(() => {
    if (siteKey !== undefined) void loadScript(siteKey).catch(() => undefined)
  }, [siteKey])
  return useMemo<CaptchaProvider>(
    () =>
      siteKey === undefined
        ? sandboxCaptchaProvider
        : {
            token: async (action) => {
              const grecaptcha = await loadScript(siteKey)
              await new Promise<void>((resolve) => grecaptcha.enterprise.ready(resolve))
              return grecaptcha.enterprise.execute(siteKey, { action })
            },
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
