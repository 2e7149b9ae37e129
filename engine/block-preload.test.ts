// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BLOCK_CHUNKS_PATH, firstPageCodeFetched, leaveFirstPage, type BlockChunks } from './block-code.ts'
import { preloadBlockCode, preloadFirstPage } from './block-preload.ts'

const chunk = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => `/assets/${name}-${index}.js`)
const LISTS: BlockChunks = {
  code: { faq: chunk('faq', 3), office: [...chunk('office', 20), '/assets/faq-0.js'] },
  lazy: { faq: chunk('faq-schema', 30) },
}
const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) =>
    link.getAttribute('href'),
  )
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('a block’s code fetched ahead, without running it', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('adds one link per chunk the blocks list, once each, whoever asks and however many ask at once', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url)
      return Promise.resolve(new Response(JSON.stringify(LISTS)))
    })
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/faq-1.js">'
    // A page's in-view links ask together, and the first page's idle preload beside them.
    const answers = await Promise.all([
      preloadBlockCode('build-1', ['faq']),
      preloadBlockCode('build-1', ['office']),
      preloadFirstPage('build-1', ['faq']),
    ])
    expect(answers).toEqual([true, true, true])
    expect(firstPageCodeFetched()).toBe(true)
    await settle()
    const expected = [...chunk('faq', 3), ...chunk('office', 20), ...chunk('faq-schema', 30)]
    expect(preloads().sort()).toEqual(expected.sort())
    // The build's lists were asked for once.
    expect(asked).toEqual([`${BLOCK_CHUNKS_PATH}/build-1.json`])
    // Asked again later: a new run adds what is new, nothing twice.
    await preloadBlockCode('build-1', ['office', 'faq'])
    await settle()
    expect(preloads()).toHaveLength(expected.length)
    for (const link of document.head.querySelectorAll<HTMLLinkElement>(
      'link[rel="modulepreload"]:not([href="/assets/faq-1.js"])',
    ))
      expect(link.crossOrigin).toBe('')
    leaveFirstPage()
    expect(firstPageCodeFetched()).toBe(false)
  })

  it('answers false without a list (the development server has no build): the caller imports instead', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('Not found', { status: 404 })))
    expect(await preloadBlockCode('dev', ['faq'])).toBe(false)
  })
})
