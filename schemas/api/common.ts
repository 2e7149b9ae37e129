import { z } from '../zod.ts'

export const idParam = z.object({ id: z.coerce.number().check(z.int(), z.positive('Must be a positive whole number')) })
export const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Enter a valid email address')).check(z.describe('Email address'))
export const nameSchema = z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(80, 'Use at most 80 characters'))
export const usStateSchema = z.string().check(z.regex(/^[A-Z]{2}$/, 'Use the two-letter state code'), z.describe('US state code'))
export const zipSchema = z.string().check(z.trim(), z.regex(/^\d{5}$/, 'Enter a five-digit ZIP code'), z.describe('ZIP code'))
export const phoneSchema = z.pipe(z.string().check(z.trim(), z.refine((value) => value.replace(/\D/g, '').length === 10, 'Enter a ten-digit phone number')), z.transform((value) => value.replace(/\D/g, ''))).check(z.describe('Phone number (ten digits)'))
export const dateSchema = z.iso.date('Enter a date as YYYY-MM-DD').check(z.describe('Date (YYYY-MM-DD)'))
export const centsSchema = z.number().check(z.int(), z.describe('Amount in cents'))

export const addressSchema = z.object({
  line: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(120)),
  city: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(80)),
  state: usStateSchema,
  zip: zipSchema,
})
export type Address = z.infer<typeof addressSchema>

export const okSchema = z.object({ ok: z.literal(true), message: z.optional(z.string()) })
export type Ok = z.infer<typeof okSchema>

/**
 * A card token from the processor's hosted card fields (`CardFields` in blocks/kit): the card
 * itself goes from the browser to the processor's own origin and never to this API.
 */
export const cardTokenSchema = z.string().check(z.minLength(1, 'Enter your card details'), z.maxLength(2000), z.describe('Token of the processor’s hosted card fields'))

export const idempotencyKeySchema = z.string().check(z.minLength(8), z.maxLength(100), z.describe('Unique per payment attempt: a retry with the same key charges once'))
