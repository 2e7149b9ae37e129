// The directory feature's contracts (server/features/directory): offices, providers, the plans and
// coupons offices offer, directory reports, and member services' handling of the reports.
import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { centsSchema, emailSchema, idParam, idText, phoneSchema, usStateSchema, zipSchema } from './common.ts'
import { RADIUS_MILES } from './search-limits.ts'

export const openingHoursSchema = z.array(
  z.object({ day: z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']), opens: z.string(), closes: z.string() }),
)

export const officeSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  address: z.object({ line: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  hours: openingHoursSchema,
  acceptingNewPatients: z.boolean(),
  /** What the office offers for access (H&S §1367.27: accessibility of the office). */
  accessibility: z.array(z.string()),
  /** Languages the office's staff speak, beside each provider's own. */
  staffLanguages: z.array(z.string()),
})
export type Office = z.infer<typeof officeSchema>

export const feeScheduleSchema = z.array(
  z.object({ code: z.string(), procedure: z.string(), usualFeeCents: centsSchema, memberFeeCents: centsSchema }),
)

export const planSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  description: z.string(),
  monthlyPriceCents: centsSchema,
  annualPriceCents: centsSchema,
  enrollmentFeeCents: centsSchema,
  maxDependents: z.number().check(z.int()),
  feeSchedule: feeScheduleSchema,
})
export type Plan = z.infer<typeof planSchema>

export const planAtOfficeSchema = z.object({ plan: planSchema, office: officeSchema })

/**
 * A provider with the fields California's provider directory rules ask for (H&S §1367.27):
 * name, type and specialty, NPI, licence number, board certification, the ages seen, group
 * affiliation, languages, new patients; the office gives locations, phone, accessibility and
 * the staff's languages.
 */
export const providerSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  /** The kind of provider: Dentist, Dental hygienist, … */
  providerType: z.string(),
  specialty: z.string(),
  npi: z.string().check(z.regex(/^\d{10}$/)),
  licenseNumber: z.string(),
  /** The certifying board, or null when not board certified. */
  boardCertification: z.nullable(z.string()),
  patientAges: z.enum(['adults', 'children', 'all']),
  /** The dental group the provider belongs to, or null. */
  groupAffiliation: z.nullable(z.string()),
  languages: z.array(z.string()),
  acceptingNewPatients: z.boolean(),
  officeId: z.number().check(z.int()),
})
export type Provider = z.infer<typeof providerSchema>

const flagQuery = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
)

export { RADIUS_MILES } from './search-limits.ts'
const radiusMessage = `Choose a distance from ${RADIUS_MILES.min} to ${RADIUS_MILES.max} miles`
export const providerSearchSchema = z.object({
  zip: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(5, { error: 'Enter a five-digit ZIP code', abort: true }),
        z.regex(/^\d{5}$/, 'Enter a five-digit ZIP code'),
      ),
  ),
  radius: z
    ._default(
      z.coerce
        .number(radiusMessage)
        .check(z.int(radiusMessage), z.gte(RADIUS_MILES.min, radiusMessage), z.lte(RADIUS_MILES.max, radiusMessage)),
      RADIUS_MILES.default,
    )
    .check(z.describe('Miles from the ZIP code')),
  name: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  specialty: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  language: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  accepting: z.optional(flagQuery).check(z.describe('Only providers accepting new patients')),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 10),
})
export type ProviderSearch = z.input<typeof providerSearchSchema>

/** Where a ZIP search measured from (null without a ZIP). */
const originSchema = z.nullable(z.object({ zip: z.string(), city: z.string(), state: z.string() }))
/** When the directory's data last changed (ISO timestamp): the directory shows it (§1367.27). */
const updatedAtSchema = z.string().check(z.describe('When the directory last changed (ISO 8601)'))

export const providerResultsSchema = z.object({
  results: z.array(z.object({ provider: providerSchema, office: officeSchema, distanceMiles: z.nullable(z.number()) })),
  origin: originSchema,
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  updatedAt: updatedAtSchema,
})
export type ProviderResults = z.output<typeof providerResultsSchema>

/** A plan as an office card lists it: name and prices. */
export const planPriceSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  monthlyPriceCents: centsSchema,
  annualPriceCents: centsSchema,
})

/** The office search of find-a-dentist: the same filters; one result per office, with its matching providers and its plans (cheapest first). */
export const officeSearchResultsSchema = z.object({
  results: z.array(
    z.object({
      office: officeSchema,
      distanceMiles: z.nullable(z.number()),
      providers: z.array(providerSchema),
      plans: z.array(planPriceSchema),
    }),
  ),
  origin: originSchema,
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
})
export type OfficeSearchResults = z.output<typeof officeSearchResultsSchema>

/** What a directory inaccuracy report names: a provider, an office, or both; and what is wrong. */
export const directoryReportSchema = z
  .object({
    providerId: z.optional(idText),
    officeId: z.optional(idText),
    field: z.enum([
      'name',
      'address-or-phone',
      'specialty',
      'accepting-new-patients',
      'languages',
      'accessibility',
      'licence-or-npi',
      'other',
    ]),
    details: z
      .string()
      .check(
        z.trim(),
        z.minLength(10, 'Tell us what is wrong (at least 10 characters)'),
        z.maxLength(2000, 'Use at most 2000 characters'),
      ),
    name: z.optional(z.string().check(z.trim(), z.maxLength(80, 'Use at most 80 characters'))),
    email: emailSchema,
  })
  .check(
    z.refine((report) => report.providerId !== undefined || report.officeId !== undefined, {
      message: 'Choose the provider or office',
      path: ['providerId'],
    }),
  )
export type DirectoryReport = z.infer<typeof directoryReportSchema>
export const directoryReportReceiptSchema = z.object({ reference: z.string(), message: z.string() })

/** What a coupon check says of a missing or blank code: the checkout shows it at its coupon field. */
const ENTER_COUPON = 'Enter a coupon code.'
export const couponQuerySchema = z.object({
  coupon: z
    .string({ error: ENTER_COUPON })
    .check(z.trim(), z.minLength(1, ENTER_COUPON), z.maxLength(40, 'Use at most 40 characters')),
  plan_id: idText,
  location_id: idText,
})

export const couponResultSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  coupon: z.optional(
    z.object({ code: z.string(), kind: z.enum(['percent', 'fixed']), amount: z.number().check(z.int()) }),
  ),
})

export const groupDirectorySchema = z.object({
  offices: z.array(z.extend(officeSchema, { providers: z.array(providerSchema) })),
  updatedAt: updatedAtSchema,
})

const CATALOG = ['Plans and offices']
/** The km group paths name the tenant: another tenant's group is not found. */
export const groupParam = z.object({
  id: z
    .string()
    .check(
      z.maxLength(64, { error: 'Not a group id', abort: true }),
      z.regex(/^[a-z0-9][a-z0-9_-]*$/, 'Not a group id'),
    ),
})
export const officeDetailsSchema = z.extend(officeSchema, { providers: z.array(providerSchema) })

/** Plans, offices, coupons and the provider search: public, each scoped to the request's tenant. */
export const catalogApi = {
  location: contract({
    method: 'get',
    path: '/api/v4/locations/:id',
    summary: 'An office',
    tags: CATALOG,
    access: 'public',
    params: idParam,
    response: officeSchema,
  }),
  plan: contract({
    method: 'get',
    path: '/api/v4/plans/:id',
    summary: 'A plan with its prices and fee schedule',
    tags: CATALOG,
    access: 'public',
    params: idParam,
    response: planSchema,
  }),
  planAtOffice: contract({
    method: 'get',
    path: '/api/v4/plans/:planId/:officeId',
    summary: 'A plan at an office: found only when both exist and the office offers the plan',
    tags: CATALOG,
    access: 'public',
    params: z.object({ planId: idText, officeId: idText }),
    response: planAtOfficeSchema,
  }),
  validateCoupon: contract({
    method: 'get',
    path: '/api/v4/coupon/validate',
    summary: 'Checks a coupon for a plan at an office',
    tags: CATALOG,
    access: 'public',
    query: couponQuerySchema,
    response: couponResultSchema,
  }),
  providers: contract({
    method: 'get',
    path: '/api/v4/providers',
    summary:
      'Provider search: by ZIP and radius (sorted by distance), name, specialty, language and new patients; paginated',
    tags: CATALOG,
    access: 'public',
    query: providerSearchSchema,
    response: providerResultsSchema,
  }),
  officeSearch: contract({
    method: 'get',
    path: '/api/v4/locations',
    summary:
      'Office search for find-a-dentist: the provider filters, one result per office with its matching providers and plans, sorted by distance',
    tags: CATALOG,
    access: 'public',
    query: providerSearchSchema,
    response: officeSearchResultsSchema,
  }),
  reportDirectoryError: contract({
    method: 'post',
    path: '/api/v4/directory/reports',
    summary: 'Reports an inaccuracy in the provider directory (filed with a reference, acknowledged by mail)',
    tags: CATALOG,
    access: 'public',
    status: 201,
    body: directoryReportSchema,
    response: directoryReportReceiptSchema,
  }),
  groupOffices: contract({
    method: 'get',
    path: '/api/km/group/:id/offices',
    summary: 'The group’s offices',
    tags: CATALOG,
    access: 'public',
    params: groupParam,
    response: z.object({ offices: z.array(officeSchema) }),
  }),
  groupDirectory: contract({
    method: 'get',
    path: '/api/km/group/:id/directory',
    summary: 'The group’s provider directory, by office',
    tags: CATALOG,
    access: 'public',
    params: groupParam,
    response: groupDirectorySchema,
  }),
  officeDetails: contract({
    method: 'get',
    path: '/api/km/office/:id/details',
    summary: 'An office with its providers',
    tags: CATALOG,
    access: 'public',
    params: idParam,
    response: officeDetailsSchema,
  }),
  officePlans: contract({
    method: 'get',
    path: '/api/km/office/:id/plans',
    summary: 'The plans an office offers',
    tags: CATALOG,
    access: 'public',
    params: idParam,
    response: z.object({ plans: z.array(planSchema) }),
  }),
}

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
