import { z } from 'zod'
import { emailSchema, nameSchema, phoneSchema } from './common.ts'

export const contactRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  topic: z.enum(['membership', 'billing', 'find-a-dentist', 'website', 'other']),
  message: z.string().trim().min(10, 'Tell us a little more (at least 10 characters)').max(4000),
})

export const grievanceRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  memberNumber: z.string().trim().max(40).optional(),
  category: z.enum(['quality-of-care', 'billing', 'access-to-care', 'customer-service', 'other']),
  description: z.string().trim().min(20, 'Describe what happened (at least 20 characters)').max(8000),
})

export const grievanceReceiptSchema = z.object({
  reference: z.string(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  message: z.string(),
})
