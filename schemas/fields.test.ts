import { describe, expect, it } from 'vitest'
import { defaultedText, optionalText, richText, TEXT_LIMITS } from './fields.ts'
import { z } from './engine/zod.ts'

describe('the longest value a field takes', () => {
  it('is named with its thousands separated, as a content manager reads it', () => {
    const tooLongText = z.safeParse(optionalText(), 'x'.repeat(TEXT_LIMITS.text + 1))
    expect(tooLongText.error?.issues[0]?.message).toBe('Use at most 5,000 characters')
    const tooLongHtml = z.safeParse(richText('Body'), 'x'.repeat(TEXT_LIMITS.richText + 1))
    expect(tooLongHtml.error?.issues[0]?.message).toBe('Use at most 100,000 characters')
    expect(z.safeParse(optionalText(), 'x'.repeat(TEXT_LIMITS.text)).success).toBe(true)
  })
})

describe('a text with today’s wording as its default', () => {
  const field = defaultedText('Open menu', 'Menu button')
  it.each([undefined, null, '', '   '])('reads %j as the default', (value) => {
    expect(z.parse(field, value)).toBe('Open menu')
  })
  it('reads a content manager’s words as written', () => {
    expect(z.parse(field, 'Abrir menú')).toBe('Abrir menú')
  })
  it('refuses a text longer than a title', () => {
    expect(z.safeParse(field, 'x'.repeat(TEXT_LIMITS.title + 1)).error?.issues[0]?.message).toBe(
      'Use at most 300 characters',
    )
  })
})
