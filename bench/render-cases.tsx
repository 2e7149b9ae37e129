/**
 * Render cases for bench/run.ts, loaded through Vite's SSR loader in production mode so
 * both run the same transformed code.
 * - baseline: the chrome's blocks rendered with `renderToString`, inside only the providers
 *   they need (no loaders, no route matching, no props validation, no streaming).
 * - engine: the full server render of a request, as the server does it.
 */
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { createQueryClient, EngineRoot } from '../engine/engine-root.tsx'
import { SIGNED_OUT } from '../schemas/runtime.ts'
import { parseCmsContent } from '../schemas/parse-cms.ts'
import { render } from '../site-config/entry-server.ts'
import HeaderClassic from '../blocks/header-classic/header-classic.tsx'
import FooterClassic from '../blocks/footer-classic/footer-classic.tsx'
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
      answer = fetch(apiBase + path).then(async (response) => ({ status: response.status, body: await response.text() }))
      answers.set(path, answer)
    }
    const { status, body } = await answer
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  }
}

export function createCases(rawContent: unknown, config: PublicConfig, apiBase: string) {
  const content = parseCmsContent(rawContent)
  const sources: DataSources = { content: () => Promise.resolve(content), session: () => Promise.resolve(SIGNED_OUT), transport: recordedTransport(apiBase) }

  const blocksOnly = () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <HeaderClassic header={content.header.variables} siteName="Bench" signedIn={false} pathname="/" officeLoginUrl={undefined} siteSlug="bench" joinLink={undefined} fixOnScroll paths={{ home: '/', memberLogin: '/member-login', findDentist: '/find-a-dentist' }} />
              <FooterClassic footer={content.footer.variables} siteName="Bench" companyName="Bench Co" year={2026} siteSlug="bench" />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    )
    return renderToString(
      <EngineRoot engine={{ registry, mode: 'production', config, sources, pathTo: createPathTo(manifest), sanitize: serverSanitize }} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </EngineRoot>,
    )
  }

  const engineRender = async (path: string) => {
    const result = await render({ request: new Request(`http://localhost${path}`), sources, config, isBot: false })
    if (result.kind !== 'page') throw new Error(`Expected a page for ${path}`)
    return result.html
  }

  return { blocksOnly, engineRender }
}
