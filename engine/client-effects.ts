import { useEffect } from 'react'
import type { CmsContent } from '#schemas/cms.ts'

/**
 * Browser-only effects of the page shell: the favicon follows the content (a preview can
 * change it), and the captcha badge is hidden once the page has loaded.
 */
export function useClientEffects(content: CmsContent): void {
  const favicon = content.base.variables.favicon
  useEffect(() => {
    if (!favicon) return
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!link) {
      link = document.createElement('link')
      link.rel = 'icon'
      document.head.append(link)
    }
    if (link.getAttribute('href') !== favicon) link.href = favicon
  }, [favicon])

  useEffect(() => hideCaptchaBadgeAfterLoad(), [])
}

const BADGE_STYLE_ID = 'hide-captcha-badge'

function hideCaptchaBadgeAfterLoad(): () => void {
  const hide = () => {
    if (document.getElementById(BADGE_STYLE_ID)) return
    const style = document.createElement('style')
    style.id = BADGE_STYLE_ID
    style.textContent = '.grecaptcha-badge{visibility:hidden!important}'
    document.head.append(style)
  }
  if (document.readyState === 'complete') {
    hide()
    return () => undefined
  }
  window.addEventListener('load', hide, { once: true })
  return () => window.removeEventListener('load', hide)
}
