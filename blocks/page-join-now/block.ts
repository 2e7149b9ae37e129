import { defineBlock, type PageData } from '#engine'
import * as component from './page-join-now.tsx'
import { loadSearchCheck } from '../kit/catalog/dentist-search.ts'
import { nearQuery, officeQuery, plansQuery, positiveId } from './queries.ts'

/** The office and its plans (from `location_id`), offices near a ZIP otherwise, and a checkout in progress. */
const data: PageData = async ({ search }) => {
  const officeId = positiveId(typeof search.location_id === 'string' ? search.location_id : undefined)
  const zip = typeof search.zip === 'string' ? search.zip : undefined
  const near = nearQuery(zip ? (await loadSearchCheck())({ zip, radius: '25' }) : undefined)
  return officeId ? [officeQuery(officeId), plansQuery(officeId)] : near ? [near] : []
}

/** Join: the enrolling office (from the address or a ZIP search), its plans with prices and fees, and the start of the checkout. */
export const pageJoinNow = defineBlock({
  name: 'page-join-now',
  title: 'Join now',
  description:
    'Choose the office (from an office page, find-a-dentist or a ZIP search) and one of its plans, monthly or yearly; picking a plan starts the checkout.',
  schema: () => import('./props.ts').then((module) => module.pageJoinNowPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.joinNowSettingsSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    locationId: typeof context.query.location_id === 'string' ? context.query.location_id : undefined,
    planId: typeof context.query.plan_id === 'string' ? context.query.plan_id : undefined,
    zip: typeof context.query.zip === 'string' ? context.query.zip : undefined,
    expired: context.query.expired !== undefined,
    planIds: context.content.base.variables.plans_whitelist.map((plan) => Number(plan.plan_id)),
    administrator: context.config.companyName,
  }),
  data,
  load: () => component,
})
