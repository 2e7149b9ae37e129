/**
 * Render cases for bench/run.ts, loaded through Vite's SSR loader in production mode so
 * both run the same transformed code.
 * - baseline: the home page written by hand: the same block components with the same props and
 *   data, composed in JSX and rendered with `renderToString` inside only the providers they need
 *   (no loaders, no route matching, no props validation, no streaming, no dehydration). Its
 *   markup is checked to be the engine's, comments aside.
 * - engine: the full server render of a request, as the server does it: a page a signed-out visitor
 *   asks for again with the same data is not rendered again (engine/server/render-memo.ts).
 * - engine, rendered each time: the same without that memory, every request rendered.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { hydrate } from '@tanstack/react-query'
import { createQueryClient, EngineRoot } from '../engine/engine-root.tsx'
import { ShellContext } from '../engine/site-context.tsx'
import { site, themeStyle } from '../site-config/site.ts'
import { RichText } from '../engine/rich-text.tsx'
import { contentSanitizer } from '../engine/server/content-html.ts'
import type { BlockContext } from '../engine/block-context.ts'
import { SIGNED_OUT } from '../engine/data-sources.ts'
import { parseCmsContent } from '../schemas/parse-cms.ts'
import { render } from '../site-config/entry-server.ts'
import { createServerRenderer } from '../engine/server/render.tsx'
import HeaderClassic from '../blocks/header-classic/header-classic.tsx'
import FooterClassic from '../blocks/footer-classic/footer-classic.tsx'
import SectionHero from '../blocks/section-hero/section-hero.tsx'
import SectionFeatures from '../blocks/section-features/section-features.tsx'
import SectionPlanCards from '../blocks/section-plan-cards/section-plan-cards.tsx'
import SectionSavingsTable from '../blocks/section-savings-table/section-savings-table.tsx'
import SectionZipBox from '../blocks/section-zip-box/section-zip-box.tsx'
import SectionNotice from '../blocks/section-notice/section-notice.tsx'
import SectionCta from '../blocks/section-cta/section-cta.tsx'
import { contentPageSettingsSchema } from '../blocks/page-content/settings.ts'
import { registry } from '../site-config/registry.ts'
import { manifest } from '../site-config/manifest.ts'
import { createPathTo } from '../engine/paths.ts'
import type { PublicConfig } from '../schemas/runtime.ts'
import type { DataSources } from '../engine/data-sources.ts'
import type { ApiTransport } from '../engine/api.ts'
import { serverSanitize } from '../engine/server/purify.ts'

/**
 * The pages' API answers (the home page's plan cards and savings table), fetched once from a
 * running server and then answered from memory: the render is measured, not the database.
 */
function recordedTransport(apiBase: string): ApiTransport {
  const answers = new Map<string, Promise<{ status: number; body: string }>>()
  return async (path) => {
    let answer = answers.get(path)
    if (!answer) {
      answer = fetch(apiBase + path).then(async (response) => ({
        status: response.status,
        body: await response.text(),
      }))
      answers.set(path, answer)
    }
    const { status, body } = await answer
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  }
}

export function createCases(rawContent: unknown, config: PublicConfig, apiBase: string) {
  const content = parseCmsContent(rawContent)
  const sources: DataSources = {
    content: () => Promise.resolve(content),
    session: () => Promise.resolve(SIGNED_OUT),
    transport: recordedTransport(apiBase),
  }

  const renderEachTime = createServerRenderer({ manifest, registry, site, memo: false })
  const pageOf = (renderer: typeof render) => async (path: string) => {
    const result = await renderer({ request: new Request(`http://localhost${path}`), sources, config, isBot: false })
    if (result.kind !== 'page') throw new Error(`Expected a page for ${path}`)
    return result.html
  }
  const engineRender = pageOf(render)
  const engineRenderEachTime = pageOf(renderEachTime)

  /**
   * The home page by hand. Its props and its API answers are prepared once (from the content and
   * from one engine render, whose dehydrated cache fills the query client), so the figure is the
   * cost of rendering the markup with React alone.
   */
  const homeByHand = async () => {
    const first = await render({ request: new Request('http://localhost/'), sources, config, isBot: false })
    if (first.kind !== 'page') throw new Error('Expected the home page')
    const clean = await contentSanitizer(site, registry)(content)
    const pathTo = createPathTo(manifest)
    const context: BlockContext = {
      content: clean,
      session: SIGNED_OUT,
      config,
      locale: 'en',
      pathname: '/',
      search: new URLSearchParams(),
      query: {},
      pathTo,
      params: {},
      pageClass: 'page',
    }
    const props = (key: string, blockContext: BlockContext) => {
      const block = registry.peek(key)
      if (!block) throw new Error(`No block ${key}`)
      return block.check(block.select(blockContext)).props as Record<string, unknown>
    }
    const { header: headerKey, footer: footerKey } = clean.layout
    if (headerKey !== '1_header' || footerKey !== '1_footer')
      throw new Error(
        `The hand-written home page has the classic header and footer; the content's layout is ${headerKey}, ${footerKey}`,
      )
    const sections: Record<string, ComponentType<never>> = {
      'section-hero': SectionHero,
      'section-features': SectionFeatures,
      'section-plan-cards': SectionPlanCards,
      'section-savings-table': SectionSavingsTable,
      'section-zip-box': SectionZipBox,
      'section-notice': SectionNotice,
      'section-cta': SectionCta,
    }
    const settings = contentPageSettingsSchema.parse(clean.pages.home ?? {})
    const pageSections = settings.sections.map((section) => {
      const Component = sections[section.block]
      if (!Component) throw new Error(`The hand-written home page has no ${section.block}`)
      return {
        key: section.block,
        Component: Component as ComponentType<Record<string, unknown>>,
        props: props(section.block, { ...context, section: section.props }),
      }
    })
    const headerProps = props(headerKey, context)
    const footerProps = props(footerKey, context)
    const slot = (key: string, children: ReactNode) => (
      <div data-block={key} className="contents">
        <Suspense>{children}</Suspense>
      </div>
    )
    const page = (
      <div className="site flex min-h-screen flex-col bg-surface text-body" style={themeStyle(clean.theme)}>
        {slot(headerKey, <HeaderClassic {...(headerProps as Parameters<typeof HeaderClassic>[0])} />)}
        <main id="main" className="flex-1">
          <div className="page" data-page="home">
            {slot(
              'home',
              <article>
                <header className={settings.hide_title ? 'sr-only' : 'bg-surface text-body'}>
                  <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 pt-12 pb-2">
                    <h1 className="text-4xl font-bold">{settings.title ?? 'Home'}</h1>
                    {settings.updated && <p className="text-sm text-gray-700">Last updated {settings.updated}</p>}
                    {settings.intro && (
                      <RichText html={settings.intro} className="text-lg text-gray-700 [&_a]:underline" />
                    )}
                  </div>
                </header>
                {pageSections.map(({ key, Component, props: sectionProps }, index) => (
                  <div key={`${key}-${index}`} data-block={key} className="contents">
                    <Suspense>
                      <Component {...sectionProps} />
                    </Suspense>
                  </div>
                ))}
              </article>,
            )}
          </div>
        </main>
        {slot(footerKey, <FooterClassic {...(footerProps as Parameters<typeof FooterClassic>[0])} />)}
        {/* The engine's navigation progress: on the server, only its empty live region. */}
        <div aria-live="polite" className="sr-only" />
      </div>
    )
    const queryClient = createQueryClient()
    hydrate(queryClient, first.state.dehydrated)
    const router = createMemoryRouter([{ path: '*', element: <ShellContext value={context}>{page}</ShellContext> }], {
      initialEntries: ['/'],
    })
    const byHand = () =>
      renderToString(
        <EngineRoot
          engine={{
            registry,
            site,
            mode: 'production',
            config,
            sources,
            pathTo,
            sanitize: serverSanitize,
            locale: 'en',
          }}
          queryClient={queryClient}
        >
          <RouterProvider router={router} />
        </EngineRoot>,
      )
    // Comments (Suspense and text markers), React's generated ids (they name the tree position) and
    // the router's hydration data (engine work, counted in the engine's figure) aside.
    const withoutComments = (html: string) =>
      html
        .replace(/<!--.*?-->/g, '')
        .replace(/_R_[0-9a-z]+_/g, '_R_')
        .replace(/<script(?: nonce="[^"]*")?>window\.__staticRouterHydrationData = .*?<\/script>/, '')
    if (withoutComments(byHand()) !== withoutComments(first.html)) {
      const [a, b] = [withoutComments(byHand()), withoutComments(first.html)]
      let at = 0
      while (at < a.length && a[at] === b[at]) at++
      throw new Error(
        `The hand-written home page's markup differs from the engine's at ${at}:\n  by hand: ${a.slice(at - 80, at + 120)}\n  engine:  ${b.slice(at - 80, at + 120)}`,
      )
    }
    return byHand
  }

  return { engineRender, engineRenderEachTime, homeByHand }
}
