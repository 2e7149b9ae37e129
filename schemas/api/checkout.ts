import { z } from 'zod'
import { addressSchema, cardSchema, centsSchema, dateSchema, emailSchema, idempotencyKeySchema, nameSchema, phoneSchema } from './common.ts'
import { dependentInputSchema, dependentSchema } from './member.ts'

/** The header carrying the checkout's temporary token. */
export const CHECKOUT_TOKEN_HEADER = 'checkout-token'

export const checkoutAccountSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(256),
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema,
  dateOfBirth: dateSchema,
  address: addressSchema,
})

export const checkoutPlanSchema = z.object({
  planId: z.number().int().positive(),
  officeId: z.number().int().positive(),
  billingCycle: z.enum(['monthly', 'annual']),
  couponCode: z.string().trim().max(40).optional(),
})

export const checkoutPaymentSchema = z.object({ card: cardSchema, idempotencyKey: idempotencyKeySchema })

export const checkoutStepSchema = z.enum(['started', 'plan', 'account', 'completed'])

export const priceSchema = z.object({
  membersCount: z.number().int(),
  perMemberCents: centsSchema,
  enrollmentFeeCents: centsSchema,
  discountCents: centsSchema,
  totalCents: centsSchema,
  couponMessage: z.string().optional(),
})
export type Price = z.infer<typeof priceSchema>

/** The checkout as the server keeps it under the temporary token (no password, no card). */
export const checkoutStateSchema = z.object({
  step: checkoutStepSchema,
  plan: checkoutPlanSchema.nullable(),
  account: checkoutAccountSchema.omit({ password: true }).nullable(),
  members: z.array(dependentSchema),
  price: priceSchema.nullable(),
  memberId: z.number().int().nullable(),
})
export type CheckoutState = z.infer<typeof checkoutStateSchema>

export const tempTokenSchema = z.object({ token: z.string(), expiresAt: z.string() })
export const checkoutMemberSchema = dependentInputSchema
export const checkoutCompletedSchema = z.object({
  state: checkoutStateSchema,
  receipt: z.object({ id: z.number().int(), amountCents: centsSchema, cardLast4: z.string(), paidAt: z.string() }),
})
