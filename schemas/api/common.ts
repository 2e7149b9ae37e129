import { z } from 'zod'

export const idParam = z.object({ id: z.coerce.number().int().positive('Must be a positive whole number') })
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')).describe('Email address')
export const nameSchema = z.string().trim().min(1, 'Required').max(80, 'Use at most 80 characters')
export const usStateSchema = z.string().regex(/^[A-Z]{2}$/, 'Use the two-letter state code').describe('US state code')
export const zipSchema = z.string().trim().regex(/^\d{5}$/, 'Enter a five-digit ZIP code').describe('ZIP code')
export const phoneSchema = z
  .string()
  .trim()
  .refine((value) => value.replace(/\D/g, '').length === 10, 'Enter a ten-digit phone number')
  .transform((value) => value.replace(/\D/g, ''))
  .describe('Phone number (ten digits)')
export const dateSchema = z.iso.date('Enter a date as YYYY-MM-DD').describe('Date (YYYY-MM-DD)')
export const centsSchema = z.number().int().describe('Amount in cents')

export const addressSchema = z.object({
  line: z.string().trim().min(1, 'Required').max(120),
  city: z.string().trim().min(1, 'Required').max(80),
  state: usStateSchema,
  zip: zipSchema,
})
export type Address = z.infer<typeof addressSchema>

export const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() })
export type Ok = z.infer<typeof okSchema>

/**
 * A card token from the processor's hosted card fields (`CardFields` in blocks/kit): the card
 * itself goes from the browser to the processor's own origin and never to this API.
 */
export const cardTokenSchema = z.string().min(1, 'Enter your card details').max(2000).describe('Token of the processor’s hosted card fields')

export const idempotencyKeySchema = z.string().min(8).max(100).describe('Unique per payment attempt: a retry with the same key charges once')
