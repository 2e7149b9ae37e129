import { z } from '../engine/zod.ts'
import { GRIEVANCE_STATUSES } from '../grievance-deadlines.ts'
import { grievanceCategories, grievanceResponseSchema } from './support.ts'

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
