/**
 * The Vite manifests of the browser's two builds (vite.config.ts), in `dist/client/`: the site's,
 * which the server resolves a page's chunks with, and the tools' (playground, preview frame). A
 * change to either is a new build (server/main.ts).
 */
export const CLIENT_MANIFESTS = { site: '.vite/manifest.json', tools: '.vite/tools-manifest.json' } as const

/** The tools' pages (the tools' build's inputs, vite.config.ts), by the page the server answers. */
export const TOOL_PAGES = {
  editor: 'playground/index.html',
  preview: 'playground/preview.html',
  console: 'console/index.html',
} as const
export type ToolPage = keyof typeof TOOL_PAGES
