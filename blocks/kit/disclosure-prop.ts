import { z } from 'zod'

/** A section's own “not insurance” text, in content (empty: the standard text); the plan administrator is named after it. */
export const disclosureProp = (beside: string) =>
  z.string().max(600).optional().describe(`“Not insurance” disclosure beside the ${beside} (empty: the standard text); the plan administrator is named after it`)
