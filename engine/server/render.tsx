import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom'
import { manifestSchema } from '#schemas/engine/manifest.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import { sessionQuery, type DataSources } from '../data-sources.ts'
import { propsRecorder } from '../carried-props.ts'
import { defaultMode, type EngineMode } from '../engine-context.tsx'
import { createQueryClient, EngineRoot } from '../engine-root.tsx'
import type { EngineState } from '../engine-state.ts'
import { previewVersionFromRequest } from '../preview.ts'
import type { BlockRegistry } from '../registry.ts'
import { createPathTo } from '../paths.ts'
import { rememberPer } from '../remember.ts'
import { pageHandleOf } from '../route-meta.ts'
import { createRoutes, type RequestData } from '../routes.tsx'
import type { SiteConfig, SiteContent, SiteDefinition, SiteLanguage, SiteSession, SiteManifest } from '../site.ts'
import { fillOnce } from './fill.ts'
import { createRenderMemo, type RenderedApp, type RenderMemoOptions } from './render-memo.ts'
import { serverSanitize } from './purify.ts'
import { contentSanitizer } from './content-html.ts'
import { RENDER_NONCE_PLACEHOLDER } from './nonce.ts'
import { loadErrorView } from '../route-error.tsx'
import { basenameOf, localeOfPath, ONE_LANGUAGE, withoutBasename } from '../locale.ts'
import { LOCALE_CODE } from '#schemas/engine/localized.ts'

export interface ServerRendererOptions {
  manifest: SiteManifest
  registry: BlockRegistry
  site: SiteDefinition
  mode?: EngineMode
  /** Called for errors thrown while rendering (a failing block is contained, but still logged). */
  onError?: (error: unknown) => void
  /**
   * Whether a page rendered for a signed-out visitor is remembered by its inputs and not rendered
   * again for the same ones (engine/server/render-memo.ts). Default: in production (in development a
   * block's code changes under the renderer). Options set its bounds and clock.
   */
  memo?: boolean | RenderMemoOptions
}

/** The server's sources of a request: its content in a language (the renderer reads the page's from its address). */
export interface RenderSources extends Omit<DataSources, 'content'> {
  /** The tenant's content (published when `version` is undefined) in `locale`, the default's texts where it has none of its own. */
  content(version: string | undefined, locale: string): Promise<SiteContent>
}

export interface RenderRequest {
  request: Request
  sources: RenderSources
  config: SiteConfig
  /** Bots get the status of an error without the error view. */
  isBot: boolean
}

export type RenderResult =
  /** A redirect (signed-in visitor on the login page) or another response a loader answered. */
  | { kind: 'response'; response: Response }
  /** An error for a bot: the status alone. */
  | { kind: 'status'; status: number }
  | {
      kind: 'page'
      status: number
      title: string
      favicon: string | undefined
      /** The site's description for search results (content: `meta_description`). */
      description: string | undefined
      /** The rendered app, for the root element. */
      html: string
      state: EngineState
      /** Names of the blocks that rendered: their chunks are preloaded by the document. */
      blockNames: string[]
      /** The page's language (`<html lang>`), and the languages the content publishes (its alternates). */
      locale: string
      languages: readonly SiteLanguage[]
      /** The page's site path, without the locale's prefix: the same page in another language is there. */
      path: string
    }

/**
 * Creates the server renderer: for each request, runs the matched routes' loaders (content,
 * session, parameter checks), renders the page to HTML once everything is ready, and returns
 * what the document needs: status, title, favicon, the HTML, the dehydrated query cache and
 * the blocks to preload.
 */
export function createServerRenderer(options: ServerRendererOptions) {
  const { manifest, registry, site, mode = defaultMode, onError = console.error } = options
  // The browser uses the manifest as it is written; the server checks it before it serves a page.
  const checked = manifestSchema.safeParse(manifest)
  if (!checked.success)
    throw new Error(`The site’s manifest is invalid: ${ValidationError.fromZod(checked.error).message}`)

  const pathTo = createPathTo(manifest)
  const locales = site.locales ?? ONE_LANGUAGE
  // Routes and handlers are built once: react-router flattens and ranks them at creation. A handler
  // per basename: the default language's `/`, and each locale's prefix (`/es`) when first asked.
  const requests = new WeakMap<Request, RequestData>()
  const routes = createRoutes({
    manifest,
    registry,
    site,
    data: (request) => {
      const data = requests.get(request)
      if (!data) throw new Error('A loader ran for a request the renderer does not know')
      return data
    },
  })
  const handlers = new Map<string, ReturnType<typeof createStaticHandler>>()
  const handlerOf = (basename: string) => {
    let handler = handlers.get(basename)
    if (!handler) handlers.set(basename, (handler = createStaticHandler(routes, { basename })))
    return handler
  }

  /**
   * The language a request's path asks for. Only a first segment with a locale code's form asks the
   * content which languages it publishes (a previewed version's, else the published one's); content
   * that cannot be read leaves the default, and the page's own loading reports why.
   */
  const localeOf = async (request: Request, sources: RenderSources): Promise<string> => {
    const { pathname } = new URL(request.url)
    if (!LOCALE_CODE.test(pathname.split('/')[1] ?? '')) return locales.default
    const read = (version: string | undefined) =>
      sources.content(version, locales.default).then((content) => locales.published(content))
    const version = previewVersionFromRequest(request)
    const languages = await (version ? read(version).catch(() => read(undefined)) : read(undefined)).catch(() => [])
    return localeOfPath(pathname, languages, locales.default)
  }

  // Every HTML field of the content sanitised (the fields its schema marks), once per content
  // object: the published content is one object request after request (the content service caches
  // it), so its blocks' props are the same objects too, and their check is not run again
  // (engine/block.ts). What reaches the page's state, and so client navigation, is clean.
  // Per language: a locale's rich texts link to its own pages (`contentSanitizer`'s basename).
  const sanitisers = new Map<string, (content: SiteContent) => Promise<SiteContent>>()
  const sanitiserOf = (basename: string) => {
    let sanitise = sanitisers.get(basename)
    if (!sanitise) {
      const sanitizeFields = contentSanitizer(site, registry, basename)
      sanitisers.set(basename, (sanitise = rememberPer((content: SiteContent) => sanitizeFields(content))))
    }
    return sanitise
  }

  // Pages rendered for signed-out visitors, by their inputs: the same inputs are not rendered again.
  const { memo: remember = mode === 'production' } = options
  const memo = remember ? createRenderMemo(remember === true ? {} : remember) : undefined

  /** Renders the app of a request whose loaders are done; `complete`: nothing was left to the browser. */
  const renderApp = async (
    context: StaticHandlerContext,
    queryClient: QueryClient,
    config: SiteConfig,
    sources: DataSources,
    locale: string,
  ) => {
    let title: string | undefined
    const onTitle = (value: string) => {
      title = value
    }
    const rendered = new Set<string>()
    const carriedProps = propsRecorder()
    const router = createStaticRouter(handlerOf(basenameOf(locale, locales.default)).dataRoutes, context)
    const app = (
      <EngineRoot
        engine={{
          registry,
          site,
          mode,
          config,
          sources,
          pathTo,
          onTitle,
          rendered,
          carriedProps,
          sanitize: serverSanitize,
          locale,
        }}
        queryClient={queryClient}
      >
        <StaticRouterProvider router={router} context={context} nonce={RENDER_NONCE_PLACEHOLDER} />
      </EngineRoot>
    )
    // Usually nothing suspends: the loaders have loaded the page's data, and the server holds every
    // block's code once it has rendered it. Then one synchronous pass is the page. A boundary left
    // to the client (`<!--$!`: a block whose code was not loaded yet, a query no loader ran, or an
    // error) means the page needs the streaming render, which waits for it and reports errors.
    let html = renderToString(app)
    const complete = !html.includes('<!--$!') && !html.includes('<!--$?')
    if (!complete) {
      rendered.clear()
      carriedProps.clear()
      title = undefined
      html = await renderToHtml(app, onError)
    }

    // Static blocks keep their server HTML in the browser, whose code is then not loaded: unless a
    // boundary of the page was left to the browser (an error, a block not loaded), which renders
    // the page's blocks itself.
    const statics = html.includes('<!--$!') ? new Map<string, string | undefined>() : carriedProps.statics()
    const staticKeys = new Set(statics.values())
    const hydrating = [...rendered].filter((key) => !staticKeys.has(key))
    const texts = carriedProps.texts()
    const page: RenderedApp = {
      html,
      title,
      state: {
        blocks: hydrating,
        props: carriedProps.carried(),
        ...(statics.size > 0 && { static: [...statics.keys()] }),
        ...(Object.keys(texts).length > 0 && { texts }),
      },
      blockNames: hydrating.flatMap((key) => registry.loadedDefinition(key)?.name ?? []),
    }
    return { page, complete }
  }

  return async function render({ request, sources: given, config, isBot }: RenderRequest): Promise<RenderResult> {
    const queryClient = createQueryClient()
    const locale = await localeOf(request, given)
    const basename = basenameOf(locale, locales.default)
    const sanitise = sanitiserOf(basename)
    const sources: DataSources = {
      content: async (version) => sanitise(await given.content(version, locale)),
      session: () => given.session(),
      transport: given.transport,
    }
    requests.set(request, {
      queryClient,
      sources,
      previewVersion: previewVersionFromRequest,
      fill: fillOnce(queryClient),
      basename,
    })
    const context = await handlerOf(basename).query(request)
    if (context instanceof Response) return { kind: 'response', response: context }
    if (isBot && context.statusCode >= 400) return { kind: 'status', status: context.statusCode }
    if (context.errors) await loadErrorView()

    const key = memo?.key({
      path: `${context.location.pathname}${context.location.search}`,
      status: context.statusCode,
      loaderData: context.loaderData,
      errors: context.errors,
      queryClient,
      config,
      signedOut: queryClient.getQueryData<SiteSession>(sessionQuery(sources).queryKey)?.isAuthenticated === false,
      personal: context.matches.some((match) => pageHandleOf(match.route.handle)?.personal),
    })
    let page = key === undefined ? undefined : memo?.get(key)
    if (!page) {
      const fresh = await renderApp(context, queryClient, config, sources, locale)
      page = fresh.page
      if (key !== undefined && fresh.complete) memo?.set(key, page)
    }

    const content = queryClient
      .getQueriesData<SiteContent>({ queryKey: ['cms'] })
      .map(([, data]) => data)
      .find((data) => data !== undefined)
    const chrome = content && site.chrome(content)

    return {
      kind: 'page',
      status: context.statusCode,
      title: page.title ?? chrome?.title ?? '',
      favicon: chrome?.favicon,
      description: chrome?.description,
      html: page.html,
      state: {
        dehydrated: dehydrate(queryClient),
        ...page.state,
        config,
      },
      blockNames: page.blockNames,
      locale,
      languages: content ? locales.published(content) : [],
      path: withoutBasename(context.location.pathname, basename),
    }
  }
}

export type ServerRenderer = ReturnType<typeof createServerRenderer>

/**
 * The page's HTML once everything in it is ready (its data and lazy blocks), from React's Node
 * stream. The whole page is sent at once, so nothing is gained by React's outlining of large parts
 * into later chunks, which only JavaScript puts back in place: a visitor without it (and a crawler)
 * would miss everything after the first large part.
 */
function renderToHtml(tree: ReactNode, onError: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    // Bytes, decoded once at the end: a chunk may end inside a character.
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'))
        done()
      },
    })
    const stream = renderToPipeableStream(tree, {
      onError,
      // React's own inline scripts (a boundary filled in later) run under the page's CSP.
      nonce: RENDER_NONCE_PLACEHOLDER,
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    })
  })
}
