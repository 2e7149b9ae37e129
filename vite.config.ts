import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The browser's code is built twice: the site, then the content managers' tools (the playground and
 * its preview frame, `vite.tools.config.ts`) into the same folder. One build would put a module that
 * both import (react-router, the engine, zod) into a chunk shared by both, with every part that
 * either uses: the site's pages would load the tools' share of it (react-router's whole browser
 * router, which only the tools' memory routers use, about 16 kB gzip).
 */
export type ClientPart = 'site' | 'tools'
const CLIENT_INPUTS: Record<ClientPart, Record<string, string>> = {
  site: { site: 'index.html' },
  tools: { playground: 'playground/index.html', preview: 'playground/preview.html' },
}
/** Each part's Vite manifest in `dist/client/.vite/`; the server reads the site's. */
export const MANIFESTS: Record<ClientPart, string> = { site: '.vite/manifest.json', tools: '.vite/tools-manifest.json' }
const SERVER_INPUTS: Record<string, string> = { main: 'server/main.ts', 'entry-server': 'site-config/entry-server.ts' }

const BLOCK_DEFINITION = /[\\/]blocks[\\/]([^\\/]+)[\\/]block\.ts$/

/**
 * A block's chunk (its `block.ts`, which imports its component) is named after the block's folder,
 * `header-classic-[hash].js`, not after the file (`block-[hash].js` for every block); a chunk that
 * blocks share is named after its first block.
 */
const chunkFileNames = ({ facadeModuleId, moduleIds }: { facadeModuleId: string | null; moduleIds: string[] }): string => {
  const definition = facadeModuleId ?? moduleIds.find((id) => BLOCK_DEFINITION.test(id)) ?? ''
  return `assets/${BLOCK_DEFINITION.exec(definition)?.[1] ?? '[name]'}-[hash].js`
}

/** The configuration of one part of the build (the server's with `--ssr`). */
export const configFor = (part: ClientPart) =>
  defineConfig(({ isSsrBuild }) => ({
    plugins: [react(), tailwindcss()],
    build: {
      outDir: 'dist/client',
      manifest: MANIFESTS[part],
      // The site's build starts the folder; the tools' build adds to it.
      emptyOutDir: part === 'site',
      rollupOptions: {
        // The client: the site, or the playground and its preview frame. With --ssr: the server, and
        // the site's render entry on its own (for bench/).
        input: isSsrBuild ? SERVER_INPUTS : CLIENT_INPUTS[part],
        // DOMPurify's package does not say it is free of side effects (it makes a default instance
        // as it loads); nothing here uses that instance, so a page that does not sanitise does not
        // load it (engine/browser-sanitize.ts).
        treeshake: { moduleSideEffects: (id: string) => !id.includes('/node_modules/dompurify/') },
        output: isSsrBuild ? {} : { chunkFileNames },
      },
    },
    ssr: {
      // Node loads the packages from node_modules at run time, except lucide-react: its package
      // entry holds every icon (about 35 MiB of server memory once loaded); bundled, only the icons
      // engine/ui/icon.tsx names are in the server build, as in the browser's.
      target: 'node',
      noExternal: ['lucide-react'],
    },
  }))

export default configFor('site')
