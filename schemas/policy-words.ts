import {
  ANNUAL_NOTICE_WINDOW,
  DEFAULT_POLICY,
  maxPrepaidMonths,
  refundWindowDays,
  type MembershipPolicy,
} from './membership-policy.ts'

/**
 * The policy in the words content uses: a sentence that promises a number or a right writes
 * `{policy.refund_window_days}` (or `{policy.max_prepaid_months.AZ}`, by state) and the site fills
 * it from the tenant's policy wherever content is read (its pages, its mails), so what a page
 * says is what the lifecycle does. Dotted names never meet `fillText`'s own `{name}` placeholders.
 */

// prettier-ignore
const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'the District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio',
  OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
}

/** Names joined as a sentence says them: `Arizona`, `Arizona and Utah`, `Arizona, Utah and Texas`. */
const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? 'no state') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

/** Every word the policy gives content, by name (without the `policy.` prefix). */
export function policyWords(policy: MembershipPolicy) {
  return {
    refund_window_days: String(policy.refundWindowDays),
    annual_notice_days: String(policy.annualNoticeDays),
    price_notice_days: String(policy.priceNoticeDays),
    notice_window: `${ANNUAL_NOTICE_WINDOW.latestDays} to ${ANNUAL_NOTICE_WINDOW.earliestDays}`,
    retry_days: list(policy.retryDays.map(String)),
    grace_days: String(Math.max(...policy.retryDays)),
    pro_rata_states: list(policy.proRataStates.map((code) => STATE_NAMES[code] ?? code)),
    max_prepaid_months: String(policy.maxPrepaidMonths),
    card_expiry_notice_days: String(policy.cardExpiryNoticeDays),
  }
}

/** The words that differ by the member's state: `{policy.refund_window_days.AZ}`. */
const BY_STATE: Record<string, (policy: MembershipPolicy, state: string) => string> = {
  refund_window_days: (policy, state) => String(refundWindowDays(policy, state)),
  max_prepaid_months: (policy, state) => String(maxPrepaidMonths(policy, state)),
}

const PLACEHOLDER = /\{policy\.([a-z_]+)(?:\.([A-Z]{2}))?\}/g

/** `text` with its `{policy.…}` placeholders filled; an unknown one stays as written, to be seen and fixed. */
export function fillPolicy(
  text: string,
  policy: MembershipPolicy,
  words: Record<string, string> = policyWords(policy),
): string {
  if (!text.includes('{policy.')) return text
  return text.replace(PLACEHOLDER, (match, name: string, state: string | undefined) =>
    state ? (BY_STATE[name]?.(policy, state) ?? match) : (words[name] ?? match),
  )
}

/** Every string in `value` (content, a block's settings) with the policy filled in; the rest as it is. */
export function fillPolicyDeep<T>(value: T, policy: MembershipPolicy): T {
  const words = policyWords(policy)
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return fillPolicy(node, policy, words)
    if (Array.isArray(node)) return node.map(walk)
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]))
    return node
  }
  return walk(value) as T
}

/** The names content may use (the editor's hint; the check at publish names them). */
export const POLICY_WORDS = [
  ...Object.keys(policyWords(DEFAULT_POLICY)),
  ...Object.keys(BY_STATE).map((name) => `${name}.XX`),
]
