// Limits of the provider and office search, without zod: the search forms show them (no zod in a
// page's start); the search's schema (catalog.ts) enforces them.

/** The distances the search takes, in miles, and the one it uses when none is given. */
export const RADIUS_MILES = { min: 1, max: 500, default: 25 } as const
