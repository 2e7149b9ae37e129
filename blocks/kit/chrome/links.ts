/**
 * Link normalisation of the specification: a link that contains the site's slug (an absolute
 * address of the brand's own site, pasted by a content manager) is reduced to its last path
 * segment, so it stays inside this site; query parameters are appended, skipping empty values.
 */
export function normalizeLink(
  link: string,
  siteSlug: string,
  query?: Record<string, string | null | undefined>,
): string {
  let href = link.trim()
  if (siteSlug && isSiteLink(href, siteSlug)) {
    const path = href.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? ''
    const last = path.split('/').filter(Boolean).at(-1)
    href = last && !last.toLowerCase().includes(siteSlug.toLowerCase()) ? `/${last}` : '/'
  }
  return appendQuery(href, query)
}

function isSiteLink(href: string, siteSlug: string): boolean {
  if (href.startsWith('#') || /^(mailto|tel):/i.test(href)) return false
  return href.toLowerCase().includes(siteSlug.toLowerCase())
}

/** Appends query parameters to a link, skipping empty values and keeping its fragment last. */
export function appendQuery(href: string, query?: Record<string, string | null | undefined>): string {
  const entries = Object.entries(query ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  )
  if (entries.length === 0) return href
  const [withoutHash = '', hash] = href.split('#', 2)
  const separator = withoutHash.includes('?') ? '&' : '?'
  const search = new URLSearchParams(entries).toString()
  return `${withoutHash}${separator}${search}${hash === undefined ? '' : `#${hash}`}`
}

/** Whether an address leaves this site (absolute http(s), or another scheme). */
export const isOffSite = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href)
