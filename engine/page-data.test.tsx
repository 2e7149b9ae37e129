import { createStaticHandler, isRouteErrorResponse, type StaticHandlerContext } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { contract } from '#schemas/engine/contract.ts'
import { apiQuery, apiQueryKey, requiredQuery, type ApiTransport } from './api.ts'
import { createQueryClient } from './engine-root.tsx'
import { createPathTo } from './paths.ts'
import { defineBlock, type PageData, type PageGuard } from './block.ts'
import { BlockRegistry } from './registry.ts'
import { createRoutes } from './routes.tsx'
import { testBlocks, testSite, testSources } from './test-helpers.tsx'
import { testManifestSchema, type TestSession } from './test-site.ts'

const accountApi = contract({
  method: 'get',
  path: '/api/account',
  summary: 'The account',
  tags: [],
  access: 'member',
  response: z.object({ name: z.string() }),
})
const itemApi = contract({
  method: 'get',
  path: '/api/items/:id',
  summary: 'An item',
  tags: [],
  access: 'public',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ view: z.optional(z.string()) }),
  response: z.object({ id: z.number(), title: z.string() }),
})

/** A page block whose definition declares queries (and a guard). */
const pageBlock = (name: string, data: PageData, guard?: PageGuard) =>
  defineBlock({
    name,
    title: name,
    schema: z.object({}),
    select: () => ({}),
    data,
    ...(guard && { guard }),
    load: () => Promise.resolve({ default: () => <p>{name}</p> }),
  })

/** The sign-in page's search: the path to come back to. */
const redirectSearchSchema = z.object({ redirect: z.optional(z.string()) })

const manifest = testManifestSchema.parse({
  signInPage: 'member-login',
  routes: [
    { path: '/', page: 'home', title: 'Home' },
    { path: '/dashboard', page: 'dashboard', title: 'Dashboard', access: 'member' },
    {
      path: '/member-login',
      page: 'member-login',
      title: 'Sign in',
      redirectWhenSignedIn: '/dashboard',
      search: redirectSearchSchema,
    },
    {
      path: '/checkout',
      page: 'checkout',
      title: 'Checkout',
      children: [{ path: 'payment', page: 'checkout-payment', title: 'Payment' }],
    },
    {
      path: '/office/:officeId',
      page: 'office',
      title: 'Office',
      params: { officeId: 'positive-int' },
      search: z.object({ view: z._default(z.enum(['list', 'map']), 'list') }),
    },
  ],
})

const member: TestSession = { isAuthenticated: true, email: 'm@example.com', role: 'member' }

/** Answers API calls from a table of path → [status, body], recording every call. */
function fakeApi(answers: Record<string, [number, unknown]>) {
  const calls: string[] = []
  const transport: ApiTransport = (path) => {
    calls.push(path)
    const [status, body] = answers[path] ?? [404, { message: 'Not found' }]
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    )
  }
  return { calls, transport }
}

async function load(path: string, session: TestSession, transport: ApiTransport) {
  const { sources } = testSources({ session })
  const queryClient = createQueryClient()
  const registry = new BlockRegistry({
    ...testBlocks,
    dashboard: pageBlock('dashboard-page', () => [apiQuery(accountApi)]),
    // The order rule of a checkout: its state decides the step; a failed state is left to the page.
    checkout: pageBlock(
      'checkout-page',
      () => [apiQuery(accountApi)],
      ({ path, pathTo, outcome }) => {
        const state = outcome(apiQuery(accountApi))
        if (!state || !('data' in state)) return undefined
        if (path === pathTo('checkout')) return pathTo('checkout-payment')
        return state.data.name === 'unpaid' ? undefined : '/'
      },
    ),
    office: pageBlock('office-page', ({ params, search }) => [
      requiredQuery(apiQuery(itemApi, { params: { id: params.officeId! }, query: { view: String(search.view) } })),
    ]),
  })
  const routes = createRoutes({
    manifest,
    site: testSite,
    registry,
    data: () => ({ queryClient, sources: { ...sources, transport }, previewVersion: () => undefined }),
  })
  const result = await createStaticHandler(routes).query(new Request(`http://localhost${path}`))
  return { result, queryClient }
}

const location = (result: unknown) =>
  result instanceof Response ? { status: result.status, location: result.headers.get('location') } : undefined

describe('member pages', () => {
  it('send a signed-out visitor to the sign-in page with the path to come back to, as a redirect', async () => {
    const { result } = await load('/dashboard?tab=receipts', { isAuthenticated: false }, fakeApi({}).transport)
    expect(location(result)).toEqual({ status: 302, location: '/member-login?redirect=%2Fdashboard%3Ftab%3Dreceipts' })
  })

  it('treat a signed-in content manager as a visitor', async () => {
    const { result } = await load(
      '/dashboard',
      { isAuthenticated: true, email: 'e@example.com', role: 'editor' },
      fakeApi({}).transport,
    )
    expect(location(result)?.location).toBe('/member-login?redirect=%2Fdashboard')
  })

  it('load their data before render, into the cache the browser receives', async () => {
    const api = fakeApi({ '/api/account': [200, { name: 'Jordan' }] })
    const { result, queryClient } = await load('/dashboard', member, api.transport)
    expect((result as StaticHandlerContext).statusCode).toBe(200)
    expect(api.calls).toEqual(['/api/account'])
    expect(queryClient.getQueryData(apiQueryKey(apiQuery(accountApi)))).toEqual({ name: 'Jordan' })
  })

  it('leave a failed query to its block (the page still renders), after one retry of the GET', async () => {
    const api = fakeApi({ '/api/account': [500, { message: 'Database unavailable' }] })
    const { result, queryClient } = await load('/dashboard', member, api.transport)
    expect((result as StaticHandlerContext).statusCode).toBe(200)
    expect(api.calls).toEqual(['/api/account', '/api/account'])
    expect(queryClient.getQueryState(apiQueryKey(apiQuery(accountApi)))?.error?.message).toBe('Database unavailable')
  })

  it('send the member to sign in again when the API says the session has ended', async () => {
    const { result } = await load(
      '/dashboard',
      member,
      fakeApi({ '/api/account': [401, { message: 'Sign in to continue' }] }).transport,
    )
    expect(location(result)?.location).toBe('/member-login?redirect=%2Fdashboard')
  })
})

describe('search parameters', () => {
  it('are parsed with the route schema and given to the page queries', async () => {
    const api = fakeApi({ '/api/items/7?view=map': [200, { id: 7, title: 'Seven' }] })
    const { result } = await load('/office/7?view=map', { isAuthenticated: false }, api.transport)
    expect((result as StaticHandlerContext).loaderData.office).toEqual({ title: 'Office', search: { view: 'map' } })
  })

  it('that are invalid get a 400 that names the parameter', async () => {
    const { result } = await load('/office/7?view=globe', { isAuthenticated: false }, fakeApi({}).transport)
    const context = result as StaticHandlerContext
    const error = Object.values(context.errors ?? {})[0]
    expect(context.statusCode).toBe(400)
    expect(isRouteErrorResponse(error) && (error.data as { message: string }).message).toMatch(
      /^This address has an invalid search parameter: view: /,
    )
  })

  it('make a page 404 when a required query answers 404', async () => {
    const { result } = await load('/office/8', { isAuthenticated: false }, fakeApi({}).transport)
    const context = result as StaticHandlerContext
    expect(context.statusCode).toBe(404)
    expect(isRouteErrorResponse(Object.values(context.errors ?? {})[0])).toBe(true)
  })
})

describe('pathTo', () => {
  const pathTo = createPathTo(
    testManifestSchema.parse({
      signInPage: 'member-login',
      routes: [
        { path: '/', page: 'home' },
        { path: '/member-login', page: 'member-login' },
        { path: '/office/:officeId', page: 'office', params: { officeId: 'positive-int' } },
        {
          path: '/checkout',
          page: 'checkout',
          children: [{ path: 'edit-member/:memberId', page: 'checkout-edit-member' }],
        },
      ],
    }),
  )

  it.each([
    [pathTo('home'), '/'],
    [pathTo('office', { officeId: 12 }), '/office/12'],
    [pathTo('checkout-edit-member', { memberId: 3 }), '/checkout/edit-member/3'],
    [pathTo('member-login', {}, { redirect: '/dashboard', empty: '' }), '/member-login?redirect=%2Fdashboard'],
    [pathTo.signInPath, '/member-login'],
  ])('%s is %s', (actual, expected) => {
    expect(actual).toBe(expected)
  })

  it('refuses a page without a route, and a missing parameter', () => {
    expect(() => pathTo('faq')).toThrow('No route shows the page "faq"')
    expect(() => pathTo('office')).toThrow('needs the parameter "officeId"')
  })
})

describe('a page guard', () => {
  it('redirects after the page’s queries ran, with the outcome of each (a 302 in the first answer)', async () => {
    const unpaid = fakeApi({ '/api/account': [200, { name: 'unpaid' }] })
    expect(location((await load('/checkout', member, unpaid.transport)).result)).toEqual({
      status: 302,
      location: '/checkout/payment',
    })
    // A parent's guard sees its child's path; the child renders.
    expect(
      ((await load('/checkout/payment', member, unpaid.transport)).result as StaticHandlerContext).statusCode,
    ).toBe(200)
    expect(unpaid.calls).toEqual(['/api/account', '/api/account'])
    const paid = fakeApi({ '/api/account': [200, { name: 'paid' }] })
    expect(location((await load('/checkout/payment', member, paid.transport)).result)).toEqual({
      status: 302,
      location: '/',
    })
  })

  it('leaves a failed query to the page: no redirect', async () => {
    const failing = fakeApi({ '/api/account': [404, { message: 'This checkout has expired. Start again.' }] })
    expect(((await load('/checkout', member, failing.transport)).result as StaticHandlerContext).statusCode).toBe(200)
  })
})
