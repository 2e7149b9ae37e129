import { z } from 'zod'
import { contract } from '../contract.ts'
import { emailSchema, nameSchema, okSchema, phoneSchema } from './common.ts'

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

const SUPPORT = ['Support']
const contactContract = (prefix: '/api/v4' | '/api/km') =>
  contract({
    method: 'post', path: `${prefix}/contact`, summary: 'Sends a message to support (acknowledged by mail)', tags: SUPPORT, access: 'public', status: 201,
    body: contactRequestSchema, response: okSchema,
  })
const grievanceContract = (prefix: '/api/v4' | '/api/km') =>
  contract({
    method: 'post', path: `${prefix}/grievance`, summary: 'Files a grievance: stored with a reference number and acknowledged by mail', tags: SUPPORT, access: 'public', status: 201,
    body: grievanceRequestSchema, response: grievanceReceiptSchema,
  })

/** Contact messages and grievances; the v4 and km paths share one service. */
export const supportApi = {
  contact: contactContract('/api/v4'),
  grievance: grievanceContract('/api/v4'),
  kmContact: contactContract('/api/km'),
  kmGrievance: grievanceContract('/api/km'),
}
