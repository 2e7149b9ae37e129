import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_POLICY, membershipPolicySchema } from './membership-policy.ts'
import { promiseIssues } from './policy-promises.ts'
import { fillPolicy, fillPolicyDeep } from './policy-words.ts'

const base = JSON.parse(readFileSync('site-config/tenants/_base/content.json', 'utf8')) as Record<string, unknown>

describe('the policy in content’s words', () => {
  it('fills each placeholder from the policy, by state where asked, and leaves an unknown one to be seen', () => {
    const policy = membershipPolicySchema.parse({ refundWindowDays: 14, proRataStates: ['AZ', 'UT'] })
    expect(fillPolicy('Within {policy.refund_window_days} days.', policy)).toBe('Within 14 days.')
    expect(fillPolicy('In {policy.pro_rata_states}.', policy)).toBe('In Arizona and Utah.')
    expect(fillPolicy('At most {policy.max_prepaid_months.AZ} months.', policy)).toBe('At most 12 months.')
    expect(fillPolicy('Retried after {policy.retry_days} days.', policy)).toBe('Retried after 1, 3 and 7 days.')
    expect(fillPolicy('{policy.refund_days} and {price}', policy)).toBe('{policy.refund_days} and {price}')
  })

  it('fills every text of a content document, and nothing else', () => {
    const filled = fillPolicyDeep({ a: ['{policy.refund_window_days} days'], b: 3, c: null }, DEFAULT_POLICY)
    expect(filled).toEqual({ a: ['30 days'], b: 3, c: null })
  })
})

describe('a promise the policy does not keep is found at its field', () => {
  it('the shared content keeps every promise under the default policy', () => {
    expect(promiseIssues(base, DEFAULT_POLICY)).toEqual([])
  })

  it.each([
    [
      'a refund window other than the policy’s',
      '<p>If you cancel within 14 days of joining, we refund all membership fees.</p>',
      'This promises a refund within 14 days; the policy’s refund window is 30 days. Write {policy.refund_window_days} to say what the policy does.',
    ],
    [
      'discounts deducted from a refund (refunds are in full)',
      '<p>We refund all fees you paid, less the cost of discounts you have already received.</p>',
      'This deducts discounts received from a refund; the policy refunds in full.',
    ],
    [
      '“no partial refund” with no word of Arizona',
      '<p>After 30 days, cancellation takes effect at the end of the period, and no partial refund is due.</p>',
      'This says there is no partial refund, but in Arizona the policy refunds the unused months of a yearly membership: say so ({policy.pro_rata_states}).',
    ],
    [
      'more notice of a higher fee than the policy gives',
      '<p>We give members at least 60 days’ written notice before a change to fees.</p>',
      'This promises 60 days’ notice of a higher price; the policy gives 30. Write {policy.price_notice_days}.',
    ],
  ])('%s', (_name, body, message) => {
    const content = { pages: { terms: { sections: [{ block: 'section-rich-text', props: { body } }] } } }
    expect(promiseIssues(content, DEFAULT_POLICY)).toEqual([
      { path: ['pages', 'terms', 'sections', 0, 'props', 'body'], message },
    ])
  })

  it('a policy changed under content written with placeholders: still kept', () => {
    const policy = membershipPolicySchema.parse({ refundWindowDays: 14, priceNoticeDays: 45 })
    expect(promiseIssues(base, policy)).toEqual([])
  })

  it('a policy changed under content written with numbers: found', () => {
    const policy = membershipPolicySchema.parse({ refundWindowDays: 14 })
    const content = { pages: { faq: { intro: 'Cancel within 30 days for a full refund.' } } }
    expect(promiseIssues(content, policy)[0]?.path).toEqual(['pages', 'faq', 'intro'])
  })
})
