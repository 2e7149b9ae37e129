// @vitest-environment jsdom
/**
 * The engine serves a site that is not the dental one: the noticeboard (three blocks, its own
 * content schema, session, page identifiers and parameter rule) renders on the server and hydrates
 * in the browser through the engine's public entries, importing nothing of the dental site.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hydrateSite } from '#engine/client'
import { BLOCK_CHUNKS_PATH } from '#engine'
import { createServerRenderer } from '#engine/server'
import { siteContentSchema } from '../../engine/content-schema.ts'
import { servedPage } from '../../engine/served-page.ts'
import type { NoticeboardConfig } from './content.ts'
import {
  noticeboard,
  noticeboardContent,
  noticeboardManifest,
  noticeboardRegistry,
  noticeboardSession,
} from './site.ts'

const config: NoticeboardConfig = {
  buildId: 'noticeboard',
  idleAuthMilliseconds: 60_000,
  idleSessionMilliseconds: 120_000,
  street: 'Elm Street',
}
const render = createServerRenderer({ manifest: noticeboardManifest, registry: noticeboardRegistry, site: noticeboard })

async function page(path: string, neighbour?: string) {
  const result = await render({
    request: new Request(`http://elm.localhost${path}`),
    sources: {
      content: () => Promise.resolve(noticeboardContent),
      session: () => Promise.resolve(noticeboardSession(neighbour)),
    },
    config,
    isBot: false,
  })
  if (result.kind !== 'page') throw new Error(`Expected a page for ${path}, got ${result.kind}`)
  return result
}

const text = (html: string) => {
  const element = document.createElement('div')
  element.innerHTML = html
  return element.textContent
}

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
  delete document.documentElement.dataset.hydrated
})

describe('a site that is not dental, served by the same engine', () => {
  it('renders its chrome and pages on the server from its own content, session and configuration', async () => {
    const home = await page('/', 'Ann')
    expect(home.status).toBe(200)
    expect(home.title).toContain('Notices')
    expect(home.title).toContain('Elm Street Noticeboard')
    expect(home.favicon).toBe('/elm.png')
    const shown = text(home.html)
    expect(shown).toContain('Elm Street Noticeboard')
    expect(shown).toContain('Welcome back, Ann. What is on in the street this week.')
    expect(shown).toContain('A noticeboard for Elm Street')
    expect(home.html).toContain('href="/notices/bake-sale"')
    expect(home.blockNames.sort()).toEqual(['colophon', 'masthead', 'notices'])
  })

  it('publishes its content schema under its own name, with its own blocks as the editor’s choices', async () => {
    const schema = await siteContentSchema(noticeboard.contentSchema, noticeboardRegistry)
    expect(schema.$id).toBe('https://noticeboard.local/schemas/site-content.json')
    expect(JSON.stringify(schema)).not.toMatch(/dental/i)
  })

  it('checks its path parameter with its own rule: a notice it has, with its title; one it has not is a 404', async () => {
    const notice = await page('/notices/lost-cat')
    expect(notice.title).toContain('Lost: a grey cat')
    expect(text(notice.html)).toContain('Answers to Moss.')
    const missing = await page('/notices/found-dog')
    expect(missing.status).toBe(404)
    expect(text(missing.html)).toContain('Page Not Found: /notices/found-dog')
  })

  it('hydrates without a mismatch or a request, then works and navigates in the browser', async () => {
    const served = await page('/')
    const container = servedPage(served)
    const fetchSpy = vi.spyOn(window, 'fetch')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)

    const hydrated = await hydrateSite({
      manifest: noticeboardManifest,
      registry: noticeboardRegistry,
      site: noticeboard,
      container,
    })
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'))
    const button = [...container.querySelectorAll('button')].find((element) => element.textContent === 'Thanks (0)')
    button!.click()
    await vi.waitFor(() => expect(button!.textContent).toBe('Thanks (1)'))

    container.querySelector<HTMLAnchorElement>('a[href="/notices/bake-sale"]')!.click()
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Bake sale on Saturday'))
    expect(container.textContent).toContain('Bring a cake; take a cake.')

    // React notes that the server and browser renderers share this process; nothing else is logged.
    expect(
      errors.mock.calls
        .map((call) => String(call[0]))
        .filter((message) => !message.startsWith('Detected multiple renderers')),
    ).toEqual([])
    // No data is asked for; once idle, the page may ask for its build's list of chunks to fetch ahead.
    expect(
      fetchSpy.mock.calls
        .map(([input]) => (input instanceof Request ? input.url : input.toString()))
        .filter((url) => !url.startsWith(BLOCK_CHUNKS_PATH)),
    ).toEqual([])
    hydrated.dispose()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
})
