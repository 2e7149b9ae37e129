import { z } from '#schemas/zod.ts'
import { phoneSchema } from '#schemas/api/common.ts'
import { contactRequestSchema } from '#schemas/api/support.ts'

/** The endpoint's schema, with an empty phone field read as no phone. */
export const contactFormSchema = z.extend(contactRequestSchema, {
  phone: z.pipe(z.pipe(z.string(), z.transform((value) => value.trim() || undefined)), z.optional(phoneSchema)),
})
