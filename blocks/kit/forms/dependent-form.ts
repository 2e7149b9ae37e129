import { z } from '#schemas/engine/zod.ts'
import { dependentInputSchema } from '#schemas/api/members.ts'

/** A dependent as its form holds it: the plan is a select's value ('' for the member's own plan). */
export const dependentFormSchema = z.extend(dependentInputSchema, {
  planId: z.pipe(
    z.string(),
    z.transform((value) => (value ? Number(value) : undefined)),
  ),
})
