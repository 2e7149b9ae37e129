import { describe, expect, it } from 'vitest'
import { createPathTo } from '#engine'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { minimalContent } from '#schemas/cms.fixtures.ts'
import { manifest } from '#site-config/manifest.ts'
import { selectHeaderProps } from './header-block.ts'

describe('the header’s props', () => {
  it('are the same values request after request for the same content, so the header’s props are checked once', () => {
    const content = parseCmsContent(minimalContent)
    const context = {
      content,
      session: { isAuthenticated: false },
      config: { siteSlug: 'demo' },
      locale: 'en',
      pathname: '/',
      search: new URLSearchParams(),
      query: {},
      pathTo: createPathTo(manifest),
      params: {},
      pageClass: 'page',
    } as unknown as Parameters<typeof selectHeaderProps>[0]
    const first = selectHeaderProps(context)
    const next = selectHeaderProps({ ...context, search: new URLSearchParams() })
    expect(first.paths).toEqual({ home: '/', memberLogin: '/member-login', findDentist: '/find-a-dentist' })
    for (const key of Object.keys(first) as (keyof typeof first)[]) expect(next[key], key).toBe(first[key])
  })
})
