import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { CLIENT_MANIFESTS, TOOL_PAGES } from './server/build-files.ts'
import { NONCE_PLACEHOLDER } from './engine/server/nonce.ts'

/**
 * The browser's code is built twice: the site, then the content managers' tools (the playground and
 * its preview frame, `vite.tools.config.ts`) into the same folder. One build would put a module that
 * both import (react-router, the engine, zod) into a chunk shared by both, with every part that
 * either uses: the site's pages would load the tools' share of it (react-router's whole browser
 * router, which only the tools' memory routers use; docs/adr/0017).
 */
export type ClientPart = 'site' | 'tools'
const CLIENT_INPUTS: Record<ClientPart, Record<string, string>> = {
  site: { site: 'index.html' },
  tools: { playground: TOOL_PAGES.editor, preview: TOOL_PAGES.preview, console: TOOL_PAGES.console },
}
const SERVER_INPUTS: Record<string, string> = {
  main: 'server/main.ts',
  'entry-server': 'site-config/entry-server.ts',
  // `npm run jobs` (scripts/jobs.mjs): the memberships' jobs, built as the server is.
  jobs: 'server/jobs-cli.ts',
}

const BLOCK_DEFINITION = /[\\/]blocks[\\/]([^\\/]+)[\\/]block\.ts$/

/**
 * A block's chunk (its `block.ts`, which imports its component) is named after the block's folder,
 * `header-classic-[hash].js`, not after the file (`block-[hash].js` for every block); a chunk that
 * blocks share is named after its first block.
 */
const chunkFileNames = ({
  facadeModuleId,
  moduleIds,
}: {
  facadeModuleId: string | null
  moduleIds: string[]
}): string => {
  const definition = facadeModuleId ?? moduleIds.find((id) => BLOCK_DEFINITION.test(id)) ?? ''
  return `assets/${BLOCK_DEFINITION.exec(definition)?.[1] ?? '[name]'}-[hash].js`
}

/** The part of the bundler's module graph the start chunks are planned from. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/** The modules `roots` import statically, themselves included, except those in `skip`. */
const staticImports = (graph: ModuleGraph, roots: readonly string[], skip: ReadonlySet<string> = new Set()) => {
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id) || skip.has(id)) return
    seen.add(id)
    graph.getModuleInfo(id)?.importedIds.forEach(visit)
  }
  roots.forEach(visit)
  return seen
}

const source = (path: string) => resolve(import.meta.dirname, path)
/** Every page renders one header and one footer, chosen by content. */
const CHROME_FOLDER = /^(?:header|footer)-/
const isChromeModule = (id: string) => CHROME_FOLDER.test(/[\\/]blocks[\\/]([^\\/]+)[\\/]/.exec(id)?.[1] ?? '')
const chromeDefinitions = () =>
  readdirSync(source('blocks'))
    .filter((folder) => CHROME_FOLDER.test(folder))
    .map((folder) => source(`blocks/${folder}/block.ts`))

/**
 * What every page of the site loads to start, in two chunks instead of about twenty. Left to the
 * bundler, the modules the start shares with blocks (React, the engine's hooks and parts, the
 * header and footer kit) became a chunk for each set of importers: `/faq` loaded 38 files, and
 * each file compressed on its own cost more than the same code compressed as one (a file's
 * compressor starts without the words the others taught it; docs/adr/0023). The start keeps its
 * two steps (site-config/entry-client.tsx): `engine` is what `#engine/client` imports (React,
 * the router, the query cache, the engine), evaluated first; `site-shell` what the site's
 * manifest, registry and definition (`site.ts`, which every page loads too) import and the kit
 * every header and footer shares, evaluated next (docs/adr/0023). A block's own modules stay in its chunk, so a page loads the header it renders, not all six.
 */
/**
 * TanStack Query's modules for reading several queries and changing data, which only pages with
 * data use (`#engine/data`): the package's index, which the start imports, names every module
 * (docs/adr/0023, with what it saves and costs).
 */
const DATA_ONLY =
  /[\\/]@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:useMutation|mutationObserver|useQueries|useSuspenseQueries|queriesObserver)\.js$/

const startChunks = () => {
  let plan: Map<string, string> | undefined
  const planFor = (graph: ModuleGraph) => {
    const entry = staticImports(graph, [source('site-config/entry-client.tsx')])
    const dataOnly = new Set(
      [...staticImports(graph, [source('engine/client.tsx')])].filter((id) => DATA_ONLY.test(id)),
    )
    // With the transport's hook, which the data and the form modules both import: left to the
    // bundler it went with the form kit, and every page with data loaded the form kit for it.
    const engine = staticImports(
      graph,
      [source('engine/client.tsx'), source('engine/api-transport.ts')],
      new Set([...entry, ...dataOnly]),
    )
    const shell = staticImports(
      graph,
      // The filler of the settings' texts (schemas/fill-text.ts), which nearly every page uses, is
      // part of it too: as a tiny file of its own it cost each page more than its bytes (docs/adr/0023).
      [
        source('site-config/manifest.ts'),
        source('site-config/registry.ts'),
        source('site-config/site.ts'),
        ...chromeDefinitions(),
        source('schemas/fill-text.ts'),
      ],
      new Set([...entry, ...engine, ...dataOnly]),
    )
    return new Map([
      ...[...engine].map((id) => [id, 'engine'] as const),
      ...[...shell].filter((id) => !isChromeModule(id)).map((id) => [id, 'site-shell'] as const),
    ])
  }
  return (['engine', 'site-shell'] as const).map((name, index, names) => ({
    debugName: name,
    // The engine's group first: a group takes the modules its modules import.
    priority: names.length - index,
    name: (id: string, graph: ModuleGraph) => ((plan ??= planFor(graph)).get(id) === name ? name : null),
  }))
}

/**
 * A chunk of these source files (and of the packages' modules `packages` matches). A file that is
 * not there stops the build: a path left behind by a move would otherwise stop matching silently.
 */
const chunkOf = (name: string, files: readonly string[], packages?: RegExp) => {
  const ids = new Set(files.map(source))
  for (const id of ids) if (!existsSync(id)) throw new Error(`vite.config.ts: ${name} names ${id}, which is not there`)
  return { name, test: (id: string) => ids.has(id) || (packages?.test(id) ?? false) }
}

/**
 * The kit of the site's forms in one chunk: the engine's mutation hook (with TanStack's
 * `useMutation`), the placing of a server's answer at the fields (every form's, light or not), the
 * bot check's hook and the gate of its notice (whose text loads only where the check is on). Left to the bundler, each is a chunk of its own (their sets of
 * importers differ by a block or two), and a form page loaded the files, each compressed on its own.
 */
const formKit = () =>
  chunkOf(
    'form-kit',
    [
      'engine/mutation.ts',
      'blocks/kit/forms/server-problems.ts',
      'blocks/kit/forms/recaptcha.ts',
      'blocks/kit/forms/captcha-notice.tsx',
    ],
    /[\\/]@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:useMutation|mutationObserver)\.js$/,
  )

/**
 * The small modules the pages with the catalog's data share, in one chunk: the catalog API's
 * references, the plans' queries, money, and the Card primitive. Each alone was a small file (a
 * file compressed on its own carries its own import lines and starts its compressor afresh), and
 * the savings page loaded all four (docs/adr/0009).
 */
const catalogKit = () =>
  chunkOf('catalog-kit', [
    'schemas/api/directory.routes.ts',
    'blocks/kit/catalog/plans.ts',
    'blocks/kit/format/money.ts',
    'blocks/kit/ui/card.tsx',
  ])

/** The files of the start (`startChunks` and the bundler's runtime), as Vite's preload lists name them. */
const START_CHUNK = /^assets\/(?:engine|site-shell|rolldown-runtime)-[\w-]+\.js$/
const withoutStartChunks = (file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) => {
  if (hostType !== 'js') return deps
  const kept = deps.filter((dep) => !START_CHUNK.test(dep))
  // A list of the imported file alone preloads nothing the import does not fetch: none, as Vite
  // itself leaves it for a file without imports.
  return kept.length === 1 && kept[0] === file ? [] : kept
}

/** react-router's production build for the browser's bundles (see `resolve` below). */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: source('node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: source('node_modules/react-router/dist/production/dom-export.mjs') },
]

/**
 * react-router's production build makes its components with `React.forwardRef(…)` and names them
 * (`Form.displayName = "Form"`) at the top level of its module, which the bundler must keep as
 * possible side effects: every page would load `Form`, `useSubmit` and their form-data handling,
 * which nothing of the site uses. Marking those calls pure and leaving out the names (React's
 * developer tools use them; the production build is not for those) lets unused parts drop
 * (docs/adr/0018, with what it saves and when it goes).
 */
const reactRouterPure = (): Plugin => ({
  name: 'react-router-pure',
  apply: 'build',
  transform(code, id) {
    if (!/\/react-router\/dist\/production\/chunk-[^/]*\.mjs$/.test(id)) return null
    return {
      code: code
        .replace(/= (React\d*)\.(forwardRef|createContext)\(/g, '= /* @__PURE__ */ $1.$2(')
        .replace(/^\s*[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm, ''),
      map: null,
    }
  },
})

/** The configuration of one part of the build (the server's with `--ssr`). */
export const configFor = (part: ClientPart) =>
  defineConfig(({ isSsrBuild }) => ({
    plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [reactRouterPure()])],
    // react-router's package sends every import to its development build, which keeps its warnings
    // for developers (in every page's start; docs/adr/0018); the browser gets its production build,
    // the same code without them. Not for the server: Node loads react-router from node_modules there,
    // and one copy must serve the server's render and react-router-dom's imports alike.
    resolve: isSsrBuild ? {} : { alias: REACT_ROUTER_PRODUCTION },
    build: {
      outDir: 'dist/client',
      manifest: CLIENT_MANIFESTS[part],
      // A dynamic import's preload list leaves out the start's chunks: every page has loaded them (the
      // server preloads them with the page) before anything is imported on demand, so the preload
      // helper skipped them anyway; their names and places were bytes of every list, most of them in
      // the registry's loaders in `site-shell` (docs/adr/0009).
      // No polyfill of `<link rel="modulepreload">`: every browser the build targets (Baseline widely
      // available) preloads modules itself, and the polyfill was 0.2 kB gzip of every page's entry.
      modulePreload: part === 'site' ? { resolveDependencies: withoutStartChunks, polyfill: false } : undefined,
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
        output: isSsrBuild
          ? {}
          : {
              chunkFileNames,
              codeSplitting: part === 'site' ? { groups: [...startChunks(), formKit(), catalogKit()] } : undefined,
            },
      },
    },
    // Node loads the packages from node_modules at run time.
    ssr: { target: 'node' },
    // The built pages' scripts, preloads and styles carry the CSP nonce's placeholder, and Vite's
    // preload helper gives the same nonce to the preloads it adds; the server puts each response's
    // own nonce in its place (engine/server/nonce.ts).
    html: { cspNonce: NONCE_PLACEHOLDER },
  }))

export default configFor('site')
