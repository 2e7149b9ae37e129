import { defineBlock } from '#engine'
import * as component from './page-dashboard.tsx'
import { dashboardData } from './queries.ts'

const data = dashboardData
const stringOr = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined)

/** The member dashboard: every area of the membership, each with its own data and its own errors. */
export const pageDashboard = defineBlock({
  name: 'page-dashboard',
  title: 'Member dashboard',
  description: 'Membership and auto-renewal, ID cards, balance and card, receipts, dependents, details and offices.',
  schema: () => import('./props.ts').then((module) => module.pageDashboardPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.dashboardContentSchema),
  select: (context) => ({
    settings: context.settings ?? {},
    companyName: context.config.companyName,
    paymentFields: context.config.paymentFields,
    phone: context.content.header.variables.header_phone_number ?? '',
    // The join flow shows the renewal terms the checkout shows and the confirmation mail quotes.
    renewalTerms: stringOr(context.content.pages['checkout-payment']?.auto_renewal_terms),
    // And asks the consent to them in the checkout's words.
    renewalConsentLabel: stringOr(context.content.pages['checkout-payment']?.renewal_consent_label),
    renewalConsentRequired: stringOr(context.content.pages['checkout-payment']?.renewal_consent_required),
    languages: context.content.base.variables.languages.map(({ code, name }) => ({ code, name })),
    paths: {
      terms: context.pathTo('terms'),
      grievance: context.pathTo('grievance-form'),
      grievances: context.pathTo('grievance-status'),
      findDentist: context.pathTo('find-a-dentist'),
    },
  }),
  data,
  load: () => component,
})
