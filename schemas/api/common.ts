import { z } from '../engine/zod.ts'

/** PostgreSQL's `integer` maximum: a larger number is refused here, not overflowed in a query. */
export const PG_INT_MAX = 2_147_483_647
/** The largest id a row has (an `integer` column). */
export const ID_MAX = PG_INT_MAX
const ID_MESSAGE = 'Must be a positive whole number'
const idChecks = () => [z.int(ID_MESSAGE), z.positive(ID_MESSAGE), z.lte(ID_MAX, `Must be at most ${ID_MAX}`)] as const
/** A row's id in a body (a JSON number). */
export const idSchema = z.number(ID_MESSAGE).check(...idChecks())
/** A row's id in an address (its text, read as a number). */
export const idText = z.coerce.number(ID_MESSAGE).check(...idChecks())
export const idParam = z.object({ id: idText })
/** The longest address SMTP can carry (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254
export const emailSchema = z
  .pipe(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(EMAIL_MAX_LENGTH, { error: `Use at most ${EMAIL_MAX_LENGTH} characters`, abort: true }),
        z.toLowerCase(),
      ),
    z.email('Enter a valid email address'),
  )
  // The format, also on the input side (which is what the OpenAPI document and the contract tests read).
  .check(z.meta({ description: 'Email address', format: 'email' }))
export const nameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Required'), z.maxLength(80, 'Use at most 80 characters'))
export const usStateSchema = z
  .string()
  .check(
    z.maxLength(2, { error: 'Use the two-letter state code', abort: true }),
    z.regex(/^[A-Z]{2}$/, 'Use the two-letter state code'),
    z.describe('US state code'),
  )
export const zipSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(5, { error: 'Enter a five-digit ZIP code', abort: true }),
    z.regex(/^\d{5}$/, 'Enter a five-digit ZIP code'),
    z.describe('ZIP code'),
  )
export const phoneSchema = z
  .pipe(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(30, { error: 'Enter a ten-digit phone number', abort: true }),
        z.regex(/^\D*(?:\d\D*){10}$/, 'Enter a ten-digit phone number'),
      ),
    z.transform((value) => value.replace(/\D/g, '')),
  )
  .check(z.describe('Phone number (ten digits)'))
// (The date's own check ends the checks when it fails: a long text gets one message, not two.)
export const dateSchema = z.iso
  .date({ error: 'Enter a date as YYYY-MM-DD', abort: true })
  .check(z.maxLength(10, 'Enter a date as YYYY-MM-DD'), z.describe('Date (YYYY-MM-DD)'))
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
export const cardTokenSchema = z
  .string()
  .check(
    z.minLength(1, 'Enter your card details'),
    z.maxLength(2000),
    z.describe('Token of the processor’s hosted card fields'),
  )

/** Said when a payment that starts a membership comes without the consent to the automatic renewal terms. */
export const AUTO_RENEWAL_CONSENT_REQUIRED =
  'Agree to the automatic renewal terms (their own box, apart from the Terms of Service) to pay.'

/**
 * The consent to the automatic renewal terms, given apart from the Terms of Service (California's
 * Automatic Renewal Law as amended by AB 2863): the checkout's payment and joining again from the
 * dashboard both ask it, and without it nothing is charged.
 */
export const autoRenewalConsentSchema = z
  .literal(true, AUTO_RENEWAL_CONSENT_REQUIRED)
  .check(
    z.describe(
      'The buyer ticked the box of the automatic renewal terms shown beside it; the server records the terms with the time',
    ),
  )

export const idempotencyKeySchema = z
  .string()
  .check(
    z.minLength(8),
    z.maxLength(100),
    z.describe('Unique per payment attempt: a retry with the same key charges once'),
  )

/** Content managers: staff holding the content role, signed in with both factors (docs/adr/0026). */
export const CONTENT_MANAGERS = { staff: ['content'] } as const
