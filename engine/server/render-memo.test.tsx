import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { contract } from '#schemas/engine/contract.ts'
import type { SiteManifest } from '../site.ts'
import { apiQuery, type ApiTransport } from '../api.ts'
import { useApiQuery } from '../api-hooks.ts'
import { createQueryClient } from '../engine-root.tsx'
import { defineBlock } from '../block.ts'
import { BlockRegistry } from '../registry.ts'
import { testBlocks, testConfig, testContent, testManifest, testSite } from '../test-helpers.tsx'
import { testManifestSchema, type TestConfig, type TestContent, type TestSession } from '../test-site.ts'
import { createServerRenderer, type RenderResult } from './render.tsx'
import { createRenderMemo, type RenderMemoOptions } from './render-memo.ts'

const priceApi = contract({
  method: 'get',
  path: '/api/price',
  summary: 'The price',
  tags: [],
  access: 'public',
  response: z.object({ cents: z.number() }),
})
const priceQuery = apiQuery(priceApi)

/** A home page that shows an API answer and counts its renders. */
function pricedSite(memo: boolean | RenderMemoOptions = true, manifest: SiteManifest = testManifest) {
  const state = {
    renders: 0,
    cents: 1200,
    status: 200,
    content: testContent,
    session: { isAuthenticated: false } as TestSession,
  }
  function Price() {
    state.renders++
    const { data } = useApiQuery(priceQuery)
    return (
      <p data-testid="price">{`$${(data.cents / 100).toFixed(2)} for ${state.session.isAuthenticated ? 'a member' : 'a visitor'}`}</p>
    )
  }
  const home = defineBlock({
    name: 'priced-home',
    title: 'Priced home',
    schema: z.object({}),
    select: () => ({}),
    data: () => [priceQuery],
    load: () => Promise.resolve({ default: Price }),
  })
  /** An office page: its address and the tenant's name, no API query. */
  const office = defineBlock({
    name: 'named-office',
    title: 'Named office',
    schema: z.object({ company: z.string(), id: z.string() }),
    select: (context) => ({ company: context.config.companyName, id: context.params.officeId ?? '' }),
    load: () =>
      Promise.resolve({
        default: ({ company, id }: { company: string; id: string }) => {
          state.renders++
          return <p data-testid="office">{`${company} office ${id}`}</p>
        },
      }),
  })
  // A new Response each time, parsed anew: equal answers are equal, not the same object.
  const transport: ApiTransport = () =>
    Promise.resolve(
      new Response(
        JSON.stringify(state.status === 200 ? { cents: state.cents } : { message: 'Database unavailable' }),
        { status: state.status },
      ),
    )
  const render = createServerRenderer({
    manifest,
    site: testSite,
    registry: new BlockRegistry({ ...testBlocks, home, office }),
    mode: 'production',
    memo,
    onError: () => undefined,
  })
  const get = async (path = '/', config: TestConfig = testConfig) => {
    const result: RenderResult = await render({
      request: new Request(`http://localhost${path}`),
      config,
      isBot: false,
      sources: {
        content: () => Promise.resolve(state.content),
        session: () => Promise.resolve(state.session),
        transport,
      },
    })
    if (result.kind !== 'page') throw new Error(`Expected a page, got ${result.kind}`)
    return result
  }
  return { state, get }
}

describe('the server’s memory of rendered pages', () => {
  it('does not render a signed-out visitor’s page again for the same inputs, and answers the same page and state', async () => {
    const { state, get } = pricedSite()
    const first = await get()
    const second = await get()
    expect(state.renders).toBe(1)
    expect(second.html).toBe(first.html)
    expect(second.html).toContain('$12.00 for a visitor')
    expect(second.title).toBe(first.title)
    // The same props, static places and blocks; the data is this request's (its timestamps are).
    expect({ ...second.state, dehydrated: undefined }).toEqual({ ...first.state, dehydrated: undefined })
    expect(second.state.dehydrated.queries.map((query) => query.state.data)).toEqual(
      first.state.dehydrated.queries.map((query) => query.state.data),
    )
    expect(second.blockNames).toEqual(first.blockNames)
  })

  it('renders the page anew, at once, when an API answer changed (a new price shows on the next request)', async () => {
    const { state, get } = pricedSite()
    await get()
    state.cents = 1500
    const changed = await get()
    expect(changed.html).toContain('$15.00 for a visitor')
    expect(changed.state.dehydrated.queries.find((query) => query.queryKey[0] === 'api')?.state.data).toEqual({
      cents: 1500,
    })
    expect(state.renders).toBe(2)
    // And back: the earlier answer is an input the page was rendered with.
    state.cents = 1200
    expect((await get()).html).toContain('$12.00 for a visitor')
  })

  it('renders the page anew when the content changed (a publish), and per address', async () => {
    const { state, get } = pricedSite()
    await get()
    state.content = { ...testContent, title: 'Renamed Site' } satisfies TestContent
    expect((await get()).title).toBe('Home | Renamed Site')
    await get('/?utm_source=mail')
    expect(state.renders).toBe(3)
    await get('/?utm_source=mail')
    expect(state.renders).toBe(3)
  })

  it('renders a signed-in visitor’s page each time, and keeps nothing of it', async () => {
    const { state, get } = pricedSite()
    state.session = { isAuthenticated: true, email: 'm@example.com', role: 'member' }
    expect((await get()).html).toContain('$12.00 for a member')
    await get()
    expect(state.renders).toBe(2)
  })

  it('renders each time a page the manifest calls personal (a visitor’s checkout): nothing of it is kept', async () => {
    const checkout = testManifestSchema.parse({
      routes: [
        {
          path: '/',
          page: 'home',
          title: 'Checkout',
          personal: true,
          children: [{ path: 'office/:officeId', page: 'office', title: 'Office' }],
        },
      ],
    })
    const { state, get } = pricedSite(true, checkout)
    await get()
    await get()
    expect(state.renders).toBe(2)
    // Its children too.
    await get('/office/12')
    const renders = state.renders
    await get('/office/12')
    expect(state.renders).toBeGreaterThan(renders)
  })

  it('renders each address and each tenant’s page apart', async () => {
    const { get } = pricedSite()
    const other = { ...testConfig, siteSlug: 'other', companyName: 'Other Co' }
    expect((await get('/office/12')).html).toContain('Test Co office 12')
    expect((await get('/office/13')).html).toContain('Test Co office 13')
    expect((await get('/office/12', other)).html).toContain('Other Co office 12')
    expect((await get('/office/12')).html).toContain('Test Co office 12')
  })

  it('renders each time a page whose query failed (its block shows the error), and each tenant’s page apart', async () => {
    const { state, get } = pricedSite()
    state.status = 500
    expect((await get()).html).toContain('<!--$!')
    const renders = state.renders
    await get()
    expect(state.renders).toBeGreaterThan(renders)
    state.status = 200
    await get()
    await get('/', { ...testConfig, siteSlug: 'other', companyName: 'Other Co' })
    const both = state.renders
    await get()
    await get('/', { ...testConfig, siteSlug: 'other', companyName: 'Other Co' })
    expect(state.renders).toBe(both)
    await get('/', { ...testConfig, siteSlug: 'third', companyName: 'Third Co' })
    expect(state.renders).toBe(both + 1)
  })

  it('renders again when the quarter of an hour changes: a page may show today’s date', async () => {
    let now = Date.UTC(2026, 11, 31, 23, 50)
    const { state, get } = pricedSite({ now: () => now })
    await get()
    now += 5 * 60 * 1000
    await get()
    expect(state.renders).toBe(1)
    now += 10 * 60 * 1000
    await get()
    expect(state.renders).toBe(2)
  })

  it('renders every request when it is turned off (development)', async () => {
    const { state, get } = pricedSite(false)
    await get()
    await get()
    expect(state.renders).toBe(2)
  })
})

describe('createRenderMemo', () => {
  const page = (html: string) => ({ html, title: undefined, state: { blocks: [], props: {} }, blockNames: [] })
  const inputs = (path: string, data: unknown) => {
    const queryClient = createQueryClient()
    queryClient.setQueryData(['api', 'get', '/api/price', null, null], data)
    return {
      path,
      status: 200,
      loaderData: {},
      errors: null,
      queryClient,
      config: testConfig,
      signedOut: true,
      personal: false,
    }
  }

  it('knows an answer equal to the last one as the same input, and a different one as another', () => {
    const memo = createRenderMemo()
    expect(memo.key(inputs('/', { cents: 1 }))).toBe(memo.key(inputs('/', { cents: 1 })))
    expect(memo.key(inputs('/', { cents: 2 }))).not.toBe(memo.key(inputs('/', { cents: 1 })))
  })

  it('forgets the least recently used page beyond its bounds of pages and of characters', () => {
    const memo = createRenderMemo({ maxPages: 2, maxChars: 10 })
    memo.set('a', page('aaaa'))
    memo.set('b', page('bbbb'))
    expect(memo.get('a')?.html).toBe('aaaa')
    memo.set('c', page('cccc'))
    expect(memo.get('b')).toBeUndefined()
    expect(memo.get('a')?.html).toBe('aaaa')
    memo.set('d', page('dddddddd'))
    expect(memo.size).toBe(1)
    expect(memo.get('d')?.html).toBe('dddddddd')
    memo.set('e', page('e'.repeat(11)))
    expect(memo.get('e')).toBeUndefined()
  })
})
