import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { directoryReportSchema, officeSchema } from './catalog.ts'
import { idParam, phoneSchema, usStateSchema, zipSchema } from './common.ts'

/** A report's outcome: still open, the inaccuracy verified (and the directory corrected), or not confirmed. */
export const DIRECTORY_REPORT_STATUSES = ['open', 'verified', 'not-confirmed'] as const
export type DirectoryReportStatus = (typeof DIRECTORY_REPORT_STATUSES)[number]

export const staffDirectoryReportFiltersSchema = z.object({
  status: z.optional(z.enum(DIRECTORY_REPORT_STATUSES)),
  overdue: z.optional(z.enum(['true', 'false'])),
})

/**
 * The §1367.27(e) clock: investigated and corrected within 30 business days of filing. Business
 * days are Monday to Friday (no holiday list yet); `daysLeft` counts them (0 on the due day,
 * negative once past).
 */
export const directoryReportClockSchema = z.object({
  by: z.string(),
  /** When the report was closed as verified or not confirmed (null: open). */
  doneAt: z.nullable(z.string()),
  daysLeft: z.number().check(z.int()),
  overdue: z.boolean(),
})

export const staffDirectoryReportRowSchema = z.object({
  id: z.number(),
  reference: z.string(),
  filedAt: z.string(),
  status: z.enum(DIRECTORY_REPORT_STATUSES),
  field: directoryReportSchema.shape.field,
  /** What the report is about: the provider's name, or the office's. */
  about: z.string(),
  due: directoryReportClockSchema,
})
export const staffDirectoryReportListSchema = z.object({ reports: z.array(staffDirectoryReportRowSchema) })

/** A provider's directory record as staff see it: listed or not (NPI and licence on file), and when it last changed. */
export const staffProviderRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  providerType: z.string(),
  specialty: z.string(),
  npi: z.nullable(z.string()),
  licenseNumber: z.nullable(z.string()),
  boardCertification: z.nullable(z.string()),
  patientAges: z.enum(['adults', 'children', 'all']),
  groupAffiliation: z.nullable(z.string()),
  languages: z.array(z.string()),
  acceptingNewPatients: z.boolean(),
  officeId: z.number(),
  listed: z.boolean(),
  updatedAt: z.string(),
})
export const staffOfficeRecordSchema = z.extend(officeSchema, { updatedAt: z.string() })

export const DIRECTORY_REPORT_EVENT_KINDS = ['corrected', 'verified', 'not-confirmed'] as const
export const directoryReportEventSchema = z.object({
  kind: z.enum(DIRECTORY_REPORT_EVENT_KINDS),
  at: z.string(),
  actor: z.nullable(z.string()),
  text: z.string(),
  /** A correction's fields, before and after (empty for the other kinds). */
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
})

export const staffDirectoryReportDetailSchema = z.extend(staffDirectoryReportRowSchema, {
  details: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  /** The directory record the report is about: the office, and the provider when one is named. */
  office: staffOfficeRecordSchema,
  provider: z.nullable(staffProviderRecordSchema),
  history: z.array(directoryReportEventSchema),
})
export type StaffDirectoryReportDetail = z.output<typeof staffDirectoryReportDetailSchema>

const words = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(max, `Use at most ${max} characters`))
const wordList = z.array(words(60)).check(
  z.maxLength(30, 'List at most 30'),
  z.refine((items) => new Set(items).size === items.length, 'Listed twice'),
)
const TIME = 'Use a 24-hour time, like 08:30'
const time = z.string().check(z.maxLength(5, { error: TIME, abort: true }), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME))
const hoursSchema = z
  .array(z.object({ day: z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']), opens: time, closes: time }))
  .check(
    z.maxLength(7, 'One line a day'),
    z.refine((days) => new Set(days.map((item) => item.day)).size === days.length, 'One line a day'),
    z.refine((days) => days.every((item) => item.opens < item.closes), 'An office closes after it opens'),
  )

/** The office's §1367.27 fields staff may correct; each left out stays as it is. A new ZIP moves the office to its centre. */
export const officeCorrectionSchema = z.object({
  name: z.optional(words(120)),
  address: z.optional(z.object({ line: words(120), city: words(80), state: usStateSchema, zip: zipSchema })),
  phone: z.optional(phoneSchema),
  hours: z.optional(hoursSchema),
  acceptingNewPatients: z.optional(z.boolean()),
  accessibility: z.optional(wordList),
  staffLanguages: z.optional(wordList),
})
export type OfficeCorrection = z.output<typeof officeCorrectionSchema>

/** The provider's §1367.27 fields staff may correct; each left out stays as it is (null: none, where the directory allows it). */
export const providerCorrectionSchema = z.object({
  name: z.optional(words(120)),
  providerType: z.optional(words(80)),
  specialty: z.optional(words(80)),
  npi: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(10, { error: 'An NPI has ten digits', abort: true }),
        z.regex(/^\d{10}$/, 'An NPI has ten digits'),
      ),
  ),
  licenseNumber: z.optional(words(40)),
  boardCertification: z.optional(z.nullable(words(120))),
  patientAges: z.optional(z.enum(['adults', 'children', 'all'])),
  groupAffiliation: z.optional(z.nullable(words(120))),
  languages: z.optional(wordList),
  acceptingNewPatients: z.optional(z.boolean()),
})
export type ProviderCorrection = z.output<typeof providerCorrectionSchema>

const note = (message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(4000, 'Keep it under 4,000 characters'))

/** A correction of the directory record, with what it rests on (kept in the history and the audit trail). */
export const directoryCorrectionSchema = z
  .object({
    reason: note('Say what the correction rests on'),
    office: z.optional(officeCorrectionSchema),
    provider: z.optional(providerCorrectionSchema),
  })
  .check(
    z.refine((body) => Object.keys(body.office ?? {}).length + Object.keys(body.provider ?? {}).length > 0, {
      message: 'Change at least one field',
      path: ['office'],
    }),
  )
export type DirectoryCorrection = z.output<typeof directoryCorrectionSchema>

/** Closing a report: the note is kept, and mailed to the reporter. */
export const directoryReportOutcomeSchema = z.object({ note: note('Write the note the reporter will read') })

const REPORTS = ['Staff: directory reports']
const MEMBER_SERVICES = { staff: ['support', 'admin'] } as const
const PATH = '/api/v4/staff/directory-reports'

const reportAction = <Body extends z.ZodMiniType>(action: string, summary: string, body: Body) =>
  contract({
    method: 'post',
    path: `${PATH}/:id/${action}`,
    summary,
    tags: REPORTS,
    access: MEMBER_SERVICES,
    params: idParam,
    body,
    response: staffDirectoryReportDetailSchema,
  })

/** Directory inaccuracy reports for member services (issue 29, §1367.27(e)). */
export const staffDirectoryReportsApi = {
  reports: contract({
    method: 'get',
    path: PATH,
    summary:
      'The tenant’s directory reports, nearest due date first, with the 30-business-day clock; by status and overdue',
    tags: REPORTS,
    access: MEMBER_SERVICES,
    query: staffDirectoryReportFiltersSchema,
    response: staffDirectoryReportListSchema,
  }),
  report: contract({
    method: 'get',
    path: `${PATH}/:id`,
    summary: 'One directory report, the directory record it is about (office and provider) and its history',
    tags: REPORTS,
    access: MEMBER_SERVICES,
    params: idParam,
    response: staffDirectoryReportDetailSchema,
  }),
  correct: reportAction(
    'correct',
    'Corrects §1367.27 fields of the record an open report is about; the directory’s last-updated date moves to now',
    directoryCorrectionSchema,
  ),
  verify: reportAction(
    'verify',
    'Closes an open report as verified, with a note mailed to the reporter',
    directoryReportOutcomeSchema,
  ),
  notConfirmed: reportAction(
    'not-confirmed',
    'Closes an open report as not confirmed, with a note mailed to the reporter',
    directoryReportOutcomeSchema,
  ),
}
