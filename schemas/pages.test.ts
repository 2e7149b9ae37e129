import { describe, expect, it } from 'vitest'
import { siteManifestSchema } from './pages.ts'

describe('the dental site’s manifest schema', () => {
  it('takes only the site’s page identifiers', () => {
    expect(siteManifestSchema.safeParse({ routes: [{ path: '/faq', page: 'faq' }] }).success).toBe(true)
    const result = siteManifestSchema.safeParse({ routes: [{ path: '/x', page: 'nope' }] })
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      expect.stringContaining('routes.0.page: Invalid option'),
    ])
  })
})
