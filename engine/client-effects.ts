import { useEffect } from 'react'

/** Browser-only effects of the page shell: the favicon follows the content (a preview can change it). */
export function useClientEffects(favicon: string | undefined): void {
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
}
