/**
 * reCAPTCHA Enterprise's script and tokens: loaded by `recaptcha.ts` only where the bot check is
 * on (ENABLE_RECAPTCHA with a site key), so a page without it carries none of this.
 */
interface Grecaptcha {
  enterprise: {
    ready: (callback: () => void) => void
    execute: (siteKey: string, options: { action: string }) => Promise<string>
  }
}

const scriptUrl = (siteKey: string) =>
  `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`

/** Loads reCAPTCHA Enterprise once per page (only where a form needs it). */
export function loadScript(siteKey: string): Promise<Grecaptcha> {
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

/** A token for `action` from reCAPTCHA Enterprise (its script loaded first if it is not yet). */
export async function enterpriseToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = await loadScript(siteKey)
  await new Promise<void>((resolve) => grecaptcha.enterprise.ready(resolve))
  return grecaptcha.enterprise.execute(siteKey, { action })
}
