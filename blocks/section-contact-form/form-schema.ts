import { z } from '#schemas/engine/zod.ts'
import { phoneSchema } from '#schemas/api/common.ts'
import { contactApi, contactRequestSchema } from '#schemas/api/messages.ts'

/** The endpoint's schema, with an empty phone field read as no phone. */
export const contactFormSchema = z.extend(contactRequestSchema, {
  phone: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim() || undefined),
    ),
    z.optional(phoneSchema),
  ),
})

/** The endpoint's contract, loaded with the form's schema (the page's start carries neither). */
export const contactContract = contactApi.contact
