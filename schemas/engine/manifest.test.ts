import { describe, expect, it } from 'vitest'
import { manifestSchema } from './manifest.ts'

const messages = (input: unknown) => {
  const result = manifestSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the route manifest schema', () => {
  it('accepts nested routes with parameter checks, and sets nothing (the manifest as written is the parsed one)', () => {
    const manifest = manifestSchema.parse({
      routes: [
        { path: '/', page: 'home', title: 'Home' },
        {
          path: '/checkout',
          page: 'checkout',
          children: [
            { path: 'edit-member/:memberId', page: 'checkout-edit-member', params: { memberId: 'positive-int' } },
          ],
        },
        { path: ':landing', page: 'landing', class: 'landing', params: { landing: 'landing-slug' } },
      ],
    })
    // The parsed manifest is the manifest as written: the browser uses it without parsing.
    expect(manifest.routes[0]).toEqual({ path: '/', page: 'home', title: 'Home' })
    expect(manifest.routes[1]?.children?.[0]?.params).toEqual({ memberId: 'positive-int' })
  })

  it.each([
    ['no routes', { routes: [] }, 'routes: A manifest needs at least one route'],
    ['an empty page identifier', { routes: [{ path: '/x', page: '' }] }, 'routes.0.page: Too small'],
    [
      'a check on a parameter the path lacks',
      { routes: [{ path: '/office', page: 'office', params: { officeId: 'positive-int' } }] },
      'routes.0.params.officeId: Checks parameter "officeId" that the path does not have',
    ],
    [
      'a check that is not a rule name',
      { routes: [{ path: '/office/:id', page: 'office', params: { id: 'Positive Int' } }] },
      'routes.0.params.id: Must be a rule name such as positive-int',
    ],
    [
      'a duplicate path',
      {
        routes: [
          { path: '/faq', page: 'faq' },
          { path: '/faq', page: 'terms' },
        ],
      },
      'routes.1.path: Duplicate path /faq (also route 0)',
    ],
    [
      'a relative top-level path',
      { routes: [{ path: 'faq', page: 'faq' }] },
      'routes.0.path: A top-level path starts with / or is a single parameter',
    ],
    [
      'a route with neither path nor index',
      { routes: [{ page: 'faq' }] },
      'routes.0.path: A route needs a path or index: true',
    ],
    [
      'a malformed path',
      { routes: [{ path: '/FAQ page', page: 'faq' }] },
      'routes.0.path: Must be a path such as /faq',
    ],
    [
      'a redirect that is not a path',
      { routes: [{ path: '/member-login', page: 'member-login', redirectWhenSignedIn: 'dashboard' }] },
      'routes.0.redirectWhenSignedIn',
    ],
  ])('rejects %s', (_name, input, expected) => {
    expect(messages(input).join('\n')).toContain(expected)
  })
})
