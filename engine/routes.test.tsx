import { createStaticHandler, isRouteErrorResponse, type StaticHandlerContext } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './engine-root.tsx'
import { previewVersionFromRequest } from './preview.ts'
import { BlockRegistry } from './registry.ts'
import { createRoutes } from './routes.tsx'
import { testBlocks, testContent, testManifest, testSite, testSources } from './test-helpers.tsx'

async function query(path: string, options: Parameters<typeof testSources>[0] = {}) {
  const { sources, calls } = testSources(options)
  const queryClient = createQueryClient()
  const routes = createRoutes({
    manifest: testManifest,
    site: testSite,
    registry: new BlockRegistry(testBlocks),
    data: () => ({ queryClient, sources, previewVersion: previewVersionFromRequest }),
  })
  const result = await createStaticHandler(routes).query(new Request(`http://localhost${path}`))
  return { result, calls }
}

function errorOf(context: StaticHandlerContext | Response) {
  if (context instanceof Response) throw new Error('Expected a rendered page, got a response')
  const errors: Record<string, unknown> = context.errors ?? {}
  const [error] = Object.values(errors)
  if (!isRouteErrorResponse(error)) throw new Error(`Expected a route error response, got ${String(error)}`)
  return { status: context.statusCode, data: error.data as unknown }
}

describe('route validation', () => {
  it.each(['/office/1', '/office/12', '/office/2147483647'])(
    '%s passes the positive whole number check',
    async (path) => {
      const { result } = await query(path)
      expect(result).not.toBeInstanceOf(Response)
      expect((result as StaticHandlerContext).statusCode).toBe(200)
    },
  )

  it.each(['/office/abc', '/office/0', '/office/-3', '/office/1.5', '/office/012', '/office/99999999999'])(
    '%s fails it: a fatal 404 "Page Not Found: {path}"',
    async (path) => {
      expect(errorOf((await query(path)).result)).toEqual({
        status: 404,
        data: { message: `Page Not Found: ${path}`, fatal: true },
      })
    },
  )

  it('an unmatched path is a non-fatal 404 "Page not found: {path}"', async () => {
    expect(errorOf((await query('/zz/yy')).result)).toEqual({
      status: 404,
      data: { message: 'Page not found: /zz/yy', fatal: false },
    })
  })

  it('a landing slug the content defines renders, with the title from content', async () => {
    const { result } = await query('/offer')
    const context = result as StaticHandlerContext
    expect(context.statusCode).toBe(200)
    expect(context.loaderData.landing).toEqual({ title: 'Big offer', search: {} })
  })

  it('a landing slug the content does not define is a fatal 404', async () => {
    expect(errorOf((await query('/other-offer')).result).data).toEqual({
      message: 'Page Not Found: /other-offer',
      fatal: true,
    })
  })

  it('sends a signed-in visitor from the login page to the dashboard', async () => {
    const { result } = await query('/member-login', {
      session: { isAuthenticated: true, email: 'a@b.c', role: 'member' },
    })
    expect(result).toBeInstanceOf(Response)
    expect((result as Response).status).toBe(302)
    expect((result as Response).headers.get('location')).toBe('/dashboard')
  })

  it('shows the login page to a signed-out visitor', async () => {
    const { result } = await query('/member-login')
    expect((result as StaticHandlerContext).loaderData['member-login']).toEqual({ title: 'Member Login', search: {} })
  })
})

describe('preview versions', () => {
  it('loads the version named in the query', async () => {
    const { result, calls } = await query('/?version=working')
    expect(calls).toContain('working')
    expect((result as StaticHandlerContext).loaderData.root).toEqual({ version: 'working' })
  })

  it('loads the version named in the preview cookie', async () => {
    const { sources, calls } = testSources()
    const data = { queryClient: createQueryClient(), sources, previewVersion: previewVersionFromRequest }
    const routes = createRoutes({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry(testBlocks),
      data: () => data,
    })
    await createStaticHandler(routes).query(
      new Request('http://localhost/', { headers: { cookie: 'a=1; preview=working' } }),
    )
    expect(calls).toContain('working')
  })

  it('falls back to the published content for a version that cannot be loaded, and says why', async () => {
    const { result, calls } = await query('/?version=v9')
    const context = result as StaticHandlerContext
    expect(context.statusCode).toBe(200)
    expect(calls).toContain(undefined)
    expect(context.loaderData.root).toEqual({
      previewError: 'Version “v9” could not be shown (Unknown content version v9). This is the published site.',
    })
  })

  it('ignores a version value that is not a version name', async () => {
    const { calls } = await query('/?version=%3Cscript%3E')
    expect(calls).toEqual([undefined])
    expect(testContent.layout.header).toBe('1_header')
  })
})

describe('who counts as a member: the site says', () => {
  it('keeps a content manager on the sign-in page (a visitor there) and sends a member on', async () => {
    const editor = await query('/member-login', { session: { isAuthenticated: true, email: 'e@b.c', role: 'editor' } })
    expect(editor.result).not.toBeInstanceOf(Response)
    const member = await query('/member-login', { session: { isAuthenticated: true, email: 'a@b.c', role: 'member' } })
    expect((member.result as Response).headers.get('location')).toBe('/dashboard')
  })

  it('refuses a manifest whose parameter rule the site does not check', () => {
    const data = () => ({
      queryClient: createQueryClient(),
      sources: testSources().sources,
      previewVersion: () => undefined,
    })
    expect(() =>
      createRoutes({
        manifest: testManifest,
        site: { ...testSite, params: {} },
        registry: new BlockRegistry(testBlocks),
        data,
      }),
    ).toThrow('The site’s manifest is invalid: the site defines no check for the path parameter rule "landing-slug"')
  })
})
