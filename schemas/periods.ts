/** Billing periods' dates: no zod here, the checkout's payment step reads them (via membership-terms.ts). */
import { shiftInZone } from './zoned-days.ts'

export type BillingCycle = 'monthly' | 'annual'

/**
 * The date `periods` billing periods after `anchor`, counted in the member's `timeZone`: on the
 * anchor's day of the month there (the last day of a shorter month: a membership started on 31
 * January renews on 28 or 29 February, then on 31 March), at the anchor's time of day there. A
 * Californian who joins at 9:30 pm on 28 February renews on 28 February, not on 1 March (UTC).
 */
export const periodEnd = (anchor: Date, cycle: BillingCycle, timeZone: string, periods = 1): Date =>
  shiftInZone(anchor, timeZone, { months: (cycle === 'annual' ? 12 : 1) * periods })
