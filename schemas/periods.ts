/** Billing periods' dates: no zod here, the checkout's payment step reads them (via membership-terms.ts). */

export type BillingCycle = 'monthly' | 'annual'

/**
 * The date `periods` billing periods after `anchor`, on the anchor's day of the month (the last day
 * of a shorter month: a membership started on 31 January renews on 28 or 29 February, then on 31
 * March), at the anchor's time of day.
 */
export function periodEnd(anchor: Date, cycle: BillingCycle, periods = 1): Date {
  const months = (cycle === 'annual' ? 12 : 1) * periods
  const year = anchor.getUTCFullYear()
  const month = anchor.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const end = new Date(anchor)
  end.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay))
  return end
}
