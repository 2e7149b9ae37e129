// The limits of a grievance's attachments, without zod: the grievance form checks a chosen file
// with them (no zod in the page's start); the grievance's schema (grievances.ts) enforces them.

/** How many files, how large each, and of which types (with the name a person reads). */
export const GRIEVANCE_ATTACHMENTS = {
  maxFiles: 3,
  maxBytes: 2 * 1024 * 1024,
  types: { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' },
} as const
