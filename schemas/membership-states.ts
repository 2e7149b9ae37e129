/**
 * A membership's states, without zod: the views (the dashboard) read them with the page, and the
 * model (membership-lifecycle.ts) builds its schema and transitions on them.
 */
export const MEMBERSHIP_STATES = ['active', 'renewing', 'past_due', 'ending', 'cancelled', 'expired'] as const
export type MembershipState = (typeof MEMBERSHIP_STATES)[number]

/** States in which the member and their dependents are covered (the ID cards are valid). */
export const isCovered = (state: MembershipState) => state !== 'cancelled' && state !== 'expired'
