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

/** The dental site's routes: every route of the specification's table. */
const routes: Manifest<PageId>['routes'] = [
  { path: '/', page: 'home', title: 'Home' },
  { path: '/faq', page: 'faq', title: 'FAQ' },
  { path: '/terms', page: 'terms', title: 'Terms of Service' },
  { path: '/arizona', page: 'arizona', title: 'Arizona' },
  { path: '/privacy', page: 'privacy', title: 'Privacy Policy' },
  { path: '/support', page: 'support', title: 'Support' },
  { path: '/join-now', page: 'join-now', title: 'Join Now', search: search('joinSearchSchema') },
  {
    path: '/checkout',
    page: 'checkout',
    title: 'Checkout',
    // A visitor's checkout (the members, the plan) is theirs before they have an account.
    personal: true,
    children: [
      { path: 'payment', page: 'checkout-payment', title: 'Payment' },
      { path: 'add-member', page: 'checkout-add-member', title: 'Add a Member' },
      { path: 'create-account', page: 'checkout-create-account', title: 'Create Your Account' },
      {
        path: 'edit-member/:memberId',
        page: 'checkout-edit-member',
        title: 'Edit Member',
        params: { memberId: 'positive-int' },
      },
    ],
  },
  { path: '/dashboard', page: 'dashboard', title: 'Member Dashboard', access: 'member' },
  // A renewal notice's one-click link: renewal off without signing in (the signed token names the membership).
  { path: '/renewal', page: 'renewal', title: 'Automatic Renewal', search: search('renewalSearchSchema') },
  { path: '/directory', page: 'directory', title: 'Provider Directory', search: search('dentistSearchSchema') },
  {
    path: '/member-login',
    page: 'member-login',
    title: 'Member Login',
    redirectWhenSignedIn: '/dashboard',
    search: search('redirectSearchSchema'),
  },
  {
    path: '/reset-password',
    page: 'reset-password',
    title: 'Reset Password',
    // A signed-in member goes to the dashboard, unless a mailed link brought them (the page's guard).
    search: search('resetSearchSchema'),
  },
  { path: '/find-a-dentist', page: 'find-a-dentist', title: 'Find a Dentist', search: search('dentistSearchSchema') },
  { path: '/grievance-form', page: 'grievance-form', title: 'Grievance Form' },
  // Public: a member sees their grievances here, anyone looks one up by reference and email.
  { path: '/grievance-form/status', page: 'grievance-status', title: 'Grievance Status' },
  { path: '/savings-summary', page: 'savings-summary', title: 'Savings Summary' },
  { path: '/office/:officeId', page: 'office', title: 'Office', params: { officeId: 'positive-int' } },
  { path: ':landing', page: 'landing', class: 'landing', params: { landing: 'landing-slug' } },
]

/**
 * The site's manifest, as it is written: the server checks it with its schema when it starts
 * (a mistake stops the start with the schema's message), and `npm test` checks it too.
 */
export const manifest: Manifest<PageId> = { routes, signInPage: 'member-login' }
