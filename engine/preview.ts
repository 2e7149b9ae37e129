/** Preview mode: the `version` query parameter, remembered in browser storage under this key. */
export const PREVIEW_PARAM = 'version'
export const PREVIEW_STORAGE_KEY = 'preview'
/** Mirrors the stored version for the server, so a reload renders the same version. */
export const PREVIEW_COOKIE = 'preview'

const VERSION_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** A version value as accepted from a URL, a cookie or storage; anything else is ignored. */
export function cleanVersion(value: string | null | undefined): string | undefined {
  return value && VERSION_PATTERN.test(value) ? value : undefined
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

/** The previewed version of a request on the server: the query parameter, else the cookie (`__Host-` over HTTPS). */
export function previewVersionFromRequest(request: Request): string | undefined {
  const url = new URL(request.url)
  const cookies = request.headers.get('cookie')
  return (
    cleanVersion(url.searchParams.get(PREVIEW_PARAM)) ??
    cleanVersion(readCookie(cookies, `__Host-${PREVIEW_COOKIE}`)) ??
    cleanVersion(readCookie(cookies, PREVIEW_COOKIE))
  )
}

/**
 * The preview cookie as the page sets it: over HTTPS Secure, with the `__Host-` prefix (only this
 * host sets it), as every cookie of the site.
 */
export function previewCookie(value: string, maxAge?: number): string {
  const secure = window.location.protocol === 'https:'
  return `${secure ? '__Host-' : ''}${PREVIEW_COOKIE}=${value}; path=/; SameSite=Lax${secure ? '; Secure' : ''}${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`
}

/** The previewed version in the browser: the query parameter (stored for later), else storage. */
export function previewVersionInBrowser(url: URL): string | undefined {
  const fromUrl = cleanVersion(url.searchParams.get(PREVIEW_PARAM))
  if (fromUrl) {
    storeVersion(fromUrl)
    return fromUrl
  }
  try {
    return cleanVersion(window.localStorage.getItem(PREVIEW_STORAGE_KEY))
  } catch {
    return undefined
  }
}

function storeVersion(version: string): void {
  try {
    window.localStorage.setItem(PREVIEW_STORAGE_KEY, version)
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the version.
  }
  document.cookie = previewCookie(encodeURIComponent(version))
}
