import { describe, expect, it } from 'vitest'
import { cleanVersion, previewVersionFromRequest, readCookie } from './preview.ts'
import { previewBannerText, PREVIEW_LINK_TEXT } from './preview-exit.ts'

describe('preview mode', () => {
  it('reads the banner of the working version and of an older one', () => {
    expect(previewBannerText('working')).toBe('You are viewing an unpublished version of this site.')
    expect(previewBannerText('12')).toBe('You are viewing an older version of this site.')
    expect(PREVIEW_LINK_TEXT).toBe(
      'This is not the current live version. Click here to view the latest published version.',
    )
  })

  it.each([
    ['working', 'working'],
    ['42', '42'],
    ['', undefined],
    [null, undefined],
    ['<script>', undefined],
    ['a'.repeat(65), undefined],
  ])('accepts %j as version %j', (value, expected) => {
    expect(cleanVersion(value)).toBe(expected)
  })

  it('takes the version from the query first, then from the cookie', () => {
    const cookie = { headers: { cookie: 'x=1; preview=7' } }
    expect(previewVersionFromRequest(new Request('http://h/?version=working', cookie))).toBe('working')
    expect(previewVersionFromRequest(new Request('http://h/', cookie))).toBe('7')
    expect(previewVersionFromRequest(new Request('http://h/'))).toBeUndefined()
  })

  it('reads cookies by exact name', () => {
    expect(readCookie('apreview=1; preview=working; b=2', 'preview')).toBe('working')
    expect(readCookie(null, 'preview')).toBeUndefined()
  })
})
