import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { dateSchema, emailSchema, idText, nameSchema, okSchema, phoneSchema } from './common.ts'
import { GRIEVANCE_ATTACHMENTS } from './grievance-attachments.ts'
import { GRIEVANCE_RESPONSE_KINDS, GRIEVANCE_STATUSES } from '../grievance-deadlines.ts'

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

/** What a grievance may carry as attachments: PDF, JPEG or PNG, at most 3 files of 2 MB each. */
export { GRIEVANCE_ATTACHMENTS } from './grievance-attachments.ts'
const attachmentTypes = Object.keys(GRIEVANCE_ATTACHMENTS.types) as [
  keyof typeof GRIEVANCE_ATTACHMENTS.types,
  ...(keyof typeof GRIEVANCE_ATTACHMENTS.types)[],
]
/** Bytes of a base64 text (no whitespace, standard alphabet). */
export const base64Bytes = (text: string) =>
  Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0)

export const grievanceAttachmentSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Required'), z.maxLength(160, 'Use a file name of at most 160 characters')),
  type: z.enum(attachmentTypes, 'Attach a PDF, JPEG or PNG file'),
  dataBase64: z.string().check(
    z.maxLength(4 * Math.ceil(GRIEVANCE_ATTACHMENTS.maxBytes / 3), {
      error: 'Each file must be 2 MB or smaller and not empty',
      abort: true,
    }),
    z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file is not base64'),
    z.refine(
      (text) => text.length > 0 && base64Bytes(text) <= GRIEVANCE_ATTACHMENTS.maxBytes,
      'Each file must be 2 MB or smaller and not empty',
    ),
  ),
})
export type GrievanceAttachment = z.infer<typeof grievanceAttachmentSchema>

/** An authorised representative filing for the member (Cal. Code Regs. tit. 28 §1300.68: the member's written authorisation). */
export const grievanceRepresentativeSchema = z.object({
  name: nameSchema,
  relationship: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Say how you are related to the member'),
      z.maxLength(80, 'Use at most 80 characters'),
    ),
  phone: z.optional(phoneSchema),
  authorized: z.literal(true, 'Confirm that the member authorised you in writing'),
})

export const grievanceCategories = [
  'quality-of-care',
  'billing',
  'access-to-care',
  'customer-service',
  'other',
] as const

/** A grievance as a California plan's form takes it. */
export const grievanceRequestSchema = z.object({
  name: nameSchema.check(z.describe('Member name')),
  email: emailSchema,
  phone: z.optional(phoneSchema),
  memberNumber: z.optional(z.string().check(z.trim(), z.maxLength(40, 'Use at most 40 characters'))),
  /** The patient, when not the member (a dependent). */
  patientName: z.optional(z.string().check(z.trim(), z.maxLength(80, 'Use at most 80 characters'))),
  officeId: z.optional(idText),
  dateOfService: z.optional(dateSchema),
  category: z.enum(grievanceCategories),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(20, 'Describe what happened (at least 20 characters)'),
      z.maxLength(8000, 'Use at most 8000 characters'),
    ),
  desiredResolution: z
    .string()
    .check(
      z.trim(),
      z.minLength(5, 'Say how you would like this resolved (at least 5 characters)'),
      z.maxLength(4000, 'Use at most 4000 characters'),
    ),
  /** An urgent grievance (a serious threat to health) is decided in days, not weeks (H&S §1368.01(b)). */
  urgent: z._default(z.boolean(), false),
  representative: z.optional(grievanceRepresentativeSchema),
  attachments: z._default(
    z.array(grievanceAttachmentSchema).check(z.maxLength(GRIEVANCE_ATTACHMENTS.maxFiles, 'Attach at most 3 files')),
    [],
  ),
})
export type GrievanceRequest = z.input<typeof grievanceRequestSchema>

export const grievanceReceiptSchema = z.object({
  reference: z.string(),
  /** The configured time limits, in days, and the dates they give. */
  acknowledgeDays: z.number().check(z.int()),
  resolveDays: z.number().check(z.int()),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  urgent: z.boolean(),
  message: z.string(),
})
export type GrievanceReceipt = z.infer<typeof grievanceReceiptSchema>

/** A plan's written response to a grievance: its acknowledgement, an update, its decision. */
export const grievanceResponseSchema = z.object({
  kind: z.enum(GRIEVANCE_RESPONSE_KINDS),
  sentAt: z.string(),
  body: z.string(),
})

/**
 * A grievance as its member sees it: never what was typed into the form (it may have been filed by
 * someone else with the member's number), only the plan's side: its status, the legal due dates
 * and when each step was taken, and the plan's responses, oldest first.
 */
export const grievanceSummarySchema = z.object({
  reference: z.string(),
  filedAt: z.string(),
  category: z.enum(grievanceCategories),
  urgent: z.boolean(),
  status: z.enum(GRIEVANCE_STATUSES),
  acknowledgeBy: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  resolveBy: z.string(),
  resolvedAt: z.nullable(z.string()),
  responses: z.array(grievanceResponseSchema),
})
export type GrievanceSummary = z.output<typeof grievanceSummarySchema>

export const memberGrievancesSchema = z.object({ grievances: z.array(grievanceSummarySchema) })
export type MemberGrievances = z.output<typeof memberGrievancesSchema>

/** The reference as the acknowledgement gives it (GRV-2026-1A2B3C4D), in any case, spaces around it ignored. */
export const GRIEVANCE_REFERENCE = /^GRV-\d{4}-[0-9A-F]{8}$/
export const grievanceLookupSchema = z.object({
  reference: z
    .string()
    .check(
      z.trim(),
      z.toUpperCase(),
      z.minLength(1, 'Enter the reference from your acknowledgement'),
      z.maxLength(40, { error: 'Enter the reference as it was given, such as GRV-2026-1A2B3C4D', abort: true }),
      z.regex(GRIEVANCE_REFERENCE, 'Enter the reference as it was given, such as GRV-2026-1A2B3C4D'),
    ),
  email: emailSchema,
})
export type GrievanceLookup = z.input<typeof grievanceLookupSchema>
export const grievanceLookupResultSchema = z.object({ grievance: grievanceSummarySchema })

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
const grievanceContract = (prefix: '/api/v4' | '/api/km') =>
  contract({
    method: 'post',
    path: `${prefix}/grievance`,
    summary: 'Files a grievance: stored with a reference number and acknowledged by mail',
    tags: SUPPORT,
    access: 'public',
    status: 201,
    body: grievanceRequestSchema,
    response: grievanceReceiptSchema,
  })

/** Contact messages and grievances; the v4 and km paths share one service. */
export const supportApi = {
  contact: contactContract('/api/v4'),
  grievance: grievanceContract('/api/v4'),
  kmContact: contactContract('/api/km'),
  kmGrievance: grievanceContract('/api/km'),
  /** The member's grievances: filed signed in, or with their member number (or a dependent's). */
  memberGrievances: contract({
    method: 'get',
    path: '/api/v4/member/grievances',
    summary: 'The member’s grievances, newest first: status, due dates and the plan’s responses',
    tags: SUPPORT,
    access: 'member',
    response: memberGrievancesSchema,
  }),
  /**
   * One grievance by its reference and the email it was filed with, without signing in. Any
   * mismatch answers 404 with the same sentence; rate limited per client address.
   */
  grievanceStatus: contract({
    method: 'post',
    path: '/api/v4/grievance/status',
    summary: 'Looks up a grievance by its reference and the email it was filed with (404 unless both match)',
    tags: SUPPORT,
    access: 'public',
    body: grievanceLookupSchema,
    response: grievanceLookupResultSchema,
  }),
}
