import { describe, expect, it, vi } from 'vitest'
import { cmsContentSchema } from './cms.ts'
import { fullContent, minimalContent } from './cms.fixtures.ts'
import { parseCmsContent } from './parse-cms.ts'
import { ValidationError } from './engine/validation-error.ts'

const withHeader = (variables: Record<string, unknown>) => ({
  ...minimalContent,
  header: { variables },
})

describe('content parsing rules', () => {
  it('reads missing optional text as undefined, and null or empty text too', () => {
    const content = parseCmsContent(withHeader({ header_timing: null, header_log_alt: '' }))
    expect(content.header.variables.header_phone_number).toBeUndefined()
    expect(content.header.variables.header_timing).toBeUndefined()
    expect(content.header.variables.header_log_alt).toBeUndefined()
    expect(content.base.variables.plan_url).toBeUndefined()
  })

  it('defaults every missing or null list to empty', () => {
    const content = parseCmsContent(withHeader({ header_menu: null }))
    expect(content.header.variables.header_menu).toEqual([])
    expect(content.header.variables.header_top_right_nav).toEqual([])
    expect(content.footer.variables.footer_nav).toEqual([])
    expect(content.base.variables.plans_whitelist).toEqual([])
    expect(content.landing_pages).toEqual([])
  })

  it.each([
    [true, true],
    ['true', true],
    ['1', true],
    [false, false],
    ['false', false],
    ['0', false],
    ['yes', false],
    ['TRUE', false],
    [1, false],
    [0, false],
    [null, false],
    [undefined, false],
  ])('reads the boolean %j as %s', (input, expected) => {
    expect(parseCmsContent(withHeader({ hide_top_header: input })).header.variables.hide_top_header).toBe(expected)
  })

  it('applies the defaults of layout and theme', () => {
    const content = parseCmsContent(minimalContent)
    expect(content.layout.landing_header).toBe('landing_header')
    expect(content.theme.primary_contrast).toBe('#ffffff')
    expect(content.landing_header.variables).toEqual({})
  })

  it('parses a payload using every field', () => {
    const content = parseCmsContent(fullContent)
    expect(content.base.variables.disable_performance_tracking).toBe(true)
    expect(content.header.variables.header_top_right_nav[0]).toMatchObject({ external: true, icon: 'book' })
    expect(content.footer.variables.show_copyright_on_top).toBe(false)
    expect(content.landing_pages[0]?.home).toBe(true)
  })

  it('is idempotent: parsed content parses to itself (the browser parses what the server parsed)', () => {
    const once = parseCmsContent(fullContent)
    expect(parseCmsContent(JSON.parse(JSON.stringify(once)))).toEqual(once)
  })
})

describe('a failed parse', () => {
  const invalid = {
    ...minimalContent,
    header: { variables: { header_menu: [{ link: '/faq' }], header_phone_link: '555-0100' } },
    layout: { header: '5_header', footer: '1_footer' },
  }

  it('logs "Unable to parse CMS Schema" with the issues and throws "Validation error: …" joined with "; "', () => {
    const log = vi.fn()
    let thrown: unknown
    try {
      parseCmsContent(invalid, log)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ValidationError)
    const error = thrown as ValidationError
    expect(error.message).toBe(
      'Validation error: Must be a tel: link of digits, for example tel:8005551234 at "header.variables.header_phone_link"; ' +
        'Title is required at "header.variables.header_menu[0].title"; ' +
        'Invalid option: expected one of "1_header"|"2_header"|"3_header"|"4_header"|"nx_header_1"|"landing_header" at "layout.header"',
    )
    expect(log).toHaveBeenCalledWith('Unable to parse CMS Schema', error.issues)
  })

  it('keeps the path of each issue, so an editor can show it at its field', () => {
    const result = cmsContentSchema.safeParse(invalid)
    expect(result.success).toBe(false)
    const error = ValidationError.fromZod(result.error!)
    expect(error.issues.map((issue) => issue.path)).toEqual([
      ['header', 'variables', 'header_phone_link'],
      ['header', 'variables', 'header_menu', 0, 'title'],
      ['layout', 'header'],
    ])
  })

  it.each([
    ['a blank menu title', withHeader({ header_menu: [{ title: '  ', link: '/faq' }] }), 'Title is required'],
    [
      'a link that is not a link',
      withHeader({ header_menu: [{ title: 'FAQ', link: 'javascript:alert(1)' }] }),
      'Must be a site path',
    ],
    [
      'a logo with a script address',
      withHeader({ header_log: 'javascript:alert(1)' }),
      'Must be a site path (/…), an http(s) address or a data:image',
    ],
    [
      'a colour that is not #rrggbb',
      { ...minimalContent, theme: { primary: 'red', secondary: '#000000' } },
      'Must be a colour',
    ],
    [
      'a missing global title',
      { ...minimalContent, base: { variables: { group_key: 'demo' } } },
      'Global title is required',
    ],
    ['an unknown schema version', { ...minimalContent, schema_version: 99 }, 'newer than this site understands'],
  ])('rejects %s with a clear message', (_name, payload, message) => {
    expect(() => parseCmsContent(payload, () => undefined)).toThrow(message)
  })
})

describe('content links', () => {
  const menu = (link: string) =>
    cmsContentSchema.safeParse({
      ...minimalContent,
      header: { variables: { header_menu: [{ title: 'Offer', link }] } },
    })

  it.each(['//evil.example/claim', '/\\evil.example', '/\t/evil.example', '/faq\n'])(
    'refuses the link %j, which a browser reads as another site',
    (link) => {
      const result = menu(link)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toContain('write another site’s address in full')
    },
  )

  it.each([
    '/faq',
    '/office/1001?plan=2',
    '#plans',
    'https://partner.example/x',
    'mailto:help@example.com',
    'tel:8005550142',
  ])('takes %j', (link) => {
    expect(menu(link).success).toBe(true)
  })
})
