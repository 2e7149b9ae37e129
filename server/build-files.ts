/**
 * The Vite manifests of the browser's two builds (vite.config.ts), in `dist/client/`: the site's,
 * which the server resolves a page's chunks with, and the tools' (playground, preview frame). A
 * change to either is a new build (server/main.ts).
 */
export const CLIENT_MANIFESTS = { site: '.vite/manifest.json', tools: '.vite/tools-manifest.json' } as const
