import { readFileSync } from 'node:fs'
import { JSDOM } from 'jsdom'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { ALLOWED_URI, isProtocolRelative, RICH_TEXT_CONFIG, sanitizeHtmlFields } from './sanitize.ts'
import { serverSanitize as sanitize } from './server/purify.ts'

const corpus = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../tests/corpus', file), 'utf8'))

const ALLOWED_TAGS = new Set(RICH_TEXT_CONFIG.ALLOWED_TAGS.map((tag) => tag.toUpperCase()))
const ALLOWED_ATTRIBUTES = new Set<string>(RICH_TEXT_CONFIG.ALLOWED_ATTR)

/**
 * Nothing that can run: parsed as a browser parses it, the output holds only allowed elements
 * and attributes, and no address outside the allowlist.
 */
const { document } = new JSDOM('<!doctype html><body>').window
const parse = (html: string) => {
  const body = document.createElement('body')
  body.innerHTML = html
  return body
}

function expectInert(html: string) {
  for (const element of parse(html).querySelectorAll('*')) {
    expect(ALLOWED_TAGS.has(element.tagName), `element <${element.tagName.toLowerCase()}> in ${html}`).toBe(true)
    for (const attribute of element.attributes) {
      // DOMPurify cannot remove an `is` attribute, only empty it (documented); empty, it does nothing.
      if (attribute.name === 'is' && attribute.value === '') continue
      expect(ALLOWED_ATTRIBUTES.has(attribute.name), `attribute ${attribute.name} in ${html}`).toBe(true)
      if ((attribute.name === 'href' || attribute.name === 'src') && attribute.value !== '') {
        expect(attribute.value, `address in ${html}`).toMatch(ALLOWED_URI)
        expect(attribute.value).not.toMatch(/^\s*data:(?!image\/)/i)
      }
    }
  }
}

describe('rich text sanitiser: allowed addresses', () => {
  it.each([
    ['http://example.com/a'],
    ['https://example.com/a?b=c#d'],
    ['mailto:help@example.com'],
    ['tel:8005550142'],
    ['ftp://files.example.com/plan.pdf'],
    ['/faq'],
    ['faq/plans'],
    ['../terms'],
    ['#plans'],
    ['?zip=90210'],
  ])('keeps the link %s', (href) => {
    expect(sanitize(`<a href="${href}">x</a>`)).toBe(`<a href="${href.replace(/&/g, '&amp;')}">x</a>`)
  })

  it('keeps data:image addresses on images', () => {
    const src = 'data:image/png;base64,iVBORw0KGgo='
    expect(sanitize(`<img src="${src}" alt="dot">`)).toBe(`<img src="${src}" alt="dot">`)
  })

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    [' javascript:alert(1)'],
    ['java&#x09;script:alert(1)'],
    ['&#106;avascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['livescript:x'],
    ['file:///etc/passwd'],
  ])('strips the address %s', (href) => {
    const link = sanitize(`<a href="${href}">x</a>`)
    expect(link).toBe('<a>x</a>')
    const image = sanitize(`<img src="${href}">`)
    expect(image).toBe('<img>')
  })
})

describe('rich text sanitiser: hostile markup', () => {
  it.each([
    ['<script>alert(1)</script><p>text</p>', '<p>text</p>'],
    ['<p onclick="alert(1)">text</p>', '<p>text</p>'],
    ['<img src="/a.png" onerror="alert(1)">', '<img src="/a.png">'],
    ['<svg onload="alert(1)"><circle r="1"/></svg>ok', 'ok'],
    ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<form action="javascript:alert(1)"><input></form>', ''],
    ['<a href="/faq" style="position:fixed">x</a>', '<a href="/faq">x</a>'],
    ['<p data-x="1" aria-label="y" class="z">x</p>', '<p>x</p>'],
  ])('%s → %s', (input, output) => {
    expect(sanitize(input)).toBe(output)
  })

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    expect(sanitize('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('keeps the formatting content managers use', () => {
    const html = '<p><strong>Save</strong> <em>50%</em> <a href="/join-now">today</a></p><ul><li>one</li></ul>'
    expect(sanitize(html)).toBe(html)
  })
})

describe("DOMPurify's own 223 cases (tests/corpus/dompurify-expect.json)", () => {
  const cases = corpus('dompurify-expect.json') as { title?: string; payload: string; expected: string | string[] }[]

  it('has the whole corpus', () => {
    expect(cases).toHaveLength(223)
  })

  it.each(cases.map((entry, index) => [index, entry.title ?? entry.payload.slice(0, 60), entry.payload] as const))(
    'case %i (%s) comes out inert',
    (_index, _title, payload) => {
      expectInert(sanitize(payload))
    },
  )
})

describe('the big list of naughty strings (tests/corpus/blns.json)', () => {
  const strings = corpus('blns.json') as string[]

  it('sanitises every string without failing, and leaves nothing active', () => {
    expect(strings.length).toBeGreaterThan(500)
    for (const value of strings) expectInert(sanitize(value))
  })

  it('keeps text without markup as text', () => {
    for (const value of strings.filter((text) => !/[<>&]/.test(text))) {
      expect(parse(sanitize(value)).textContent).toBe(value)
    }
  })
})

describe('content links', () => {
  it.each([
    ['//evil.example/claim'],
    ['/\\evil.example/claim'],
    ['\\\\evil.example'],
    ['\\/evil.example'],
    [' //evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
  ])('refuses the protocol-relative link %j (another site, in the same tab)', (href) => {
    expect(isProtocolRelative(href)).toBe(true)
    expect(sanitize(`<a href="${href}">x</a>`)).toBe('<a>x</a>')
  })

  it('keeps site paths, anchors and full addresses', () => {
    for (const href of ['/faq', '/faq/plans', '#top', 'https://evil.example', 'faq'])
      expect(isProtocolRelative(href)).toBe(false)
  })

  it('allows data: only as an image source', () => {
    const image = 'data:image/png;base64,iVBORw0KGgo='
    expect(sanitize(`<a href="${image}">x</a>`)).toBe('<a>x</a>')
    expect(sanitize(`<a href=" data:image/svg+xml,<svg onload=alert(1)>">x</a>`)).toBe('<a>x</a>')
    expect(sanitize(`<img src="${image}" alt="dot">`)).toBe(`<img src="${image}" alt="dot">`)
    expect(sanitize('<img src="data:text/html,<b>x</b>" alt="x">')).toBe('<img alt="x">')
  })
})

describe('sanitising the HTML fields of content, found by its schema', () => {
  const html = (description: string) =>
    z.optional(z.string()).check(z.meta({ contentMediaType: 'text/html', description }))
  const hero = z.object({ block: z.literal('hero'), props: z.object({ title: z.string(), text: html('Text') }) })
  const quote = z.object({ block: z.literal('quote'), props: z.object({ text: z.string() }) })
  const schema = z.toJSONSchema(
    z.object({
      banner: z.nullable(html('Banner')),
      note: z.string(),
      sections: z.array(z.discriminatedUnion('block', [hero, quote])),
      pages: z.record(z.string(), z.object({ intro: html('Intro'), tags: z.array(z.string()) })),
    }),
    { io: 'input', target: 'draft-2020-12' },
  ) as Record<string, unknown>
  // zod writes a discriminated union as oneOf without the keyword; the site's schema names it (engine/content-schema.ts).
  const sections = (schema.properties as Record<string, { items: Record<string, unknown> }>).sections!.items
  sections.discriminator = { propertyName: 'block' }
  const hostile = '<img src=x onerror=alert(1)>Hi'

  it('cleans every field the schema marks as HTML, at any depth, and leaves other text as it was', () => {
    const content = {
      banner: hostile,
      note: hostile,
      sections: [
        { block: 'hero', props: { title: hostile, text: hostile } },
        { block: 'quote', props: { text: hostile } },
      ],
      pages: { faq: { intro: hostile, tags: [hostile] } },
    }
    expect(sanitizeHtmlFields(schema, content, sanitize)).toEqual({
      banner: '<img src="x">Hi',
      note: hostile,
      sections: [
        { block: 'hero', props: { title: hostile, text: '<img src="x">Hi' } },
        { block: 'quote', props: { text: hostile } },
      ],
      pages: { faq: { intro: '<img src="x">Hi', tags: [hostile] } },
    })
    expect(content.banner).toBe(hostile)
  })

  it('gives back the very same object when nothing needed cleaning (its identity is what caches key on)', () => {
    const content = {
      banner: '<p>Hello</p>',
      note: 'x',
      sections: [{ block: 'hero', props: { title: 'T', text: '<b>b</b>' } }],
      pages: {},
    }
    expect(sanitizeHtmlFields(schema, content, sanitize)).toBe(content)
  })

  it('follows a local $ref', () => {
    const withRef = {
      $defs: { rich: { type: 'string', contentMediaType: 'text/html' } },
      type: 'object',
      properties: { body: { $ref: '#/$defs/rich' } },
    }
    expect(sanitizeHtmlFields(withRef, { body: hostile }, sanitize)).toEqual({ body: '<img src="x">Hi' })
  })
})

describe('the sanitiser cache', () => {
  it('gives the same answer from its cache, and forgets the oldest text when full', async () => {
    const { SANITIZE_CACHE_SIZE } = await import('./sanitize.ts')
    const { createSanitizer } = await import('./purify.ts')
    const fresh = createSanitizer(new JSDOM('').window)
    const hostile = '<b onclick="x()">bold</b>'
    expect(fresh(hostile)).toBe('<b>bold</b>')
    expect(fresh(hostile)).toBe('<b>bold</b>')
    for (let index = 0; index <= SANITIZE_CACHE_SIZE; index += 1) fresh(`<i>${index}</i>`)
    expect(fresh(hostile)).toBe('<b>bold</b>')
  })
})
