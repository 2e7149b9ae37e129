import { describe, expect, it } from 'vitest'
import { createServerRenderer } from '#engine/server'
import type { Manifest } from '#schemas/engine/manifest.ts'
import { siteManifestSchema, type PageId } from '#schemas/pages.ts'
import { manifest } from '#site-config/manifest.ts'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'

describe('the site’s manifest', () => {
  it('is valid as it is written, which is how the browser uses it (without zod)', () => {
    expect(siteManifestSchema.parse(manifest)).toEqual(manifest)
  })

  it('is checked when the server starts: an invalid one stops it with the schema’s message', () => {
    const broken = {
      routes: [{ path: '/office', page: 'office', params: { officeId: 'positive-int' } }],
    } as Manifest<PageId>
    expect(() => createServerRenderer({ manifest: broken, registry, site })).toThrow(
      'The site’s manifest is invalid: Validation error: Checks parameter "officeId" that the path does not have at "routes[0].params.officeId"',
    )
  })

  it('loads each route’s search schema with the route (a loader, not a schema in the page’s start)', async () => {
    const find = manifest.routes.find((route) => route.page === 'find-a-dentist')
    expect(typeof find?.search).toBe('function')
    const schema = typeof find?.search === 'function' ? await find.search() : undefined
    expect(schema?.parse({ zip: '90210', radius: 'x'.repeat(201) })).toEqual({ zip: '90210', radius: undefined })
  })
})
