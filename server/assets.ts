import { z } from '#schemas/engine/zod.ts'

/** Vite's build manifest (`.vite/manifest.json`): source module → emitted chunk and its imports. */
export const viteManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    dynamicImports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
)
export type ViteManifest = z.infer<typeof viteManifestSchema>

export interface PageAssets {
  scripts: string[]
  styles: string[]
}

/** Maps the source modules a page rendered to the chunks the browser should preload. */
export type AssetResolver = (modules: readonly string[]) => PageAssets

/** In development Vite serves modules on demand: nothing to preload. */
export const noPreloads: AssetResolver = () => ({ scripts: [], styles: [] })

/**
 * Resolves modules through the build manifest: each module's chunk, the chunks it imports
 * (recursively) and their styles, minus what the entry already loads. Every page also preloads
 * what the site's entry imports when it starts (its dynamic imports: the parts it evaluates one
 * task at a time, site-config/entry-client.tsx), first.
 */
export function createManifestResolver(manifest: ViteManifest, base = '/', siteEntry = 'index.html'): AssetResolver {
  const closure = (keys: readonly string[]): Set<string> => {
    const seen = new Set<string>()
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return
      seen.add(key)
      manifest[key].imports?.forEach(visit)
    }
    keys.forEach(visit)
    return seen
  }
  const entryKeys = closure([siteEntry])
  const startKeys = [...closure(manifest[siteEntry]?.dynamicImports ?? [])].filter((key) => !entryKeys.has(key))
  const loaded = new Set([...entryKeys, ...startKeys])
  const files = (keys: readonly string[]) => {
    const chunks = keys.flatMap((key) => manifest[key] ?? [])
    return { scripts: chunks.map((chunk) => base + chunk.file), styles: chunks.flatMap((chunk) => chunk.css ?? []) }
  }
  const start = files(startKeys)

  return (modules) => {
    const page = files([...closure(modules)].filter((key) => !loaded.has(key)))
    return {
      scripts: [...start.scripts, ...page.scripts],
      styles: [...new Set([...start.styles, ...page.styles])].map((file) => base + file),
    }
  }
}

/**
 * What `modules` load when asked (the dynamic imports of their chunks and of the chunks those
 * import, past what every page starts with: a block's props schema and settings, its dialogs, its
 * forms' schemas) and the chunks those import: fetched ahead at idle, run when first needed
 * (engine/block-code.ts).
 */
export function createLazyResolver(manifest: ViteManifest, base = '/', siteEntry = 'index.html'): AssetResolver {
  const resolve = createManifestResolver(manifest, base, siteEntry)
  const start = new Set<string>()
  const startFrom = (key: string) => {
    if (start.has(key) || !manifest[key]) return
    start.add(key)
    manifest[key].imports?.forEach(startFrom)
  }
  ;[siteEntry, ...(manifest[siteEntry]?.dynamicImports ?? [])].forEach(startFrom)
  return (modules) => {
    const own = new Set<string>()
    const lazy = new Set<string>()
    const visit = (key: string) => {
      if (own.has(key) || start.has(key) || !manifest[key]) return
      own.add(key)
      manifest[key].imports?.forEach(visit)
      manifest[key].dynamicImports?.forEach((dynamic) => lazy.add(dynamic))
    }
    modules.forEach(visit)
    return resolve([...lazy].filter((key) => !own.has(key)))
  }
}

/**
 * The page template with each of the build's stylesheet links replaced by the stylesheet itself.
 * The site's CSS is one small file: inline, the first paint needs no
 * second request, which on a slow mobile connection is a round trip of half a second or more
 * before anything shows (Lighthouse's render-blocking audit). `read` answers a link's bytes, or
 * undefined to keep the link.
 */
export function inlineStylesheets(html: string, read: (href: string) => string | undefined): string {
  return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1]
    const css = href === undefined ? undefined : read(href)
    // A stylesheet cannot close the element it is in.
    return css === undefined ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
  })
}
