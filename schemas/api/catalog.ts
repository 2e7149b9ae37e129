import { z } from 'zod'
import { contract } from '../contract.ts'
import { centsSchema, idParam } from './common.ts'

export const openingHoursSchema = z.array(z.object({ day: z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']), opens: z.string(), closes: z.string() }))

export const officeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.object({ line: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  hours: openingHoursSchema,
  acceptingNewPatients: z.boolean(),
})
export type Office = z.infer<typeof officeSchema>

export const feeScheduleSchema = z.array(
  z.object({ code: z.string(), procedure: z.string(), usualFeeCents: centsSchema, memberFeeCents: centsSchema }),
)

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  monthlyPriceCents: centsSchema,
  annualPriceCents: centsSchema,
  enrollmentFeeCents: centsSchema,
  maxDependents: z.number().int(),
  feeSchedule: feeScheduleSchema,
})
export type Plan = z.infer<typeof planSchema>

export const planAtOfficeSchema = z.object({ plan: planSchema, office: officeSchema })

export const providerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  specialty: z.string(),
  languages: z.array(z.string()),
  acceptingNewPatients: z.boolean(),
  accessibility: z.array(z.string()),
  officeId: z.number().int(),
})

const flagQuery = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')

export const providerSearchSchema = z.object({
  zip: z.string().regex(/^\d{5}$/, 'Enter a five-digit ZIP code').optional(),
  radius: z.coerce.number().int().min(1).max(500).default(25).describe('Miles from the ZIP code'),
  name: z.string().trim().max(80).optional(),
  specialty: z.string().trim().max(80).optional(),
  language: z.string().trim().max(40).optional(),
  accepting: flagQuery.optional().describe('Only providers accepting new patients'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
})

export const providerResultsSchema = z.object({
  results: z.array(z.object({ provider: providerSchema, office: officeSchema, distanceMiles: z.number().nullable() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})

export const couponQuerySchema = z.object({
  coupon: z.string().trim().min(1, 'Enter a coupon code').max(40),
  plan_id: z.coerce.number().int().positive(),
  location_id: z.coerce.number().int().positive(),
})

export const couponResultSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  coupon: z.object({ code: z.string(), kind: z.enum(['percent', 'fixed']), amount: z.number().int() }).optional(),
})

export const groupDirectorySchema = z.object({
  offices: z.array(officeSchema.extend({ providers: z.array(providerSchema) })),
})

const CATALOG = ['Plans and offices']
/** The km group paths name the tenant: another tenant's group is not found. */
export const groupParam = z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'Not a group id') })
export const officeDetailsSchema = officeSchema.extend({ providers: z.array(providerSchema) })

/** Plans, offices, coupons and the provider search: public, each scoped to the request's tenant. */
export const catalogApi = {
  location: contract({
    method: 'get', path: '/api/v4/locations/:id', summary: 'An office', tags: CATALOG, access: 'public',
    params: idParam, response: officeSchema,
  }),
  plan: contract({
    method: 'get', path: '/api/v4/plans/:id', summary: 'A plan with its prices and fee schedule', tags: CATALOG, access: 'public',
    params: idParam, response: planSchema,
  }),
  planAtOffice: contract({
    method: 'get', path: '/api/v4/plans/:planId/:officeId', summary: 'A plan at an office: found only when both exist and the office offers the plan', tags: CATALOG, access: 'public',
    params: z.object({ planId: z.coerce.number().int().positive(), officeId: z.coerce.number().int().positive() }), response: planAtOfficeSchema,
  }),
  validateCoupon: contract({
    method: 'get', path: '/api/v4/coupon/validate', summary: 'Checks a coupon for a plan at an office', tags: CATALOG, access: 'public',
    query: couponQuerySchema, response: couponResultSchema,
  }),
  providers: contract({
    method: 'get', path: '/api/v4/providers', summary: 'Provider search: by ZIP and radius (sorted by distance), name, specialty, language and new patients; paginated', tags: CATALOG, access: 'public',
    query: providerSearchSchema, response: providerResultsSchema,
  }),
  groupOffices: contract({
    method: 'get', path: '/api/km/group/:id/offices', summary: 'The group’s offices', tags: CATALOG, access: 'public',
    params: groupParam, response: z.object({ offices: z.array(officeSchema) }),
  }),
  groupDirectory: contract({
    method: 'get', path: '/api/km/group/:id/directory', summary: 'The group’s provider directory, by office', tags: CATALOG, access: 'public',
    params: groupParam, response: groupDirectorySchema,
  }),
  officeDetails: contract({
    method: 'get', path: '/api/km/office/:id/details', summary: 'An office with its providers', tags: CATALOG, access: 'public',
    params: idParam, response: officeDetailsSchema,
  }),
  officePlans: contract({
    method: 'get', path: '/api/km/office/:id/plans', summary: 'The plans an office offers', tags: CATALOG, access: 'public',
    params: idParam, response: z.object({ plans: z.array(planSchema) }),
  }),
}
