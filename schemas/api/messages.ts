// The messages feature's contracts (server/features/messages): the contact form, and member
// services' inbox of its messages and their replies.
import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { emailSchema, idParam, nameSchema, okSchema, phoneSchema } from './common.ts'

export const contactRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: z.optional(phoneSchema),
  topic: z.enum(['membership', 'billing', 'find-a-dentist', 'website', 'other']),
  message: z
    .string()
    .check(z.trim(), z.minLength(10, 'Tell us a little more (at least 10 characters)'), z.maxLength(4000)),
})
export type ContactRequest = z.infer<typeof contactRequestSchema>

const SUPPORT = ['Support']
const contactContract = (prefix: '/api/v4' | '/api/km') =>
  contract({
    method: 'post',
    path: `${prefix}/contact`,
    summary: 'Sends a message to support (acknowledged by mail)',
    tags: SUPPORT,
    access: 'public',
    status: 201,
    body: contactRequestSchema,
    response: okSchema,
  })

/** The contact form's messages; the v4 and km paths share one service. */
export const contactApi = {
  contact: contactContract('/api/v4'),
  kmContact: contactContract('/api/km'),
}

/** A message is answered once staff have replied to it at least once. */
export const CONTACT_MESSAGE_STATUSES = ['open', 'answered'] as const

export const staffMessageFiltersSchema = z.object({
  topic: z.optional(contactRequestSchema.shape.topic),
  status: z.optional(z.enum(CONTACT_MESSAGE_STATUSES)),
})

export const staffMessageRowSchema = z.object({
  id: z.number(),
  receivedAt: z.string(),
  name: z.string(),
  email: z.string(),
  topic: contactRequestSchema.shape.topic,
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  replies: z.number().check(z.int()),
  /** When it was last answered (null: not yet). */
  answeredAt: z.nullable(z.string()),
})
export const staffMessageListSchema = z.object({ messages: z.array(staffMessageRowSchema) })

/** The thread: the sender's message, then the console's replies, oldest first. */
export const staffMessageDetailSchema = z.extend(staffMessageRowSchema, {
  phone: z.nullable(z.string()),
  message: z.string(),
  thread: z.array(
    z.object({
      /** The staff member's email (null: an account since removed). */
      from: z.nullable(z.string()),
      at: z.string(),
      text: z.string(),
    }),
  ),
})
export type StaffMessageDetail = z.output<typeof staffMessageDetailSchema>

export const staffReplySchema = z.object({
  text: z
    .string()
    .check(z.trim(), z.minLength(1, 'Write the reply'), z.maxLength(4000, 'Keep it under 4,000 characters')),
})

const MESSAGES = ['Staff: messages']
const MEMBER_SERVICES = { staff: ['support', 'admin'] } as const
const PATH = '/api/v4/staff/messages'

/** The contact form's messages for member services (issue 29): read, and answer by mail. */
export const staffMessagesApi = {
  messages: contract({
    method: 'get',
    path: PATH,
    summary: 'The tenant’s contact messages, open ones first (oldest first), then answered; by topic and status',
    tags: MESSAGES,
    access: MEMBER_SERVICES,
    query: staffMessageFiltersSchema,
    response: staffMessageListSchema,
  }),
  message: contract({
    method: 'get',
    path: `${PATH}/:id`,
    summary: 'One contact message with its thread of replies',
    tags: MESSAGES,
    access: MEMBER_SERVICES,
    params: idParam,
    response: staffMessageDetailSchema,
  }),
  reply: contract({
    method: 'post',
    path: `${PATH}/:id/reply`,
    summary: 'Replies to a contact message: mailed to the sender and added to the thread',
    tags: MESSAGES,
    access: MEMBER_SERVICES,
    status: 201,
    params: idParam,
    body: staffReplySchema,
    response: staffMessageDetailSchema,
  }),
}
