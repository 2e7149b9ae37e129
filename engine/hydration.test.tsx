// @vitest-environment jsdom
import { useId, useState, type ComponentType } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { hydrateSite } from './client.tsx'
import { servedPage } from './served-page.ts'
import { defineBlock, defineSectionBlock, type Block, type SchemaSource } from './block.ts'
import { BlockRegistry } from './registry.ts'
import { Link } from './prefetch.tsx'
import { BLOCK_CHUNKS_PATH } from './block-code.ts'
import { Section } from './section.tsx'
import { staticPart } from './static-html.tsx'
import { createServerRenderer } from './server/render.tsx'
import { testBlocks, testConfig, testManifest, testSite, testSources } from './test-helpers.tsx'

/** A block whose markup depends on its place in the tree (useId), as accessible blocks' does. */
const labelled = defineBlock({
  name: 'labelled',
  title: 'Labelled',
  schema: z.object({}),
  select: () => ({}),
  load: () =>
    Promise.resolve({
      default: function Labelled() {
        const id = useId()
        return (
          <button type="button" aria-controls={id}>
            <span id={id}>Menu</span>
          </button>
        )
      },
    }),
})

const blocks = { ...testBlocks, '1_header': labelled }

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
  delete document.documentElement.dataset.hydrated
})

describe('hydration', () => {
  it('hydrates the server HTML with React’s development checks and reports no mismatch', async () => {
    const render = createServerRenderer({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry(blocks),
      mode: 'production',
    })
    const result = await render({
      request: new Request('http://localhost/'),
      sources: testSources().sources,
      config: testConfig,
      isBot: false,
    })
    if (result.kind !== 'page') throw new Error('Expected a page')

    const container = servedPage(result)
    const fetchSpy = vi.spyOn(window, 'fetch')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)

    const page = await hydrateSite({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry(blocks),
      container,
    })
    await vi.waitFor(() => {
      expect(document.documentElement.dataset.hydrated).toBe('true')
    })

    // The server and the browser renderer share one process here, which React notes; that note aside,
    // nothing may be logged (a hydration mismatch is logged as an error in development).
    const logged = errors.mock.calls
      .map((call) => String(call[0]))
      .filter((message) => !message.startsWith('Detected multiple renderers'))
    expect(logged).toEqual([])
    // No data is asked for; once idle, the page may ask for its build's list of chunks to fetch ahead.
    expect(
      fetchSpy.mock.calls
        .map(([input]) => (input instanceof Request ? input.url : input.toString()))
        .filter((url) => !url.startsWith(BLOCK_CHUNKS_PATH)),
    ).toEqual([])
    expect(container.querySelector('button')?.getAttribute('aria-controls')).toBe(container.querySelector('span')?.id)
    page.dispose()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

  it('hydrates with the props the server checked: the blocks’ schemas (and zod) are not needed to start', async () => {
    /** Counts its clicks: it counts only once it is hydrated. */
    function Counter({ text, tone }: z.output<typeof headerSchema>) {
      const [clicks, setClicks] = useState(0)
      return (
        <button type="button" data-tone={tone} onClick={() => setClicks(clicks + 1)}>
          {text} clicked {clicks}
        </button>
      )
    }
    // The header's props are not its input (the schema adds a default): the page carries them. The
    // footer's props are its input: the page carries a mark, not the props again.
    const headerSchema = z.object({ text: z.string(), tone: z._default(z.enum(['plain', 'loud']), 'loud') })
    const header = (schema: SchemaSource<z.output<typeof headerSchema>>) =>
      defineBlock({
        name: 'toned',
        title: 'Toned',
        schema,
        select: (context) => ({ text: context.content.title }),
        load: () => Promise.resolve({ default: Counter }),
      })
    const footer = (schema: SchemaSource<{ text: string }>) =>
      defineBlock({
        name: 'plain',
        title: 'Plain',
        schema,
        select: () => ({ text: 'Footer' }),
        load: () => Promise.resolve({ default: ({ text }: { text: string }) => <p>{text}</p> }),
      })
    const serverBlocks = {
      ...testBlocks,
      '1_header': header(() => Promise.resolve(headerSchema)),
      '1_footer': footer(() => Promise.resolve(z.object({ text: z.string() }))),
    }
    const render = createServerRenderer({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry(serverBlocks),
      mode: 'production',
    })
    const result = await render({
      request: new Request('http://localhost/'),
      sources: testSources().sources,
      config: testConfig,
      isBot: false,
    })
    if (result.kind !== 'page') throw new Error('Expected a page')
    const carried = Object.values(result.state.props)
    expect(carried).toContainEqual({ text: 'Test Site', tone: 'loud' })
    expect(carried).toContain(0)
    expect(JSON.stringify(result.state.props)).not.toContain('Footer')

    const container = servedPage(result)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // In the browser the schemas never arrive: hydration must not need them.
    const schemaLoads = vi.fn(() => new Promise<never>(() => undefined))
    const browserBlocks = { ...testBlocks, '1_header': header(schemaLoads), '1_footer': footer(schemaLoads) }

    const page = await hydrateSite({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry(browserBlocks),
      container,
    })
    await vi.waitFor(() => {
      expect(document.documentElement.dataset.hydrated).toBe('true')
    })
    expect(
      errors.mock.calls
        .map((call) => String(call[0]))
        .filter((message) => !message.startsWith('Detected multiple renderers')),
    ).toEqual([])
    const button = container.querySelector<HTMLButtonElement>('button[data-tone="loud"]')
    button?.click()
    await vi.waitFor(() => {
      expect(button?.textContent).toBe('Test Site clicked 1')
    })
    expect(container.textContent).toContain('Footer')
    page.dispose()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

  describe('static sections', () => {
    /** A home page of two sections: a static one with a link to an office, and one that hydrates. */
    const home = defineBlock({
      name: 'sections-page',
      title: 'Sections',
      schema: z.object({}),
      select: () => ({}),
      load: () =>
        Promise.resolve({
          default: () => (
            <article>
              <h1>Welcome</h1>
              <Section section={{ block: 'section-promo', props: { text: 'Our offices' } }} />
              <Section section={{ block: 'section-counter', props: {} }} />
            </article>
          ),
        }),
    })
    const promo = (text: (given: string) => string = (given) => given) =>
      defineSectionBlock({
        name: 'section-promo',
        title: 'Promo',
        description: 'A heading and a link',
        schema: z.object({ text: z.string() }),
        static: true,
        load: () =>
          Promise.resolve({
            default: ({ text: given }: { text: string }) => (
              <section>
                <h2>{text(given)}</h2>
                <Link to="/office/12">Visit office 12</Link>
              </section>
            ),
          }),
      })
    /** Counts its clicks: it counts only once it is hydrated. */
    const counter = defineSectionBlock({
      name: 'section-counter',
      title: 'Counter',
      description: 'A button',
      schema: z.object({}),
      load: () =>
        Promise.resolve({
          default: function Counter() {
            const [clicks, setClicks] = useState(0)
            return (
              <button type="button" onClick={() => setClicks(clicks + 1)}>
                Clicked {clicks}
              </button>
            )
          },
        }),
    })
    /** An office page (its id from the address) linking to the next office, with a part of its own if given (the server's and the browser's are apart: their own loads). */
    const officePage = (name: string, Part?: ComponentType<{ id: string }>) =>
      defineBlock({
        name,
        title: 'Office',
        schema: z.object({ id: z.string() }),
        select: (context) => ({ id: String(context.params.officeId) }),
        load: () =>
          Promise.resolve({
            default: ({ id }: { id: string }) => (
              <article>
                <h1>Office {id}</h1>
                {Part && <Part id={id} />}
                <Link to={`/office/${Number(id) + 1}`}>Next office</Link>
              </article>
            ),
          }),
      })
    const registryWith = (blocks: Record<string, Block | (() => Promise<Block>)>) =>
      new BlockRegistry({ ...testBlocks, home, ...blocks })

    it('keeps a static section’s server HTML without its code, follows its links in the page, and hydrates the other sections', async () => {
      // The server's sections loaded already, as after its first page: one pass renders the page
      // (a pass left for lazy blocks would leave React's server renderer inside this shared process).
      const serverRegistry = registryWith({ 'section-promo': promo(), 'section-counter': counter })
      await serverRegistry.preload(['section-promo', 'section-counter'])
      const render = createServerRenderer({
        manifest: testManifest,
        site: testSite,
        registry: serverRegistry,
        mode: 'production',
      })
      const result = await render({
        request: new Request('http://localhost/'),
        sources: testSources().sources,
        config: testConfig,
        isBot: false,
      })
      if (result.kind !== 'page') throw new Error('Expected a page')
      // The browser is told to keep one block's HTML, and neither loads nor preloads its code.
      expect(result.state.static).toHaveLength(1)
      expect(result.state.blocks).toContain('section-counter')
      expect(result.state.blocks).not.toContain('section-promo')
      expect(result.blockNames).not.toContain('section-promo')

      const container = servedPage(result)
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      // In the browser the static section's code never arrives, and its text would differ if it rendered.
      const promoLoads = vi.fn(() => Promise.resolve(promo((given) => `${given}, rendered in the browser`)))
      const page = await hydrateSite({
        manifest: testManifest,
        site: testSite,
        registry: registryWith({ 'section-promo': promoLoads, 'section-counter': counter }),
        container,
      })
      await vi.waitFor(() => {
        expect(document.documentElement.dataset.hydrated).toBe('true')
      })
      expect(
        errors.mock.calls
          .map((call) => String(call[0]))
          .filter((message) => !message.startsWith('Detected multiple renderers')),
      ).toEqual([])
      expect(promoLoads).not.toHaveBeenCalled()
      expect(container.querySelector('h2')?.textContent).toBe('Our offices')
      const button = container.querySelector('button')
      button?.click()
      await vi.waitFor(() => {
        expect(button?.textContent).toBe('Clicked 1')
      })

      // Its link opens the office in the page (the router's navigation, no document load).
      const link = [...container.querySelectorAll('a')].find((anchor) => anchor.textContent === 'Visit office 12')
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
      link?.dispatchEvent(click)
      expect(click.defaultPrevented).toBe(true)
      await vi.waitFor(() => {
        expect(window.location.pathname).toBe('/office/12')
        expect(container.querySelector('[data-testid="office-page"]')).not.toBeNull()
      })
      page.dispose()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })

    it('keeps a static page’s HTML for the address it was rendered for, and renders it in the browser for another', async () => {
      const office: Block = { ...officePage('static-office'), static: true }
      const pageRegistry = (entry: Block | (() => Promise<Block>)) =>
        new BlockRegistry({ ...testBlocks, office: entry })
      const serverRegistry = pageRegistry(office)
      await serverRegistry.preload(['office'])
      const render = createServerRenderer({
        manifest: testManifest,
        site: testSite,
        registry: serverRegistry,
        mode: 'production',
      })
      const result = await render({
        request: new Request('http://localhost/office/12'),
        sources: testSources().sources,
        config: testConfig,
        isBot: false,
      })
      if (result.kind !== 'page') throw new Error('Expected a page')
      expect(result.state.blocks).not.toContain('office')

      const container = servedPage(result, '/office/12')
      vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
      const officeLoads = vi.fn(() => Promise.resolve(office))
      const page = await hydrateSite({
        manifest: testManifest,
        site: testSite,
        registry: pageRegistry(officeLoads),
        container,
      })
      await vi.waitFor(() => {
        expect(document.documentElement.dataset.hydrated).toBe('true')
      })
      expect(officeLoads).not.toHaveBeenCalled()
      expect(container.querySelector('h1')?.textContent).toBe('Office 12')
      // Another office, on the same route: the page loads its code and renders it.
      container
        .querySelector('a')
        ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))
      await vi.waitFor(() => {
        expect(container.querySelector('h1')?.textContent).toBe('Office 13')
      })
      expect(officeLoads).toHaveBeenCalled()
      page.dispose()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })

    it('keeps a static part’s HTML while its props stay the same, and loads its code to render other props', async () => {
      const partModule = { default: ({ id }: { id: string }) => <p>{`Details of office ${id}`}</p> }
      const serverPart = staticPart('details', () => Promise.resolve(partModule))
      const serverRegistry = new BlockRegistry({ ...testBlocks, office: officePage('office-with-part', serverPart) })
      await Promise.all([serverRegistry.preload(['office']), serverPart.load()])
      const render = createServerRenderer({
        manifest: testManifest,
        site: testSite,
        registry: serverRegistry,
        mode: 'production',
      })
      const result = await render({
        request: new Request('http://localhost/office/12'),
        sources: testSources().sources,
        config: testConfig,
        isBot: false,
      })
      if (result.kind !== 'page') throw new Error('Expected a page')
      expect(result.html).toContain('Details of office 12')
      expect(result.state.static).toHaveLength(1)

      const container = servedPage(result, '/office/12')
      vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
      // No loading ahead here: the part's code is fetched once the page is idle otherwise.
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true })
      const partLoads = vi.fn(() => Promise.resolve(partModule))
      const page = await hydrateSite({
        manifest: testManifest,
        site: testSite,
        registry: new BlockRegistry({
          ...testBlocks,
          office: officePage('office-with-part', staticPart('details', partLoads)),
        }),
        container,
      })
      await vi.waitFor(() => {
        expect(document.documentElement.dataset.hydrated).toBe('true')
      })
      expect(partLoads).not.toHaveBeenCalled()
      expect(container.textContent).toContain('Details of office 12')
      container
        .querySelector('a')
        ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))
      await vi.waitFor(() => {
        expect(container.textContent).toContain('Details of office 13')
      })
      expect(partLoads).toHaveBeenCalledOnce()
      Reflect.deleteProperty(navigator, 'connection')
      page.dispose()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })

    it('leaves a static section to the browser when the server could not render it (its boundary is the browser’s)', async () => {
      const failing = defineSectionBlock({
        name: 'section-promo',
        title: 'Promo',
        description: 'Fails on the server',
        schema: z.object({ text: z.string() }),
        load: () =>
          Promise.resolve({
            default: (): never => {
              throw new Error('No data on the server')
            },
          }),
      })
      const render = createServerRenderer({
        manifest: testManifest,
        site: testSite,
        registry: registryWith({ 'section-promo': failing, 'section-counter': counter }),
        mode: 'production',
        onError: () => undefined,
      })
      const result = await render({
        request: new Request('http://localhost/'),
        sources: testSources().sources,
        config: testConfig,
        isBot: false,
      })
      if (result.kind !== 'page') throw new Error('Expected a page')
      expect(result.html).toContain('<!--$!')
      // Nothing is kept: the browser loads the section and renders it (with its error and Retry, if it fails there too).
      expect(result.state.static).toBeUndefined()
      expect(result.state.blocks).toContain('section-promo')
      expect(result.blockNames).toContain('section-promo')
    })
  })
})
