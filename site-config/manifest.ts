import type { Manifest, SearchSchema } from '#schemas/engine/manifest.ts'
import type { PageId } from '#schemas/pages.ts'

/** A route's search schema, loaded with the first navigation to it (zod is not part of a page's start). */
const search =
  (
    name:
      'dentistSearchSchema' | 'joinSearchSchema' | 'redirectSearchSchema' | 'resetSearchSchema' | 'renewalSearchSchema',
  ): SearchSchema =>
  () =>
    import('#schemas/search.ts').then((module) => module[name])

/**
 * The dental site's routes: every route of the specification's table. Their titles are content
 * (`base.variables.page_titles`, the site's `pageTitle`; defaults in schemas/page-titles.ts).
 */
const routes: Manifest<PageId>['routes'] = [
  { path: '/', page: 'home' },
  { path: '/faq', page: 'faq' },
  { path: '/terms', page: 'terms' },
  { path: '/arizona', page: 'arizona' },
  { path: '/privacy', page: 'privacy' },
  { path: '/support', page: 'support' },
  { path: '/join-now', page: 'join-now', search: search('joinSearchSchema') },
  {
    path: '/checkout',
    page: 'checkout',
    // A visitor's checkout (the members, the plan) is theirs before they have an account.
    personal: true,
    children: [
      { path: 'payment', page: 'checkout-payment' },
      { path: 'add-member', page: 'checkout-add-member' },
      { path: 'create-account', page: 'checkout-create-account' },
      {
        path: 'edit-member/:memberId',
        page: 'checkout-edit-member',
        params: { memberId: 'positive-int' },
      },
    ],
  },
  { path: '/dashboard', page: 'dashboard', access: 'member' },
  // A renewal notice's one-click link: renewal off without signing in (the signed token names the membership).
  { path: '/renewal', page: 'renewal', search: search('renewalSearchSchema') },
  { path: '/directory', page: 'directory', search: search('dentistSearchSchema') },
  {
    path: '/member-login',
    page: 'member-login',
    redirectWhenSignedIn: '/dashboard',
    search: search('redirectSearchSchema'),
  },
  {
    path: '/reset-password',
    page: 'reset-password',
    // A signed-in member goes to the dashboard, unless a mailed link brought them (the page's guard).
    search: search('resetSearchSchema'),
  },
  {
    path: '/find-a-dentist',
    page: 'find-a-dentist',
    search: search('dentistSearchSchema'),
  },
  { path: '/grievance-form', page: 'grievance-form' },
  // Public: a member sees their grievances here, anyone looks one up by reference and email.
  { path: '/grievance-form/status', page: 'grievance-status' },
  { path: '/savings-summary', page: 'savings-summary' },
  { path: '/office/:officeId', page: 'office', params: { officeId: 'positive-int' } },
  { path: ':landing', page: 'landing', class: 'landing', params: { landing: 'landing-slug' } },
]

/**
 * The site's manifest, as it is written: the server checks it with its schema when it starts
 * (a mistake stops the start with the schema's message), and `npm test` checks it too.
 */
export const manifest: Manifest<PageId> = { routes, signInPage: 'member-login' }
