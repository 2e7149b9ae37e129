// The grievances feature's contracts (server/features/grievances): the grievance form, the member's
// grievances and the status lookup, and member services' inbox, actions and files of grievances.
import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { dateSchema, emailSchema, idParam, idText, nameSchema, phoneSchema } from './common.ts'
import { fileContract } from './files.ts'
import { GRIEVANCE_ATTACHMENTS } from './grievance-attachments.ts'
import { GRIEVANCE_RESPONSE_KINDS, GRIEVANCE_STATUSES } from '../grievance-deadlines.ts'

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

/** The inbox's filters: a status, only urgent ones, only overdue ones (each left out: all). */
export const staffGrievanceFiltersSchema = z.object({
  status: z.optional(z.enum(GRIEVANCE_STATUSES)),
  urgent: z.optional(z.enum(['true', 'false'])),
  overdue: z.optional(z.enum(['true', 'false'])),
})

/** A legal clock of a grievance: its date, the calendar days left (UTC; 0 on the day, negative past it), and whether it is missed. */
export const grievanceClockSchema = z.object({
  by: z.string(),
  /** When the step was taken (null: not yet). */
  doneAt: z.nullable(z.string()),
  daysLeft: z.number().check(z.int()),
  /** Not taken and past its date. */
  overdue: z.boolean(),
})

/** A row of the inbox. */
export const staffGrievanceRowSchema = z.object({
  id: z.number(),
  reference: z.string(),
  filedAt: z.string(),
  name: z.string(),
  category: z.enum(grievanceCategories),
  urgent: z.boolean(),
  status: z.enum(GRIEVANCE_STATUSES),
  acknowledge: grievanceClockSchema,
  resolve: grievanceClockSchema,
  /** Either clock missed. */
  overdue: z.boolean(),
})
export const staffGrievanceListSchema = z.object({ grievances: z.array(staffGrievanceRowSchema) })

export const GRIEVANCE_EVENT_KINDS = ['acknowledged', 'note', 'resolved', 'closed', 'reopened'] as const
export const grievanceEventSchema = z.object({
  kind: z.enum(GRIEVANCE_EVENT_KINDS),
  at: z.string(),
  /** The staff member's email (null: an account since removed). */
  actor: z.nullable(z.string()),
  text: z.string(),
})

/** Everything filed, the files' names, the linked member, the plan's responses and the staff's history. */
export const staffGrievanceDetailSchema = z.extend(staffGrievanceRowSchema, {
  email: z.string(),
  phone: z.nullable(z.string()),
  memberNumber: z.nullable(z.string()),
  memberId: z.nullable(z.number()),
  patientName: z.nullable(z.string()),
  office: z.nullable(z.string()),
  dateOfService: z.nullable(z.string()),
  description: z.string(),
  desiredResolution: z.string(),
  representative: z.nullable(z.object({ name: z.string(), relationship: z.string(), phone: z.nullable(z.string()) })),
  attachments: z.array(z.object({ name: z.string(), contentType: z.string(), size: z.number() })),
  responses: z.array(grievanceResponseSchema),
  history: z.array(grievanceEventSchema),
})
export type StaffGrievanceDetail = z.output<typeof staffGrievanceDetailSchema>

const text = (message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(4000, 'Keep it under 4,000 characters'))
/** Why an action is taken, kept in the history and the audit trail. */
export const grievanceReasonSchema = z.object({ reason: z.optional(z.string().check(z.trim(), z.maxLength(1000))) })
export const grievanceNoteSchema = z.object({ text: text('Write the note') })
export const grievanceResolutionSchema = z.object({ resolution: text('Write the resolution the member will read') })
export const grievanceReopenSchema = z.object({ reason: text('Say why the grievance is reopened') })

const SUPPORT = ['Support']
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

/** Grievances as the public and the member file and follow them; the v4 and km paths share one service. */
export const grievancesApi = {
  grievance: grievanceContract('/api/v4'),
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

const MEMBER_SERVICES = { staff: ['support', 'admin'] } as const
const GRIEVANCES = ['Staff: grievances']

/** An action on one grievance: recorded in its history and the audit trail; 409 when its status does not allow it. */
const grievanceAction = <Body extends z.ZodMiniType>(action: string, summary: string, body: Body) =>
  contract({
    method: 'post',
    path: `/api/v4/staff/grievances/:id/${action}`,
    summary,
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    params: idParam,
    body,
    response: staffGrievanceDetailSchema,
  })

/** A quarter as `2026-Q1` (January to March). */
export const quarterSchema = z
  .string()
  .check(
    z.maxLength(7, { error: 'Enter a quarter as YYYY-Q1 to YYYY-Q4', abort: true }),
    z.regex(/^20\d{2}-Q[1-4]$/, 'Enter a quarter as YYYY-Q1 to YYYY-Q4'),
  )

/** Grievances for member services (docs/adr/0026): the inbox, one grievance, its actions, and the files staff download. */
export const staffGrievancesApi = {
  grievances: contract({
    method: 'get',
    path: '/api/v4/staff/grievances',
    summary:
      'The tenant’s grievances, nearest deadline first, with their legal clocks; filtered by status, urgent, overdue',
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    query: staffGrievanceFiltersSchema,
    response: staffGrievanceListSchema,
  }),
  grievance: contract({
    method: 'get',
    path: '/api/v4/staff/grievances/:id',
    summary: 'One grievance: everything filed, its files’ names, the linked member, the responses and the history',
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    params: idParam,
    response: staffGrievanceDetailSchema,
  }),
  acknowledgeGrievance: grievanceAction(
    'acknowledge',
    'Acknowledges a received grievance in writing: a mail to the filer, shown in the member’s grievances',
    grievanceReasonSchema,
  ),
  noteGrievance: grievanceAction('note', 'Adds an internal note (never shown to the member)', grievanceNoteSchema),
  resolveGrievance: grievanceAction(
    'resolve',
    'Resolves an open grievance: the written resolution is mailed to the filer and shown in the member’s grievances',
    grievanceResolutionSchema,
  ),
  closeGrievance: grievanceAction('close', 'Closes a resolved grievance', grievanceReasonSchema),
  reopenGrievance: grievanceAction(
    'reopen',
    'Reopens a resolved or closed grievance, with the reason: it is open again, acknowledged',
    grievanceReopenSchema,
  ),
  grievancesReport: fileContract({
    path: '/api/v4/staff/reports/grievances',
    summary:
      'The grievances filed in a quarter as CSV, for the DMHC’s quarterly report: category, urgent, filed, acknowledged, resolved and closed dates, status, resolution, days open',
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    query: z.object({ quarter: quarterSchema }),
    types: ['text/csv'],
  }),
  grievanceAttachment: fileContract({
    path: '/api/v4/staff/grievances/:id/attachments/:index',
    summary:
      'A file filed with a grievance (its index in the detail’s list, from 0), as an attachment of its own type; 404 for another tenant’s',
    tags: GRIEVANCES,
    access: MEMBER_SERVICES,
    params: z.object({
      id: idText,
      index: z.coerce.number().check(z.int('A whole number'), z.gte(0, 'At least 0'), z.lte(100, 'No such file')),
    }),
    types: Object.keys(GRIEVANCE_ATTACHMENTS.types),
  }),
}
