// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { minimalContent } from '#schemas/cms.fixtures.ts'
import { browserSources } from './browser-sources.ts'

afterEach(() => vi.unstubAllGlobals())

describe('the browser’s content source', () => {
  it('sanitises the rich text of content it fetches (a preview version), loading DOMPurify for it', async () => {
    const hostile = { ...minimalContent, header: { variables: { showHeaderBanner: true, headerBannerText: 'Sale <a href="javascript:alert(1)">now</a><img src=x onerror="alert(2)"><script>alert(3)</script>' } } }
    const fetch = vi.fn((_input: RequestInfo | URL) => Promise.resolve(new Response(JSON.stringify(hostile), { headers: { 'content-type': 'application/json' } })))
    vi.stubGlobal('fetch', fetch)
    const content = await browserSources.content('working')
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/cms?version=working'), expect.anything())
    expect(content.header.variables.headerBannerText).toBe('Sale <a>now</a><img src="x">')
  })
})
