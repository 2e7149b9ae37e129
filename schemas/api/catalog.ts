import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { centsSchema, emailSchema, idParam, idText } from './common.ts'
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
