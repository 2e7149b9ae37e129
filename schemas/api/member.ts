import { z } from 'zod'
import { addressSchema, cardSchema, centsSchema, dateSchema, emailSchema, idempotencyKeySchema, nameSchema, phoneSchema } from './common.ts'

export const dependentInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  dateOfBirth: dateSchema,
  relationship: z.enum(['spouse', 'partner', 'child', 'other']),
})
export type DependentInput = z.input<typeof dependentInputSchema>

export const dependentSchema = dependentInputSchema.extend({ id: z.number().int() })
export type Dependent = z.infer<typeof dependentSchema>

export const subscriptionSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  billingCycle: z.enum(['monthly', 'annual']),
  status: z.enum(['active', 'expired', 'cancelled']),
  autoRenew: z.boolean(),
  startedAt: z.string(),
  renewsAt: z.string(),
  priceCents: centsSchema,
})
export type Subscription = z.infer<typeof subscriptionSchema>

export const memberInfoSchema = z.object({
  id: z.number().int(),
  memberNumber: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  address: addressSchema.nullable(),
  dateOfBirth: z.string().nullable(),
  balanceCents: centsSchema,
  emailVerified: z.boolean(),
  subscription: subscriptionSchema.nullable(),
  dependents: z.array(dependentSchema),
  paymentMethod: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }).nullable(),
})
export type MemberInfo = z.infer<typeof memberInfoSchema>

export const memberUpdateSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    phone: phoneSchema,
    address: addressSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change')

export const autoRenewSchema = z.object({ autoRenew: z.boolean() })
export const updateBillingSchema = z.object({ card: cardSchema })

export const balanceSchema = z.object({
  balanceCents: centsSchema,
  nextChargeCents: centsSchema.nullable(),
  nextChargeAt: z.string().nullable(),
})

export const idCardSchema = z.object({
  memberNumber: z.string(),
  name: z.string(),
  relationship: z.string(),
  planName: z.string(),
  groupKey: z.string(),
  effectiveDate: z.string(),
  validThrough: z.string(),
  officeName: z.string().nullable(),
  customerServicePhone: z.string().nullable(),
})

export const receiptSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  amountCents: centsSchema,
  cardLast4: z.string(),
  paidAt: z.string(),
})
export type Receipt = z.infer<typeof receiptSchema>

export const receiptsSchema = z.object({ receipts: z.array(receiptSchema) })

export const purchaseSubscriptionSchema = z.object({
  planId: z.number().int().positive(),
  officeId: z.number().int().positive(),
  billingCycle: z.enum(['monthly', 'annual']),
  couponCode: z.string().trim().max(40).optional(),
  idempotencyKey: idempotencyKeySchema,
})
export const renewSubscriptionSchema = z.object({ idempotencyKey: idempotencyKeySchema })

export const paymentResultSchema = z.object({
  receipt: receiptSchema,
  subscription: subscriptionSchema,
})

export const signupSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(256),
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema.optional(),
})
