import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      // Used by `vite build --ssr`: the server, and the site's render entry on its own (for bench/).
      input: isSsrBuild ? { main: 'server/main.ts', 'entry-server': 'site-config/entry-server.ts' } : undefined,
    },
  },
  ssr: {
    // Bundle nothing from node_modules into the server build: Node loads them at run time.
    target: 'node',
  },
}))
