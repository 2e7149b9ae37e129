import { randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import type { directoryReportSchema, ProviderSearch } from '#schemas/api/catalog.ts'
import { catalogApi, type providerSearchSchema } from '#schemas/api/catalog.ts'
import { maybeOne } from '../db/database.ts'
import { catalog, checkCoupon } from '../services/catalog.ts'
import { directoryUpdatedAt, searchDirectory, shownMiles, type Near } from '../services/directory.ts'
import { zipCentroid } from '../services/geo.ts'
import { endpoint, guardSender, type ApiContext } from './context.ts'
import { HttpError, notFound } from './endpoint.ts'

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

const DAY = 24 * 60 * 60_000
/** `days` business days (Monday to Friday) after `from`. */
function addBusinessDays(from: Date, days: number): Date {
  let date = from
  for (let left = days; left > 0;) {
    date = new Date(date.getTime() + DAY)
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1
  }
  return date
}

/** PostgreSQL text cannot hold U+0000: a report keeps the rest of what was typed. */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD')

const FIELDS: Record<z.output<typeof directoryReportSchema>['field'], string> = {
  name: 'the name',
  'address-or-phone': 'the address or phone number',
  specialty: 'the specialty',
  'accepting-new-patients': 'whether new patients are accepted',
  languages: 'the languages',
  accessibility: 'the accessibility',
  'licence-or-npi': 'the licence or NPI',
  other: 'another detail',
}

/**
 * Files a report that the directory is wrong, with a reference, and acknowledges it by mail: the
 * plan investigates and corrects within 30 business days (H&S §1367.27(e)). The provider and the
 * office must be the tenant's; named together, the provider must practise at the office.
 */
async function reportDirectoryError(ctx: ApiContext, body: z.output<typeof directoryReportSchema>) {
  const { groupKey } = ctx.tenant
  const provider =
    body.providerId === undefined
      ? undefined
      : await maybeOne(
          ctx.db,
          z.object({ name: z.string(), office_id: z.number(), office_name: z.string() }),
          'SELECT p.name, p.office_id, o.name AS office_name FROM providers p JOIN offices o ON o.id = p.office_id WHERE p.group_key = $1 AND p.id = $2',
          [groupKey, body.providerId],
        )
  if (body.providerId !== undefined && !provider)
    throw new HttpError(422, 'We do not know that provider', [
      { path: ['body', 'providerId'], message: 'Choose a provider from the directory' },
    ])
  const office =
    body.officeId === undefined
      ? undefined
      : await maybeOne(
          ctx.db,
          z.object({ name: z.string() }),
          'SELECT name FROM offices WHERE group_key = $1 AND id = $2',
          [groupKey, body.officeId],
        )
  if (body.officeId !== undefined && !office)
    throw new HttpError(422, 'We do not know that office', [
      { path: ['body', 'officeId'], message: 'Choose an office from the directory' },
    ])
  if (provider && body.officeId !== undefined && provider.office_id !== body.officeId) {
    throw new HttpError(422, 'That provider does not practise at that office', [
      { path: ['body', 'officeId'], message: 'Choose the office where the provider practises' },
    ])
  }
  const now = ctx.now()
  const reference = `DIR-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`
  const correctBy = addBusinessDays(now, 30)
  const details = storable(body.details)
  const name = body.name ? storable(body.name) : null
  await ctx.db.query(
    'INSERT INTO directory_reports (group_key, reference, provider_id, office_id, field, details, name, email, correct_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      groupKey,
      reference,
      body.providerId ?? null,
      body.officeId ?? provider?.office_id ?? null,
      body.field,
      details,
      name,
      body.email,
      correctBy,
    ],
  )
  const about = provider ? `${provider.name} at ${provider.office_name}` : (office?.name ?? '')
  await ctx.mailer.send({
    groupKey,
    to: body.email,
    subject: `Directory report ${reference} received`,
    // Fixed words and the directory's own data: nothing the sender typed goes to an address nobody has verified.
    text:
      `Hello,\n\nThank you for telling us that our provider directory may be wrong about ${FIELDS[body.field]} of ${about}. ` +
      `Your report has the reference ${reference}. We will investigate it and correct the directory within 30 business days (by ${correctBy.toISOString().slice(0, 10)}), ` +
      `as California law requires (Health and Safety Code §1367.27(e)).\n\nIf you did not write to us, you can ignore this mail.\n\n${ctx.tenant.companyName}`,
  })
  return {
    reference,
    message: `Thank you. Your report ${reference} will be investigated and the directory corrected within 30 business days. We sent a confirmation to ${body.email}.`,
  }
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
    const [plan, office] = await Promise.all([
      catalog.plan(ctx.db, ctx.tenant.groupKey, params.planId),
      catalog.office(ctx.db, ctx.tenant.groupKey, params.officeId),
    ])
    if (!plan) throw notFound('Plan')
    if (!office) throw notFound('Office')
    if (!(await catalog.offers(ctx.db, office.id, plan.id))) throw notFound('Plan at this office')
    return { plan, office }
  }),
  endpoint(catalogApi.validateCoupon, async ({ query, ctx }) => {
    await ctx.limits.take('coupon', ctx.address)
    if (!(await catalog.plan(ctx.db, ctx.tenant.groupKey, query.plan_id))) throw notFound('Plan')
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
