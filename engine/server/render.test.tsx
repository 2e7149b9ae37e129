import { use } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { defineBlock } from '../block.ts'
import { BlockRegistry } from '../registry.ts'
import { failingBlock, testBlocks, testConfig, testManifest, testSite, testSources } from '../test-helpers.tsx'
import { createServerRenderer } from './render.tsx'
import { renderDocument, RENDER_AFTER_HEADER } from './document.ts'
import { ENGINE_STATE_ID, pageState, readEngineState, type EngineState } from '../engine-state.ts'
import { engineStateSchema } from '../engine-state-schema.ts'

const browser = { isBot: false, config: testConfig }
const renderPath = (path: string, registry = new BlockRegistry(testBlocks), isBot = false) =>
  createServerRenderer({
    manifest: testManifest,
    site: testSite,
    registry,
    mode: 'production',
    onError: () => undefined,
  })({
    ...browser,
    isBot,
    request: new Request(`http://localhost${path}`),
    sources: testSources().sources,
  })

/** The office page's document, with the nonce `n0nce`. */
const officeDocument = (html: string, state: EngineState, modulePreloads: string[]) =>
  renderDocument('<head><!--app-head--></head><div id="root"><!--app-html--></div><!--app-state-->', {
    title: 'Office',
    favicon: undefined,
    csrfToken: 'token',
    nonce: 'n0nce',
    html,
    state,
    modulePreloads,
    stylesheets: [],
  })

describe('server rendering', () => {
  it('renders header, page and footer to HTML, with the composed title and the blocks to preload', async () => {
    const result = await renderPath('/office/12')
    if (result.kind !== 'page') throw new Error(`Expected a page, got ${result.kind}`)
    expect(result.status).toBe(200)
    expect(result.title).toBe('Office | Test Site')
    expect(result.html).toContain(
      '<div data-block="1_header" class="contents"><!--$--><p data-testid="header">Header of Test Site</p>',
    )
    expect(result.html).toContain('<div class="page" data-page="office"><div data-block="office" class="contents">')
    expect(result.html).toContain('<p data-testid="footer">Footer</p>')
    expect(result.state.blocks.sort()).toEqual(['1_footer', '1_header', 'office'])
    expect(result.blockNames.sort()).toEqual(['footer', 'header', 'office-page'])
  })

  it('puts the content and the session in the dehydrated cache, so the browser does not fetch them again', async () => {
    const result = await renderPath('/')
    if (result.kind !== 'page') throw new Error('Expected a page')
    expect(result.state.dehydrated.queries.map((query) => query.queryKey[0]).sort()).toEqual(['auth', 'cms'])
  })

  it('sanitises a content object once: the next request renders with the same sanitised content (so blocks’ props are not checked again)', async () => {
    const render = createServerRenderer({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry(testBlocks),
      mode: 'production',
      onError: () => undefined,
    })
    const { sources } = testSources()
    const contentOf = async () => {
      const result = await render({ ...browser, request: new Request('http://localhost/office/12'), sources })
      if (result.kind !== 'page') throw new Error('Expected a page')
      return result.state.dehydrated.queries.find((query) => query.queryKey[0] === 'cms')?.state.data
    }
    const first = await contentOf()
    expect(first).toBeDefined()
    expect(await contentOf()).toBe(first)
  })

  it('writes a state that its schema accepts as the page carries it (JSON), and that the browser reads', async () => {
    const result = await renderPath('/office/12')
    if (result.kind !== 'page') throw new Error('Expected a page')
    const carried: unknown = JSON.parse(JSON.stringify(result.state))
    expect(engineStateSchema.safeParse(carried).success).toBe(true)
    expect(readEngineState(carried)).toEqual(carried)
  })

  it('writes the state as JSON data, not code, that a hostile text cannot leave, and the browser reads it back', async () => {
    const result = await renderPath('/office/12')
    if (result.kind !== 'page') throw new Error('Expected a page')
    const hostile = '</script><script>alert(1)</script><!-- \u2028'
    const state = { ...result.state, texts: { hostile } }
    const html = officeDocument(result.html, state, [])
    const written = /<script type="application\/json" id="__ENGINE_STATE__" nonce="n0nce">([^<]*)<\/script>/.exec(html)
    expect(written).not.toBeNull()
    expect(html).not.toContain('window.__ENGINE_STATE__')
    expect(html).not.toContain(hostile)
    // What the browser's parser gives the engine: the element's text, read as the engine reads it.
    const text = written![1]
    const read = pageState({
      getElementById: (id: string) => (id === ENGINE_STATE_ID ? { textContent: text } : null),
    } as Document)
    expect(readEngineState(read)).toEqual(JSON.parse(JSON.stringify(state)))
    expect(pageState({ getElementById: () => ({ textContent: '{not json' }) } as unknown as Document)).toBeUndefined()
  })

  it('refuses to hydrate a page whose state is missing or not the server’s, and says where it looked', () => {
    const message =
      'The page has no engine state to hydrate from: the JSON of #__ENGINE_STATE__ is missing or is not the server’s state'
    expect(() => readEngineState(undefined)).toThrow(message)
    expect(() => readEngineState({ dehydrated: { queries: [] }, blocks: [1], config: { buildId: 'b' } })).toThrow(
      message,
    )
    expect(() => readEngineState({ dehydrated: { queries: [] }, blocks: [], config: {} })).toThrow(message)
  })

  it('renders a page without a registered block with the fallback, inside the chrome', async () => {
    const result = await renderPath('/faq')
    if (result.kind !== 'page') throw new Error('Expected a page')
    expect(result.status).toBe(200)
    expect(result.html).toContain('data-block-error="faq"')
    expect(result.html).toContain('Header of Test Site')
  })

  it('keeps rendering the page when a block throws on the server', async () => {
    const onError = vi.fn()
    const render = createServerRenderer({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry({ ...testBlocks, home: failingBlock }),
      mode: 'production',
      onError,
    })
    const result = await render({
      ...browser,
      request: new Request('http://localhost/'),
      sources: testSources().sources,
    })
    if (result.kind !== 'page') throw new Error('Expected a page')
    expect(result.status).toBe(200)
    expect(result.html).toContain('Header of Test Site')
    expect(result.html).toContain('<p data-testid="footer">Footer</p>')
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The failing block failed' }),
      expect.anything(),
    )
  })

  it('waits for a block that suspends while it renders: the first HTML has its content, not a fallback', async () => {
    let arrive: (text: string) => void = () => undefined
    const text = new Promise<string>((resolve) => {
      arrive = resolve
    })
    const waiting = defineBlock({
      name: 'waiting',
      title: 'Waiting',
      schema: z.object({}),
      select: () => ({}),
      load: () =>
        Promise.resolve({
          default: function Waiting() {
            return <p data-testid="late">{use(text)}</p>
          },
        }),
    })
    setTimeout(() => arrive('Arrived after the first pass'), 20)
    const result = await renderPath('/', new BlockRegistry({ ...testBlocks, home: waiting }))
    if (result.kind !== 'page') throw new Error('Expected a page')
    expect(result.html).toContain('<p data-testid="late">Arrived after the first pass</p>')
    expect(result.html).not.toContain('<!--$!')
    expect(result.html).toContain('<p data-testid="footer">Footer</p>')
    expect(result.state.blocks.sort()).toEqual(['1_footer', '1_header', 'home'])
  })

  it('answers 404 pages with the error view and title', async () => {
    const result = await renderPath('/zz/yy')
    if (result.kind !== 'page') throw new Error('Expected a page')
    expect(result.status).toBe(404)
    expect(result.title).toBe('Page Not Found | Test Site')
    expect(result.html).toContain('Page not found: /zz/yy')
  })

  it('gives a bot the status of an error without the error view', async () => {
    expect(await renderPath('/zz/yy', undefined, true)).toEqual({ kind: 'status', status: 404 })
  })

  it('shows the error page with "Internal Server Error" when the content cannot be loaded', async () => {
    const render = createServerRenderer({
      manifest: testManifest,
      site: testSite,
      registry: new BlockRegistry(testBlocks),
      mode: 'production',
      onError: () => undefined,
    })
    const result = await render({
      ...browser,
      request: new Request('http://localhost/'),
      sources: {
        content: () => Promise.reject(new Error('Content service unavailable')),
        session: () => Promise.resolve({ isAuthenticated: false }),
      },
    })
    if (result.kind !== 'page') throw new Error('Expected a page')
    expect(result.status).toBe(500)
    expect(result.title).toBe('Internal Server Error')
    expect(result.html).toContain('Content service unavailable')
  })

  it('holds the first paint until the page’s main part has arrived, which the rendered page has right after its header', async () => {
    const result = await renderPath('/office/12')
    if (result.kind !== 'page') throw new Error('Expected a page')
    const html = officeDocument(result.html, result.state, ['/assets/engine.js'])
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain(RENDER_AFTER_HEADER)
    expect(RENDER_AFTER_HEADER).toBe('<link rel="expect" href="#main" blocking="render">')
    // The element it waits for comes right after the header's block.
    expect(result.html.indexOf('<main id="main"')).toBeGreaterThan(result.html.indexOf('data-block="1_header"'))
    expect(result.html.indexOf('<main id="main"')).toBeLessThan(result.html.indexOf('data-block="office"'))
  })

  it('sends a nonce placeholder typed into content as typed: only the engine’s and the template’s tags carry the response’s nonce', async () => {
    const typed = 'Our page says nonce="csp-nonce-placeholder" here.'
    const block = defineBlock({
      name: 'typed',
      title: 'Typed',
      schema: z.object({}),
      select: () => ({}),
      load: () =>
        Promise.resolve({
          default: () => <div dangerouslySetInnerHTML={{ __html: `<p nonce="csp-nonce-placeholder">${typed}</p>` }} />,
        }),
    })
    const result = await renderPath('/', new BlockRegistry({ ...testBlocks, home: block }))
    if (result.kind !== 'page') throw new Error('Expected a page')
    const template =
      '<head><script type="module" nonce="csp-nonce-placeholder" src="/assets/main.js"></script><!--app-head--></head>' +
      '<div id="root"><!--app-html--></div><!--app-state-->'
    const html = renderDocument(template, {
      title: 'Home',
      favicon: undefined,
      csrfToken: 'token',
      nonce: 'n0nce',
      html: result.html,
      state: result.state,
      modulePreloads: [],
      stylesheets: [],
    })
    expect(html).toContain(`<p nonce="csp-nonce-placeholder">${typed}</p>`)
    // The nonce is in the engine's own tags only (the template's module, the router's and the state's scripts).
    expect(html.replace(/<script\b[^>]*>/g, '')).not.toContain('n0nce')
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" nonce="n0nce" src="/assets/main.js">',
      '<script nonce="n0nce">',
      '<script type="application/json" id="__ENGINE_STATE__" nonce="n0nce">',
    ])
  })

  it('escapes content in the document: no script can be injected through the title or the state', async () => {
    const hostile = '</script><script>alert(1)</script>'
    const block = defineBlock({
      name: 'hostile',
      title: 'Hostile',
      schema: z.object({}),
      select: () => ({}),
      load: () => Promise.resolve({ default: () => <p>{hostile}</p> }),
    })
    const result = await renderPath('/', new BlockRegistry({ ...testBlocks, home: block }))
    if (result.kind !== 'page') throw new Error('Expected a page')
    const html = renderDocument('<head><!--app-head--></head><div id="root"><!--app-html--></div><!--app-state-->', {
      title: hostile,
      favicon: '"><script>x</script>',
      csrfToken: 'token',
      nonce: 'n0nce',
      html: result.html,
      state: { ...result.state, blocks: [hostile] },
      modulePreloads: [],
      stylesheets: [],
    })
    // Only the router's and the engine's own scripts, each with this response's nonce: the hostile text never closes a tag.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script nonce="n0nce">',
      '<script type="application/json" id="__ENGINE_STATE__" nonce="n0nce">',
    ])
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<script>x</script>')
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>')
    expect(html).toContain('\\u003c/script\\u003e')
  })
})
