import type { Route } from '#schemas/engine/manifest.ts'
import type { PageId, SiteManifest } from './site.ts'

/** Builds a site path from a page identifier: `pathTo('office', { officeId: 12 })` is `/office/12`. */
export interface PathTo {
  (
    page: PageId,
    params?: Readonly<Record<string, string | number>>,
    search?: Readonly<Record<string, string | number | undefined>>,
  ): string
  /** The manifest's sign-in page (where member pages send visitors, and sign-out lands), or home. */
  readonly signInPath: string
}

/**
 * The manifest's paths by page identifier, so blocks build links from the manifest instead of
 * writing site paths as literals. A missing parameter, or a page without a route, is a
 * programming error and throws.
 */
export function createPathTo(manifest: SiteManifest): PathTo {
  const patterns = new Map<string, string>()
  const walk = (routes: readonly Route[], prefix: string) => {
    for (const route of routes) {
      const own = route.index
        ? prefix
        : route.path!.startsWith('/')
          ? route.path!
          : `${prefix.replace(/\/$/, '')}/${route.path!}`
      if (!patterns.has(route.page)) patterns.set(route.page, own || '/')
      walk(route.children ?? [], own)
    }
  }
  walk(manifest.routes, '')
  const pathTo = (
    page: PageId,
    params: Readonly<Record<string, string | number>> = {},
    search: Readonly<Record<string, string | number | undefined>> = {},
  ) => {
    const pattern = patterns.get(page)
    if (pattern === undefined) throw new Error(`No route shows the page "${page}"`)
    const path = pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
      const value = params[name]
      if (value === undefined || value === '') throw new Error(`The path of "${page}" needs the parameter "${name}"`)
      return encodeURIComponent(String(value))
    })
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(search))
      if (value !== undefined && value !== '') query.set(name, String(value))
    const text = query.toString()
    return text ? `${path}?${text}` : path
  }
  return Object.assign(pathTo, { signInPath: manifest.signInPage ? pathTo(manifest.signInPage) : '/' })
}
