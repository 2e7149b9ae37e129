import { z } from 'zod'
import { centsSchema } from './common.ts'

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
