import { describe, expect, it } from 'vitest'
import { LOCALIZED } from '#schemas/engine/localized.ts'
import { followTexts, localizedTexts, translate } from './localized.ts'

const text = { type: 'string', maxLength: 20, [LOCALIZED]: true }
const schema = {
  type: 'object',
  properties: {
    title: text,
    code: { type: 'string', [LOCALIZED]: false },
    link: { type: 'string' },
    notice: { type: 'string', pattern: '\\S', [LOCALIZED]: 'required' },
    body: { anyOf: [{ type: 'string', contentMediaType: 'text/html', [LOCALIZED]: true }, { type: 'null' }] },
    settings: {
      type: 'object',
      properties: { heading: { ...text, default: 'Today’s wording' }, count: { type: 'number', default: 3 } },
    },
    sections: {
      type: 'array',
      items: {
        oneOf: [
          {
            type: 'object',
            properties: { block: { const: 'faq' }, question: text },
          },
          { type: 'object', properties: { block: { const: 'cta' }, button: text } },
        ],
        discriminator: { propertyName: 'block' },
      },
    },
  },
}
const content = {
  title: 'Welcome',
  code: 'D1110',
  link: '/faq',
  notice: 'Not insurance',
  body: '<p>Hello</p>',
  sections: [
    { block: 'faq', question: 'Is it insurance?' },
    { block: 'cta', button: 'Join now' },
  ],
}

describe('a content’s texts in another language', () => {
  it('finds the texts visitors read, by their address, today’s wording too, and never a code or a link', () => {
    expect(Object.fromEntries(localizedTexts(schema, content))).toEqual({
      '/title': 'optional',
      '/notice': 'required',
      '/body': 'optional',
      '/settings/heading': 'optional',
      '/sections/0/question': 'optional',
      '/sections/1/button': 'optional',
    })
  })

  it('puts each translation in place of the default’s text, keeps the rest, and says what fell back', () => {
    const spanish = translate(schema, content, {
      '/title': 'Bienvenido',
      '/sections/1/button': 'Únase',
      '/settings/heading': 'Texto de hoy',
      '/body': '   ',
    })
    expect(spanish.content).toEqual({
      ...content,
      title: 'Bienvenido',
      settings: { heading: 'Texto de hoy' },
      sections: [content.sections[0], { block: 'cta', button: 'Únase' }],
    })
    // Untouched parts are the same objects (the render's memo and the sanitiser's cache keep them).
    expect(spanish.content.sections[0]).toBe(content.sections[0])
    expect(spanish.fellBack).toEqual(['/notice', '/body', '/sections/0/question'])
    expect(spanish.unmatched).toEqual([])
    expect(spanish.invalid).toEqual([])
    // The default's own content is unchanged.
    expect(content.title).toBe('Welcome')
  })

  it('refuses a translation of no text, of a fixed value, or one its field refuses', () => {
    const {
      unmatched,
      invalid,
      content: kept,
    } = translate(schema, content, {
      '/code': 'D9999',
      '/link': '/es/faq',
      '/sections/5/question': '¿Qué?',
      '/title': 'Una bienvenida demasiado larga para el campo',
      '/notice': '\u00a0',
    })
    expect(unmatched).toEqual(['/code', '/link', '/sections/5/question'])
    expect(invalid).toEqual([{ pointer: '/title', message: 'Use at most 20 characters' }])
    expect(kept).toEqual(content)
  })

  it('keeps each translation with its text through an edit: moved with it, dropped with it, kept where it is edited', () => {
    const three = {
      ...content,
      sections: [
        { block: 'faq', question: 'Is it insurance?' },
        { block: 'faq', question: 'What does it cost?' },
        { block: 'cta', button: 'Join now' },
      ],
    }
    const spanish = {
      es: {
        '/title': 'Bienvenido',
        '/sections/0/question': '¿Es un seguro?',
        '/sections/1/question': '¿Cuánto cuesta?',
        '/sections/2/button': 'Inscríbase',
      },
    }
    // The first question removed: the others move up, each with its Spanish; the removed one's goes.
    const removed = { ...three, sections: three.sections.slice(1) }
    expect(followTexts(schema, three, removed, spanish)).toEqual({
      es: { '/title': 'Bienvenido', '/sections/0/question': '¿Cuánto cuesta?', '/sections/1/button': 'Inscríbase' },
    })
    // Two swapped: each translation goes with its own question.
    const swapped = { ...three, sections: [three.sections[1], three.sections[0], three.sections[2]] }
    expect(followTexts(schema, three, swapped, spanish).es).toMatchObject({
      '/sections/0/question': '¿Cuánto cuesta?',
      '/sections/1/question': '¿Es un seguro?',
    })
    // A text mended where it stands keeps its translation; one added keeps the editor's.
    const mended = { ...three, title: 'Welcome!' }
    expect(followTexts(schema, three, mended, { es: { ...spanish.es, '/notice': 'No es un seguro' } }).es).toEqual({
      ...spanish.es,
      '/notice': 'No es un seguro',
    })
  })
})
