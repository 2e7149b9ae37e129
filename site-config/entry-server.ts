/**
 * The composition root on the server: the engine's renderer wired to the dental site's
 * manifest and blocks. The server loads this module (bundled in production, through Vite
 * in development).
 */
import { createServerRenderer } from '#engine/server'
import { manifest } from './manifest.ts'
import { blockModules, registry } from './registry.ts'
import { site } from './site.ts'

export const render = createServerRenderer({ manifest, registry, site })
export { blockModules, manifest, registry, site }
