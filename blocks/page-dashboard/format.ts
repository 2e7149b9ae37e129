import type { MemberInfo } from '#schemas/api/members.ts'

export { shortDate } from '../kit/format/dates.ts'

/**
 * The time zone a member's dates are shown in: their membership's (from the state of their
 * address), so that a payment at 9:30 pm in California is on that day; UTC without one.
 */
export const memberZone = (info: Pick<MemberInfo, 'subscription'>): string => info.subscription?.timeZone ?? 'UTC'

export { RELATIONSHIPS } from '../kit/format/relationships.ts'

/** An idempotency key for one payment attempt (a resubmit of the same attempt reuses it). */
export const newPaymentKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

export { printElement } from '../kit/checkout/print.ts'

/** Offers a file to download, made in the browser. */
export function download(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
