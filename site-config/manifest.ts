import type { Manifest, SearchSchema } from '#schemas/engine/manifest.ts'
import type { PageId } from '#schemas/pages.ts'
import { PAGE_TITLES } from '#schemas/page-titles.ts'

/** A route's search schema, loaded with the first navigation to it (zod is not part of a page's start). */
const search =
  (
    name:
      'dentistSearchSchema' | 'joinSearchSchema' | 'redirectSearchSchema' | 'resetSearchSchema' | 'renewalSearchSchema',
  ): SearchSchema =>
  () =>
    import('#schemas/search.ts').then((module) => module[name])

/** The dental site's routes: every route of the specification's table. */
const routes: Manifest<PageId>['routes'] = [
  { path: '/', page: 'home', title: PAGE_TITLES.home },
  { path: '/faq', page: 'faq', title: PAGE_TITLES.faq },
  { path: '/terms', page: 'terms', title: PAGE_TITLES.terms },
  { path: '/arizona', page: 'arizona', title: PAGE_TITLES.arizona },
  { path: '/privacy', page: 'privacy', title: PAGE_TITLES.privacy },
  { path: '/support', page: 'support', title: PAGE_TITLES.support },
  { path: '/join-now', page: 'join-now', title: PAGE_TITLES['join-now'], search: search('joinSearchSchema') },
  {
    path: '/checkout',
    page: 'checkout',
    title: PAGE_TITLES.checkout,
    // A visitor's checkout (the members, the plan) is theirs before they have an account.
    personal: true,
    children: [
      { path: 'payment', page: 'checkout-payment', title: PAGE_TITLES['checkout-payment'] },
      { path: 'add-member', page: 'checkout-add-member', title: PAGE_TITLES['checkout-add-member'] },
      { path: 'create-account', page: 'checkout-create-account', title: PAGE_TITLES['checkout-create-account'] },
      {
        path: 'edit-member/:memberId',
        page: 'checkout-edit-member',
        title: PAGE_TITLES['checkout-edit-member'],
        params: { memberId: 'positive-int' },
      },
    ],
  },
  { path: '/dashboard', page: 'dashboard', title: PAGE_TITLES.dashboard, access: 'member' },
  // A renewal notice's one-click link: renewal off without signing in (the signed token names the membership).
  { path: '/renewal', page: 'renewal', title: PAGE_TITLES.renewal, search: search('renewalSearchSchema') },
  { path: '/directory', page: 'directory', title: PAGE_TITLES.directory, search: search('dentistSearchSchema') },
  {
    path: '/member-login',
    page: 'member-login',
    title: PAGE_TITLES['member-login'],
    redirectWhenSignedIn: '/dashboard',
    search: search('redirectSearchSchema'),
  },
  {
    path: '/reset-password',
    page: 'reset-password',
    title: PAGE_TITLES['reset-password'],
    // A signed-in member goes to the dashboard, unless a mailed link brought them (the page's guard).
    search: search('resetSearchSchema'),
  },
  {
    path: '/find-a-dentist',
    page: 'find-a-dentist',
    title: PAGE_TITLES['find-a-dentist'],
    search: search('dentistSearchSchema'),
  },
  { path: '/grievance-form', page: 'grievance-form', title: PAGE_TITLES['grievance-form'] },
  // Public: a member sees their grievances here, anyone looks one up by reference and email.
  { path: '/grievance-form/status', page: 'grievance-status', title: PAGE_TITLES['grievance-status'] },
  { path: '/savings-summary', page: 'savings-summary', title: PAGE_TITLES['savings-summary'] },
  { path: '/office/:officeId', page: 'office', title: PAGE_TITLES.office, params: { officeId: 'positive-int' } },
  { path: ':landing', page: 'landing', class: 'landing', params: { landing: 'landing-slug' } },
]

/**
 * The site's manifest, as it is written: the server checks it with its schema when it starts
 * (a mistake stops the start with the schema's message), and `npm test` checks it too.
 */
export const manifest: Manifest<PageId> = { routes, signInPage: 'member-login' }
