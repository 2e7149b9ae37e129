import type { ValidationIssue } from './engine/validation-error.ts'
import type { MembershipPolicy } from './membership-policy.ts'
import { fillPolicy, policyWords } from './policy-words.ts'

/**
 * Content that promises what the policy does not keep is refused at publish, at its field (issue
 * 40): a refund window, a notice of a higher price, a refund with discounts deducted, "no partial
 * refund" where a state refunds pro rata. Each sentence of every text is read as a member reads it,
 * with the `{policy.…}` placeholders filled; a promise the policy keeps passes, whatever its words.
 */

/** A rule: what a sentence promises, and what is wrong with it under `policy` (undefined: kept). */
type Rule = (sentence: string, policy: MembershipPolicy) => string | undefined

const days = (sentence: string, pattern: RegExp) => [...sentence.matchAll(pattern)].map((match) => Number(match[1]))

const RULES: Rule[] = [
  // "refunded within 14 days": the refund window the policy gives (in some state, at least).
  (sentence, policy) => {
    if (!/refund/i.test(sentence)) return undefined
    const windows = new Set([policy.refundWindowDays, ...Object.values(policy.refundWindowDaysByState)])
    const promised = days(sentence, /\bwithin (\d+) days\b/gi).find((value) => !windows.has(value))
    return promised === undefined
      ? undefined
      : `This promises a refund within ${promised} days; the policy’s refund window is ${policy.refundWindowDays} days. Write {policy.refund_window_days} to say what the policy does.`
  },
  // "at least 45 days' notice" of a higher fee: no more than the policy's lead.
  (sentence, policy) => {
    if (!/notice/i.test(sentence) || !/\b(fee|price)s?\b/i.test(sentence)) return undefined
    const promised = days(sentence, /\b(\d+) days['’]? (?:written )?notice\b/gi).find(
      (value) => value > policy.priceNoticeDays,
    )
    return promised === undefined
      ? undefined
      : `This promises ${promised} days’ notice of a higher price; the policy gives ${policy.priceNoticeDays}. Write {policy.price_notice_days}.`
  },
  // Refunds are in full: nothing used is deducted.
  (sentence) =>
    /refund/i.test(sentence) && /\bless\b[^.]*\bdiscounts?\b/i.test(sentence)
      ? 'This deducts discounts received from a refund; the policy refunds in full.'
      : undefined,
  // "No partial refund" must name the states that refund pro rata.
  (sentence, policy) => {
    if (!/\bno (?:partial |pro[- ]rata )?refunds?\b/i.test(sentence) || policy.proRataStates.length === 0)
      return undefined
    const states = policyWords(policy).pro_rata_states
    return sentence.includes(states)
      ? undefined
      : `This says there is no partial refund, but in ${states} the policy refunds the unused months of a yearly membership: say so ({policy.pro_rata_states}).`
  },
]

/** The text of an HTML field as it reads: tags out, entities as characters. */
const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/\s+/g, ' ')

const sentences = (text: string) => plain(text).split(/(?<=[.!?])\s+/)

/** Every broken promise in `content`, at its field. */
export function promiseIssues(content: unknown, policy: MembershipPolicy): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const walk = (node: unknown, path: (string | number)[]) => {
    if (typeof node === 'string') {
      for (const sentence of sentences(fillPolicy(node, policy)))
        for (const rule of RULES) {
          const message = rule(sentence, policy)
          if (message) issues.push({ path, message })
        }
    } else if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...path, index]))
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key])
  }
  walk(content, [])
  return issues
}
