import type { MembershipState } from '#schemas/membership-states.ts'

/** A membership's state in words (the search's rows, the record). */
export const MEMBERSHIP_LABELS: Record<MembershipState, string> = {
  active: 'Active',
  renewing: 'Renewing',
  past_due: 'Past due',
  ending: 'Ending',
  cancelled: 'Cancelled',
  expired: 'Expired',
}
