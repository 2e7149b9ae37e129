import { useEffect } from 'react'

const BADGE_STYLE_ID = 'hide-captcha-badge'

/**
 * Hides reCAPTCHA's floating badge once the page has loaded. Google allows that only where each
 * form that uses the bot check shows reCAPTCHA's notice near its button (kit/forms/captcha-notice.tsx).
 */
export function useHiddenCaptchaBadge(): void {
  useEffect(() => {
    const hide = () => {
      if (document.getElementById(BADGE_STYLE_ID)) return
      const style = document.createElement('style')
      style.id = BADGE_STYLE_ID
      style.textContent = '.grecaptcha-badge{visibility:hidden!important}'
      document.head.append(style)
    }
    if (document.readyState === 'complete') {
      hide()
      return undefined
    }
    window.addEventListener('load', hide, { once: true })
    return () => window.removeEventListener('load', hide)
  }, [])
}
