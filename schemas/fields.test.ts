import { describe, expect, it } from 'vitest'
import { optionalText, richText, TEXT_LIMITS } from './fields.ts'
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
