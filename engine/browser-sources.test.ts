// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { minimalContent } from '#schemas/cms.fixtures.ts'
import { browserSources } from './browser-sources.ts'

afterEach(() => vi.unstubAllGlobals())

describe('the browser’s content source', () => {
  it('fetches a preview version from the content API and parses it (its HTML sanitised by the server: server/content/content-html.test.ts)', async () => {
    const served = {
      ...minimalContent,
      header: { variables: { showHeaderBanner: 'true', headerBannerText: 'Sale <a href="/join-now">now</a>' } },
    }
    const fetch = vi.fn((_input: RequestInfo | URL) =>
      Promise.resolve(new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } })),
    )
    vi.stubGlobal('fetch', fetch)
    const content = await browserSources.content('working')
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/cms?version=working'), expect.anything())
    expect(content.header.variables).toMatchObject({
      showHeaderBanner: true,
      headerBannerText: 'Sale <a href="/join-now">now</a>',
    })
  })
})
