// @vitest-environment jsdom
import { useId } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/zod.ts'
import { hydrateSite } from './client.tsx'
import { ENGINE_STATE_GLOBAL } from './engine-state.ts'
import { BlockRegistry, defineBlock } from './registry.ts'
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
})

describe('hydration', () => {
  it('hydrates the server HTML with React’s development checks and reports no mismatch', async () => {
    const render = createServerRenderer({ manifest: testManifest, registry: new BlockRegistry(blocks), mode: 'production' })
    const result = await render({ request: new Request('http://localhost/'), sources: testSources().sources, config: testConfig, isBot: false })
    if (result.kind !== 'page') throw new Error('Expected a page')

    window.history.replaceState(null, '', '/')
    const container = document.createElement('div')
    container.innerHTML = result.html
    document.body.append(container)
    // Scripts inserted as HTML do not run: set the router's hydration data as its script would.
    const routerData = /__staticRouterHydrationData = JSON\.parse\((".*")\);/.exec(result.html)?.[1]
    Reflect.set(window, '__staticRouterHydrationData', JSON.parse(JSON.parse(routerData!) as string))
    Reflect.set(window, ENGINE_STATE_GLOBAL, JSON.parse(JSON.stringify(result.state)))
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
})
