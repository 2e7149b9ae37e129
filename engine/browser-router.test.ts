// @vitest-environment jsdom
import { createElement } from 'react'
import { data, isRouteErrorResponse, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEngineRouter, type DataRouter } from './browser-router.ts'
import { readServerErrors } from './error-view.tsx'

const loads: string[] = []
let gate: Promise<void> | undefined

const routes: RouteObject[] = [
  {
    id: 'root',
    loader: () => ({ root: true }),
    errorElement: createElement('p', null, 'error'),
    children: [
      {
        id: 'pages',
        errorElement: createElement('p', null, 'error'),
        children: [
          { id: 'home', path: '/', loader: () => (loads.push('home'), 'home data') },
          {
            id: 'office',
            path: '/office/:officeId',
            loader: async ({ params, request }: LoaderFunctionArgs) => {
              loads.push(`office ${params.officeId}`)
              if (params.officeId === 'slow') await gate
              if (params.officeId === '0')
                throw data({ message: 'Page Not Found: /office/0', fatal: true }, { status: 404 })
              return `office ${params.officeId} ${new URL(request.url).search}`
            },
          },
          {
            id: 'dashboard',
            path: '/dashboard',
            loader: () => {
              loads.push('dashboard')
              throw redirect('/member-login?redirect=%2Fdashboard')
            },
          },
          { id: 'member-login', path: '/member-login', loader: () => (loads.push('member-login'), 'sign in') },
        ],
      },
    ],
  },
]

let router: DataRouter

beforeEach(() => {
  loads.length = 0
  window.history.replaceState(null, '', '/')
  router = createEngineRouter(routes, {
    loaderData: { root: { root: true }, home: 'home data' },
    errors: null,
  }).initialize()
})

afterEach(() => {
  router.dispose()
})

describe('the browser router', () => {
  it('starts from the server’s data without running a loader', () => {
    expect(loads).toEqual([])
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.loaderData).toEqual({ root: { root: true }, home: 'home data' })
    expect(router.state.matches.map((match) => match.route.id)).toEqual(['root', 'pages', 'home'])
  })

  it('runs the loaders of the page it opens, then shows it and adds a history entry', async () => {
    const seen: string[] = []
    router.subscribe((state) => seen.push(`${state.navigation.state} ${state.location.pathname}`))
    const before = window.history.length
    await router.navigate('/office/12?plan=1')
    expect(loads).toEqual(['office 12'])
    expect(router.state.location).toMatchObject({ pathname: '/office/12', search: '?plan=1' })
    expect(router.state.loaderData.office).toBe('office 12 ?plan=1')
    expect(router.state.historyAction).toBe('PUSH')
    expect(window.location.pathname).toBe('/office/12')
    expect(window.history.length).toBe(before + 1)
    // While it loads, the page is the one the visitor is on.
    expect(seen).toEqual(['loading /', 'idle /office/12'])
  })

  it('follows a redirect a loader throws, in the entry the navigation adds', async () => {
    const before = window.history.length
    await router.navigate('/dashboard')
    expect(loads).toEqual(['dashboard', 'member-login'])
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/member-login?redirect=%2Fdashboard',
    )
    expect(window.location.pathname).toBe('/member-login')
    expect(window.history.length).toBe(before + 1)
  })

  it('gives a loader’s error to the nearest route with an error element, as an error response', async () => {
    await router.navigate('/office/0')
    const error: unknown = router.state.errors?.pages
    expect(isRouteErrorResponse(error)).toBe(true)
    expect(error).toMatchObject({ status: 404, data: { message: 'Page Not Found: /office/0', fatal: true } })
    expect(router.state.loaderData.root).toEqual({ root: true })
    expect(window.location.pathname).toBe('/office/0')
  })

  it('drops a navigation that a newer one overtook', async () => {
    let open = () => {}
    gate = new Promise((resolve) => (open = resolve))
    const slow = router.navigate('/office/slow')
    await router.navigate('/office/7')
    open()
    await slow
    expect(router.state.location.pathname).toBe('/office/7')
    expect(window.location.pathname).toBe('/office/7')
  })

  it('opens the address the visitor is on again in place: its loaders run, no entry is added', async () => {
    const before = window.history.length
    await router.navigate('/')
    expect(loads).toEqual(['home'])
    expect(router.state.historyAction).toBe('REPLACE')
    expect(window.history.length).toBe(before)
  })

  it('moves to a part of the same page without loading it again', async () => {
    await router.navigate('/#plans')
    expect(loads).toEqual([])
    expect(router.state.location.hash).toBe('#plans')
    expect(window.location.hash).toBe('#plans')
  })

  it('opens the entry back goes to with its loaders and the scroll position it had', async () => {
    const positions: Record<string, number> = {}
    let y = 640
    router.enableScrollRestoration(positions, () => y, undefined)
    await router.navigate('/office/12')
    y = 0
    const back = new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.navigation.state === 'idle' && state.location.pathname === '/') {
          stop()
          resolve()
        }
      })
    })
    window.history.back()
    await back
    expect(loads).toEqual(['office 12', 'home'])
    expect(router.state.historyAction).toBe('POP')
    expect(router.state.restoreScrollPosition).toBe(640)
  })

  it('reads the server’s errors from the page: an error response stays one', () => {
    router.dispose()
    window.history.replaceState(null, '', '/office/0')
    const serialised = {
      pages: {
        status: 404,
        statusText: 'Not Found',
        data: { message: 'Page Not Found: /office/0' },
        internal: false,
        __type: 'RouteErrorResponse',
      },
    }
    router = createEngineRouter(routes, {
      loaderData: { root: { root: true } },
      errors: readServerErrors(serialised),
    }).initialize()
    expect(isRouteErrorResponse(router.state.errors?.pages)).toBe(true)
    expect(router.state.errors?.pages).toMatchObject({ status: 404, data: { message: 'Page Not Found: /office/0' } })
  })

  it('reloads the page for a redirect to another site', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      href: 'http://localhost:3000/',
      origin: 'http://localhost:3000',
      assign,
    } as unknown as Location)
    router.dispose()
    router = createEngineRouter(
      [{ id: 'root', path: '/away', loader: () => redirect('https://pay.example/checkout') }],
      { loaderData: {}, errors: null },
    ).initialize()
    await router.navigate('/away')
    expect(assign).toHaveBeenCalledWith('https://pay.example/checkout')
    vi.restoreAllMocks()
  })

  it('under a locale’s basename, matches below it and keeps it in every navigation, redirect and back', async () => {
    router.dispose()
    window.history.replaceState(null, '', '/es/office/7')
    router = createEngineRouter(
      routes,
      { loaderData: { root: { root: true }, office: 'office 7 ' }, errors: null },
      '/es',
    )
    router.initialize()
    expect(router.basename).toBe('/es')
    expect(router.state.matches.map((match) => match.route.id)).toEqual(['root', 'pages', 'office'])
    // A site path (a link's `to`) opens in Spanish.
    await router.navigate('/office/12?plan=1')
    expect(router.state.location).toMatchObject({ pathname: '/es/office/12', search: '?plan=1' })
    expect(window.location.pathname).toBe('/es/office/12')
    expect(router.state.loaderData.office).toBe('office 12 ?plan=1')
    // A relative path resolves against the page's site path.
    await router.navigate('../13')
    expect(window.location.pathname).toBe('/es/office/13')
    // A loader's redirect names a site path: it opens in Spanish too.
    await router.navigate('/dashboard')
    expect(loads).toContain('member-login')
    expect(`${window.location.pathname}${window.location.search}`).toBe('/es/member-login?redirect=%2Fdashboard')
    // The home page is the prefix alone.
    await router.navigate('/')
    expect(window.location.pathname).toBe('/es')
    expect(router.state.matches.at(-1)?.route.id).toBe('home')
    window.history.back()
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/es/member-login'))
  })
})
