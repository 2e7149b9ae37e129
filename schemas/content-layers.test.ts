import { describe, expect, it } from 'vitest'
import { contentOverrides, mergeContent } from './content-layers.ts'

describe('content inheritance', () => {
  const base = {
    theme: { primary: '#111111', secondary: '#222222' },
    header: { variables: { header_menu: [{ title: 'FAQ', link: '/faq' }], header_join_now_text: 'Join now' } },
  }

  it('lays a tenant over its base: objects merge, lists and values replace, $extends is dropped', () => {
    const tenant = {
      $extends: '_base',
      theme: { primary: '#be185d' },
      header: { variables: { header_menu: [{ title: 'Questions', link: '/faq' }] } },
    }
    expect(mergeContent(base, tenant)).toEqual({
      theme: { primary: '#be185d', secondary: '#222222' },
      header: { variables: { header_menu: [{ title: 'Questions', link: '/faq' }], header_join_now_text: 'Join now' } },
    })
  })

  it('lists, field by field, what a tenant overrides', () => {
    const resolved = mergeContent(base, { theme: { primary: '#be185d' }, layout: { header: '2_header' } })
    expect(contentOverrides(base, resolved)).toEqual([
      { path: ['theme', 'primary'], base: '#111111', value: '#be185d' },
      { path: ['layout'], base: undefined, value: { header: '2_header' } },
    ])
    expect(contentOverrides(base, base)).toEqual([])
  })
})
