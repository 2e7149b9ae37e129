import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'

/** A section's own “not insurance” text, in content (empty: the standard text); the plan administrator is named after it. */
export const disclosureProp = (beside: string) =>
  z
    .optional(localized(z.string().check(z.maxLength(600))))
    .check(
      z.describe(
        `“Not insurance” disclosure beside the ${beside} (empty: the standard text); the plan administrator is named after it`,
      ),
    )
