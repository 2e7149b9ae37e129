/**
 * The composition root on the server: the engine's renderer wired to the dental site's
 * manifest and blocks. The server loads this module (bundled in production, through Vite
 * in development).
 */
import { createServerRenderer } from '#engine/server'
import type { CmsContent } from '#schemas/cms.ts'
import { manifest } from './manifest.ts'
import { blockModules, registry } from './registry.ts'
import { site } from './site.ts'

export const render = createServerRenderer({ manifest, registry, site })
export { blockModules, manifest, registry, site }

/** The content's pages that the manifest's patterns cannot list, for the sitemap: the landing pages. */
export const sitemap = (content: CmsContent): string[] => content.landing_pages.map((page) => `/${page.slug}`)
