/**
 * Production entry: serves the built client (`dist/client`) and renders pages with the
 * bundled site. Built by `npm run build` into `dist/server/main.js`.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import v8 from 'node:v8'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import * as site from '#site-config/entry-server.ts'
import { tenants } from '#site-config/tenants.ts'
import { createApp } from './app.ts'
import { createLazyResolver, createManifestResolver, inlineStylesheets, viteManifestSchema } from './assets.ts'
import { createServerDeps, embeddedDataDir } from './bootstrap.ts'
import { embeddedHolder, holdEmbedded } from './platform/db/holder.ts'
import { startWorkers } from './features/registry.ts'
import { HOLDER_ROLES, unattendedJobsWarning } from './features/members/index.ts'
import { createHealth } from './health.ts'
import { paymentFieldsPort, readEnvOrExit } from './env.ts'
import { createCardFieldsApp } from './platform/payments/card-fields.ts'
import { CLIENT_MANIFESTS, TOOL_PAGES, type ToolPage } from './build-files.ts'
import { baseSecurityHeaders, isHttps } from './platform/http/http-security.ts'
import { nodeListener } from './listener.ts'
import { createLogger } from './platform/logger.ts'
import { projectRoot } from './paths.ts'

const clientDir = path.join(projectRoot, 'dist/client')

const env = readEnvOrExit()
const logger = createLogger(env.LOG_LEVEL)
const manifestText = readFileSync(path.join(clientDir, CLIENT_MANIFESTS.site), 'utf8')
const manifest = viteManifestSchema.parse(JSON.parse(manifestText))
// The site's stylesheet goes into each page (server/assets.ts says why).
const template = inlineStylesheets(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), (href) =>
  href.startsWith('/assets/') && href.endsWith('.css') ? readFileSync(path.join(clientDir, href), 'utf8') : undefined,
)
const toolPages = Object.fromEntries(
  Object.entries(TOOL_PAGES).map(([page, file]) => [page, readFileSync(path.join(clientDir, file), 'utf8')]),
) as Record<ToolPage, string>
// The site and the tools are built apart (vite.config.ts); a change to either is a new build.
const toolsManifestText = readFileSync(path.join(clientDir, CLIENT_MANIFESTS.tools), 'utf8')
const buildId =
  env.BUILD_ID ?? createHash('sha256').update(manifestText).update(toolsManifestText).digest('hex').slice(0, 12)
// Memory (the budget is 300 MiB RSS; `npx tsx bench/server-memory.ts` measures it). Both flags
// must be set before PGlite compiles its WebAssembly, in createServerDeps.
// - PGlite's 9 MB module runs on V8's baseline compiler only: optimising its hot functions in the
//   background left about 50 MiB of freed compiler memory that the C allocator keeps, for no
//   measurable gain (a provider query took 3.1 to 3.5 ms either way).
// - The JavaScript heap grows by half its live size between full collections, not by up to 4×
//   (V8's choice on a machine with 16 GB or more): under load the heap filled with up to 300 MiB
//   of garbage per collection.
// V8 reads neither from NODE_OPTIONS; `node --liftoff-only --heap-growing-percent=50` does the same.
v8.setFlagsFromString('--liftoff-only')
v8.setFlagsFromString('--heap-growing-percent=50')
const embeddedDir = embeddedDataDir(env)
if (embeddedDir) {
  const holder = embeddedHolder(embeddedDir)
  if (holder) {
    logger.fatal(
      `The embedded database in ${env.DATA_DIR} is held by ${holder.role} (pid ${holder.pid}); stop it first`,
    )
    process.exit(1)
  }
  holdEmbedded(embeddedDir, HOLDER_ROLES.server, env.JOBS === 'on')
}
const deps = await createServerDeps(env, logger)
// The memberships' timed work, every minute, unless a worker process (`npm run jobs`) does it.
const jobs = env.JOBS === 'on' ? await startWorkers({ ...deps, tenants }) : undefined
// Said at start, not left to be found: on the embedded database nothing else can run them.
const unattended = unattendedJobsWarning({ embedded: embeddedDir !== undefined, jobs: env.JOBS })
if (unattended) logger.warn({ jobs: env.JOBS, dataDir: env.DATA_DIR }, unattended)

const server = new Hono()
// The built assets carry the headers of every answer (nosniff above all: a script is a script).
server.use('/assets/*', async (c, next) => {
  await next()
  for (const [name, value] of baseSecurityHeaders(
    isHttps(c.req.url, c.req.header('x-forwarded-proto'), env.TRUST_PROXY),
  ))
    c.header(name, value)
})
server.use(
  '/assets/*',
  serveStatic({
    root: path.relative(process.cwd(), clientDir),
    // The build wrote each asset also as .br and .gz (scripts/precompress.mjs): sent by Accept-Encoding.
    precompressed: true,
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
  }),
)
server.route(
  '/',
  createApp({
    deps,
    tenants,
    loadSite: () => Promise.resolve(site),
    template: () => Promise.resolve(template),
    toolTemplate: (page) => Promise.resolve(toolPages[page]),
    assets: createManifestResolver(manifest),
    lazyAssets: createLazyResolver(manifest),
    buildId,
  }),
)

const handle = nodeListener({
  fetch: server.fetch,
  content: deps.content,
  tenants,
  logger,
  trustProxy: env.TRUST_PROXY,
})
const health = createHealth(deps.db)
let stopping = false
const listener = createServer((req, res) => {
  // Once shutting down, each answer closes its connection: a client's next request goes elsewhere.
  if (stopping) res.setHeader('Connection', 'close')
  if (!health.answer(req, res)) handle(req, res)
})
// An idle keep-alive connection is closed after 65 s, not Node's 5 s: a client (a proxy, a load
// balancer, a browser) that sends its next request on it just as the server closes it gets a reset
// ("socket hang up"); proxies keep idle connections for up to 60 s. The headers' limit must be longer.
listener.keepAliveTimeout = 65_000
listener.headersTimeout = 66_000
listener.listen(env.PORT, env.HOST, () => {
  const address = listener.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  logger.info({ port, buildId, database: deps.db.kind }, `Serving on http://localhost:${port}`)
})

// The sandbox processor's hosted card fields, on an origin of their own (docs/adr/0008).
const fieldsPort = paymentFieldsPort(env)
const fields =
  fieldsPort === undefined
    ? undefined
    : serve({ fetch: createCardFieldsApp().fetch, port: fieldsPort, hostname: env.HOST }, (info) => {
        logger.info({ port: info.port }, `Sandbox card fields on http://localhost:${info.port}`)
      })

// Mail the SMTP server did not take is retried from the outbox.
deps.mailer.start()

/**
 * Graceful shutdown (SIGTERM from a supervisor, SIGINT from a terminal): readiness says no, the
 * listener takes no new connection, the requests in flight finish (each answer closes its
 * connection; idle ones are closed at once), then the database closes and the process exits 0.
 * What is still running after SHUTDOWN_TIMEOUT_MS is cut, and the process exits 1.
 */
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  health.draining()
  logger.info({ signal }, 'Shutting down: finishing the requests in flight')
  deps.mailer.stop()
  fields?.close()
  const jobsStopped = jobs
    ?.stop()
    .catch((error: unknown) => logger.warn({ err: error }, 'The jobs did not stop cleanly'))
  const idle = setInterval(() => listener.closeIdleConnections(), 100)
  setTimeout(() => {
    logger.warn({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'Requests still running at the shutdown limit were cut')
    listener.closeAllConnections()
    process.exit(1)
  }, env.SHUTDOWN_TIMEOUT_MS).unref()
  listener.close(() => {
    clearInterval(idle)
    void Promise.resolve(jobsStopped)
      .then(() => deps.db.close())
      .catch((error: unknown) => logger.warn({ err: error }, 'The database did not close cleanly'))
      .finally(() => {
        logger.info('Stopped')
        process.exit(0)
      })
  })
  listener.closeIdleConnections()
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
