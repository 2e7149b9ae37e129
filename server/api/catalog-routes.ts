import { z } from 'zod'
import type { providerSchema } from '#schemas/api/catalog.ts';
import { catalogApi } from '#schemas/api/catalog.ts'
import { many } from '../db/database.ts'
import { catalog, checkCoupon } from '../services/catalog.ts'
import { distanceMiles, zipCentroid } from '../services/geo.ts'
import { endpoint, type ApiContext } from './context.ts'
import { HttpError, notFound } from './endpoint.ts'

const providerRow = z.object({
  id: z.number(),
  office_id: z.number(),
  name: z.string(),
  specialty: z.string(),
  languages: z.array(z.string()),
  accepting_new_patients: z.boolean(),
  accessibility: z.array(z.string()),
})
const toProvider = (row: z.infer<typeof providerRow>): z.infer<typeof providerSchema> => ({
  id: row.id,
  name: row.name,
  specialty: row.specialty,
  languages: row.languages,
  acceptingNewPatients: row.accepting_new_patients,
  accessibility: row.accessibility,
  officeId: row.office_id,
})

const requireOwnGroup = (ctx: ApiContext, id: string) => {
  if (id !== ctx.tenant.groupKey) throw notFound('Group')
}

async function directory(ctx: ApiContext) {
  const offices = await catalog.offices(ctx.db, ctx.tenant.groupKey)
  const providers = (await many(ctx.db, providerRow, 'SELECT * FROM providers WHERE group_key = $1 ORDER BY name', [ctx.tenant.groupKey])).map(toProvider)
  return { offices: offices.map((office) => ({ ...office, providers: providers.filter((provider) => provider.officeId === office.id) })) }
}

/** Plans, offices, coupons and the provider search: public, each scoped to the request's tenant. */
export const catalogRoutes = [
  endpoint(catalogApi.location, async ({ params, ctx }) => {
    return (await catalog.office(ctx.db, ctx.tenant.groupKey, params.id)) ?? Promise.reject(notFound('Office'))
  }),
  endpoint(catalogApi.plan, async ({ params, ctx }) => {
    return (await catalog.plan(ctx.db, ctx.tenant.groupKey, params.id)) ?? Promise.reject(notFound('Plan'))
  }),
  endpoint(catalogApi.planAtOffice, async ({ params, ctx }) => {
    const [plan, office] = await Promise.all([catalog.plan(ctx.db, ctx.tenant.groupKey, params.planId), catalog.office(ctx.db, ctx.tenant.groupKey, params.officeId)])
    if (!plan) throw notFound('Plan')
    if (!office) throw notFound('Office')
    if (!(await catalog.offers(ctx.db, office.id, plan.id))) throw notFound('Plan at this office')
    return { plan, office }
  }),
  endpoint(catalogApi.validateCoupon, async ({ query, ctx }) => {
    if (!(await catalog.plan(ctx.db, ctx.tenant.groupKey, query.plan_id))) throw notFound('Plan')
    if (!(await catalog.office(ctx.db, ctx.tenant.groupKey, query.location_id))) throw notFound('Office')
    return checkCoupon(ctx.db, ctx.tenant.groupKey, query.coupon, query.plan_id, query.location_id, ctx.now())
  }),
  endpoint(catalogApi.providers, async ({ query, ctx }) => {
    const origin = query.zip ? zipCentroid(query.zip) : undefined
    if (query.zip && !origin) throw new HttpError(422, `We do not know the ZIP code ${query.zip}`, [{ path: ['query', 'zip'], message: 'Unknown ZIP code' }])
    const rows = await many(
      ctx.db,
      providerRow,
      `SELECT p.* FROM providers p WHERE p.group_key = $1
         AND ($2::text IS NULL OR p.name ILIKE '%' || $2 || '%')
         AND ($3::text IS NULL OR p.specialty ILIKE '%' || $3 || '%')
         AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM unnest(p.languages) AS l WHERE lower(l) = lower($4)))
         AND ($5::boolean IS NULL OR p.accepting_new_patients = $5)`,
      [ctx.tenant.groupKey, query.name ?? null, query.specialty ?? null, query.language ?? null, query.accepting ?? null],
    )
    const offices = new Map((await catalog.offices(ctx.db, ctx.tenant.groupKey)).map((office) => [office.id, office]))
    const results = rows
      .map((row) => {
        const office = offices.get(row.office_id)!
        return { provider: toProvider(row), office, distanceMiles: origin ? Math.round(distanceMiles(origin, office) * 10) / 10 : null }
      })
      .filter((result) => result.distanceMiles === null || result.distanceMiles <= query.radius)
      .sort((a, b) => (a.distanceMiles ?? 0) - (b.distanceMiles ?? 0) || a.provider.name.localeCompare(b.provider.name))
    const start = (query.page - 1) * query.pageSize
    return { results: results.slice(start, start + query.pageSize), total: results.length, page: query.page, pageSize: query.pageSize }
  }),
  endpoint(catalogApi.groupOffices, async ({ params, ctx }) => {
    requireOwnGroup(ctx, params.id)
    return { offices: await catalog.offices(ctx.db, ctx.tenant.groupKey) }
  }),
  endpoint(catalogApi.groupDirectory, async ({ params, ctx }) => {
    requireOwnGroup(ctx, params.id)
    return directory(ctx)
  }),
  endpoint(catalogApi.officeDetails, async ({ params, ctx }) => {
    const office = (await directory(ctx)).offices.find((item) => item.id === params.id)
    if (!office) throw notFound('Office')
    return office
  }),
  endpoint(catalogApi.officePlans, async ({ params, ctx }) => {
    if (!(await catalog.office(ctx.db, ctx.tenant.groupKey, params.id))) throw notFound('Office')
    return { plans: await catalog.plansAt(ctx.db, ctx.tenant.groupKey, params.id) }
  }),
]
