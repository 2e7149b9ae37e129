/**
 * Development server: the same app, with Vite in middleware mode for hot reload. The site's
 * server entry is loaded through Vite on each request, so edits to blocks and the engine
 * show at once.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { createServer as createViteServer } from 'vite'
import { tenants } from '#site-config/tenants.ts'
import { createApp, type SiteModule } from './app.ts'
import { noPreloads } from './assets.ts'
import { TOOL_PAGES } from './build-files.ts'
import { createServerDeps } from './bootstrap.ts'
import { paymentFieldsPort, readEnvOrExit } from './env.ts'
import { createCardFieldsApp } from './platform/payments/card-fields.ts'
import { serve } from '@hono/node-server'
import { nodeListener } from './listener.ts'
import { createLogger } from './platform/logger.ts'

const env = readEnvOrExit({ NODE_ENV: 'development', ...process.env })
const logger = createLogger(env.LOG_LEVEL)
const root = process.cwd()
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })

const deps = await createServerDeps(env, logger)
const app = createApp({
  deps,
  tenants,
  loadSite: () => vite.ssrLoadModule('/site-config/entry-server.ts') as Promise<SiteModule>,
  template: (url) => vite.transformIndexHtml(url, readFileSync(path.join(root, 'index.html'), 'utf8')),
  toolTemplate: (page, url) => vite.transformIndexHtml(url, readFileSync(path.join(root, TOOL_PAGES[page]), 'utf8')),
  assets: noPreloads,
  buildId: 'development',
})
deps.mailer.start()
const handle = nodeListener({ fetch: app.fetch, content: deps.content, tenants, logger, trustProxy: env.TRUST_PROXY })

createServer((req, res) => {
  vite.middlewares(req, res, () => handle(req, res))
}).listen(env.PORT, env.HOST, () => {
  logger.info(`Development server on http://localhost:${env.PORT}`)
})

const fieldsPort = paymentFieldsPort(env)
if (fieldsPort !== undefined)
  serve({ fetch: createCardFieldsApp().fetch, port: fieldsPort, hostname: env.HOST }, (info) =>
    logger.info(`Sandbox card fields on http://localhost:${info.port}`),
  )
