import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const CLIENT_INPUTS: Record<string, string> = { site: 'index.html', playground: 'playground/index.html', preview: 'playground/preview.html' }
const SERVER_INPUTS: Record<string, string> = { main: 'server/main.ts', 'entry-server': 'site-config/entry-server.ts' }

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      // The client: the site, the playground and its preview frame. With --ssr: the server, and the
      // site's render entry on its own (for bench/).
      input: isSsrBuild ? SERVER_INPUTS : CLIENT_INPUTS,
    },
  },
  ssr: {
    // Bundle nothing from node_modules into the server build: Node loads them at run time.
    target: 'node',
  },
}))
