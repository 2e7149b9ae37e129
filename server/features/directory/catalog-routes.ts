import type { z } from '#schemas/engine/zod.ts'
import type { ProviderSearch } from '#schemas/api/directory.ts'
import { catalogApi, type providerSearchSchema } from '#schemas/api/directory.ts'
import { checkCoupon, planCatalog } from '../plans/index.ts'
import { catalog } from './catalog.ts'
import { directoryUpdatedAt, searchDirectory, shownMiles, type Near } from './directory.ts'
import { reportDirectoryError } from './directory-reports.ts'
import { notFound } from '../../platform/errors.ts'
import { zipCentroid } from './geo.ts'
import { endpoint, guardSender, type ApiContext } from '../../context.ts'
import { HttpError } from '../../platform/http/endpoint.ts'

type Search = z.output<typeof providerSearchSchema>

const requireOwnGroup = (ctx: ApiContext, id: string) => {
  if (id !== ctx.tenant.groupKey) throw notFound('Group')
}

/** The search's origin; an unknown ZIP is the visitor's to fix, so a 422 that names it. */
function near(query: Search): Near | undefined {
  if (!query.zip) return undefined
  const origin = zipCentroid(query.zip)
  if (!origin)
    throw new HttpError(422, `We do not know the ZIP code ${query.zip}`, [
      { path: ['query', 'zip'], message: `We do not know the ZIP code ${query.zip}` },
    ])
  return { origin, radiusMiles: query.radius }
}

const originOf = (where: Near | undefined, zip: ProviderSearch['zip']) =>
  where && zip ? { zip, city: where.origin.city, state: where.origin.state } : null

function page<T>(items: readonly T[], query: Search) {
  const start = (query.page - 1) * query.pageSize
  return {
    results: items.slice(start, start + query.pageSize),
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
  }
}

async function directory(ctx: ApiContext) {
  const [offices, providers, updatedAt] = await Promise.all([
    catalog.offices(ctx.db, ctx.tenant.groupKey),
    catalog.providers(ctx.db, ctx.tenant.groupKey),
    directoryUpdatedAt(ctx.db, ctx.tenant.groupKey, ctx.now()),
  ])
  return {
    offices: offices.map((office) => ({
      ...office,
      providers: providers.filter((provider) => provider.officeId === office.id),
    })),
    updatedAt,
  }
}

/** Plans, offices, coupons and the provider search: public, each scoped to the request's tenant. */
export const catalogRoutes = [
  endpoint(catalogApi.location, async ({ params, ctx }) => {
    return (await catalog.office(ctx.db, ctx.tenant.groupKey, params.id)) ?? Promise.reject(notFound('Office'))
  }),
  endpoint(catalogApi.plan, async ({ params, ctx }) => {
    return (await planCatalog.plan(ctx.db, ctx.tenant.groupKey, params.id)) ?? Promise.reject(notFound('Plan'))
  }),
  endpoint(catalogApi.planAtOffice, async ({ params, ctx }) => {
    const [plan, office] = await Promise.all([
      planCatalog.plan(ctx.db, ctx.tenant.groupKey, params.planId),
      catalog.office(ctx.db, ctx.tenant.groupKey, params.officeId),
    ])
    if (!plan) throw notFound('Plan')
    if (!office) throw notFound('Office')
    if (!(await catalog.offers(ctx.db, office.id, plan.id))) throw notFound('Plan at this office')
    return { plan, office }
  }),
  endpoint(catalogApi.validateCoupon, async ({ query, ctx }) => {
    await ctx.limits.take('coupon', ctx.address)
    if (!(await planCatalog.plan(ctx.db, ctx.tenant.groupKey, query.plan_id))) throw notFound('Plan')
    if (!(await catalog.office(ctx.db, ctx.tenant.groupKey, query.location_id))) throw notFound('Office')
    return checkCoupon(ctx.db, ctx.tenant.groupKey, query.coupon, query.plan_id, query.location_id, ctx.now())
  }),
  endpoint(catalogApi.providers, async ({ query, ctx }) => {
    const where = near(query)
    const [matches, updatedAt] = await Promise.all([
      searchDirectory(ctx.db, ctx.tenant.groupKey, query, where),
      directoryUpdatedAt(ctx.db, ctx.tenant.groupKey, ctx.now()),
    ])
    const results = matches
      .flatMap((match) =>
        match.providers.map((provider) => ({ provider, office: match.office, distance: match.distanceMiles })),
      )
      .sort(
        (a, b) =>
          (a.distance ?? 0) - (b.distance ?? 0) ||
          a.provider.name.localeCompare(b.provider.name, 'en') ||
          a.provider.id - b.provider.id,
      )
      .map(({ provider, office, distance }) => ({ provider, office, distanceMiles: shownMiles(distance) }))
    return { ...page(results, query), origin: originOf(where, query.zip), updatedAt }
  }),
  endpoint(catalogApi.officeSearch, async ({ query, ctx }) => {
    const where = near(query)
    const listed = page(await searchDirectory(ctx.db, ctx.tenant.groupKey, query, where), query)
    const plans = await catalog.planPricesAt(
      ctx.db,
      ctx.tenant.groupKey,
      listed.results.map((match) => match.office.id),
    )
    const results = listed.results.map((match) => ({
      office: match.office,
      distanceMiles: shownMiles(match.distanceMiles),
      providers: match.providers,
      plans: plans.get(match.office.id) ?? [],
    }))
    return { ...listed, results, origin: originOf(where, query.zip) }
  }),
  endpoint(catalogApi.reportDirectoryError, async ({ body, ctx, c }) => {
    await guardSender(ctx, c, 'directory_report', [['directoryReport', ctx.address]])
    return reportDirectoryError(ctx, body)
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
    const office = await catalog.office(ctx.db, ctx.tenant.groupKey, params.id)
    if (!office) throw notFound('Office')
    return { ...office, providers: await catalog.providers(ctx.db, ctx.tenant.groupKey, office.id) }
  }),
  endpoint(catalogApi.officePlans, async ({ params, ctx }) => {
    if (!(await catalog.office(ctx.db, ctx.tenant.groupKey, params.id))) throw notFound('Office')
    return { plans: await catalog.plansAt(ctx.db, ctx.tenant.groupKey, params.id) }
  }),
]
