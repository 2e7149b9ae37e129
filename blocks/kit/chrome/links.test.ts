import { describe, expect, it } from 'vitest'
import { appendQuery, normalizeLink } from './links.ts'

describe('link normalisation', () => {
  it.each([
    ['https://www.brightbite.example/plans/family/', '/family'],
    ['https://brightbite.example/find-a-dentist?x=1', '/find-a-dentist'],
    ['http://BRIGHTBITE.example/Support', '/Support'],
    ['https://www.brightbite.example/', '/'],
    ['https://cms.example/brightbite/faq', '/faq'],
    ['https://cms.example/sites/brightbite', '/'],
    ['https://elsewhere.example/plans/family', 'https://elsewhere.example/plans/family'],
    ['/faq', '/faq'],
    ['#plans', '#plans'],
    ['mailto:help@brightbite.example', 'mailto:help@brightbite.example'],
    ['tel:8005550142', 'tel:8005550142'],
  ])('reduces %s to %s', (link, expected) => {
    expect(normalizeLink(link, 'brightbite')).toBe(expected)
  })

  it('appends query parameters, skipping empty values', () => {
    expect(normalizeLink('/find-a-dentist', 'brightbite', { zip: '90210', plan: '', radius: null, lang: 'es' })).toBe(
      '/find-a-dentist?zip=90210&lang=es',
    )
    expect(normalizeLink('https://www.brightbite.example/find-a-dentist/', 'brightbite', { zip: '10001' })).toBe(
      '/find-a-dentist?zip=10001',
    )
  })

  it.each([
    ['/a', { b: '1' }, '/a?b=1'],
    ['/a?x=1', { b: '2' }, '/a?x=1&b=2'],
    ['/a#top', { b: 'c d' }, '/a?b=c+d#top'],
    ['/a', { b: '  ' }, '/a'],
    ['/a', undefined, '/a'],
  ])('appendQuery(%s, %j) is %s', (href, query, expected) => {
    expect(appendQuery(href, query)).toBe(expected)
  })
})
