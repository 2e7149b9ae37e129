// @vitest-environment jsdom
import { useId, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/zod.ts'
import { hydrateSite } from './client.tsx'
import { ENGINE_STATE_GLOBAL } from './engine-state.ts'
import { BlockRegistry, defineBlock, type SchemaSource } from './registry.ts'
import { createServerRenderer } from './server/render.tsx'
import { testBlocks, testConfig, testManifest, testSources } from './test-helpers.tsx'

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

/** Puts the server's page into the document as the browser would get it; answers its root element. */
function servedPage(result: { html: string; state: unknown }): HTMLElement {
  window.history.replaceState(null, '', '/')
  const container = document.createElement('div')
  container.innerHTML = result.html
  document.body.append(container)
  // Scripts inserted as HTML do not run: set the router's hydration data and the state as theirs would.
  const routerData = /__staticRouterHydrationData = JSON\.parse\((".*")\);/.exec(result.html)?.[1]
  Reflect.set(window, '__staticRouterHydrationData', JSON.parse(JSON.parse(routerData!) as string))
  Reflect.set(window, ENGINE_STATE_GLOBAL, JSON.parse(JSON.stringify(result.state)))
  return container
}

describe('hydration', () => {
  it('hydrates the server HTML with React’s development checks and reports no mismatch', async () => {
    const render = createServerRenderer({ manifest: testManifest, registry: new BlockRegistry(blocks), mode: 'production' })
    const result = await render({ request: new Request('http://localhost/'), sources: testSources().sources, config: testConfig, isBot: false })
    if (result.kind !== 'page') throw new Error('Expected a page')

    const container = servedPage(result)
    const fetchSpy = vi.spyOn(window, 'fetch')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)

    const page = await hydrateSite({ manifest: testManifest, registry: new BlockRegistry(blocks), container })
    await vi.waitFor(() => {
      expect(document.documentElement.dataset.hydrated).toBe('true')
    })

    // The server and the browser renderer share one process here, which React notes; that note aside,
    // nothing may be logged (a hydration mismatch is logged as an error in development).
    const logged = errors.mock.calls.map((call) => String(call[0])).filter((message) => !message.startsWith('Detected multiple renderers'))
    expect(logged).toEqual([])
    expect(fetchSpy).not.toHaveBeenCalled()
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
        select: (context) => ({ text: context.content.base.variables.global_title }),
        load: () => Promise.resolve({ default: Counter }),
      })
    const footer = (schema: SchemaSource<{ text: string }>) =>
      defineBlock({ name: 'plain', title: 'Plain', schema, select: () => ({ text: 'Footer' }), load: () => Promise.resolve({ default: ({ text }: { text: string }) => <p>{text}</p> }) })
    const serverBlocks = { ...testBlocks, '1_header': header(() => Promise.resolve(headerSchema)), '1_footer': footer(() => Promise.resolve(z.object({ text: z.string() }))) }
    const render = createServerRenderer({ manifest: testManifest, registry: new BlockRegistry(serverBlocks), mode: 'production' })
    const result = await render({ request: new Request('http://localhost/'), sources: testSources().sources, config: testConfig, isBot: false })
    if (result.kind !== 'page') throw new Error('Expected a page')
    const carried = Object.values(result.state.props)
    expect(carried).toContainEqual({ text: 'Demo Dental', tone: 'loud' })
    expect(carried).toContain(0)
    expect(JSON.stringify(result.state.props)).not.toContain('Footer')

    const container = servedPage(result)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // In the browser the schemas never arrive: hydration must not need them.
    const schemaLoads = vi.fn(() => new Promise<never>(() => undefined))
    const browserBlocks = { ...testBlocks, '1_header': header(schemaLoads), '1_footer': footer(schemaLoads) }

    const page = await hydrateSite({ manifest: testManifest, registry: new BlockRegistry(browserBlocks), container })
    await vi.waitFor(() => {
      expect(document.documentElement.dataset.hydrated).toBe('true')
    })
    expect(errors.mock.calls.map((call) => String(call[0])).filter((message) => !message.startsWith('Detected multiple renderers'))).toEqual([])
    const button = container.querySelector<HTMLButtonElement>('button[data-tone="loud"]')
    button?.click()
    await vi.waitFor(() => {
      expect(button?.textContent).toBe('Demo Dental clicked 1')
    })
    expect(container.textContent).toContain('Footer')
    page.dispose()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
})
