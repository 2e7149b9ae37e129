import { manifestSchema, type ManifestInput } from '#schemas/manifest.ts'
import { dentistSearchSchema, joinSearchSchema, redirectSearchSchema, resetSearchSchema } from '#schemas/search.ts'

/** The dental site's routes: every route of the specification's table. */
const routes: ManifestInput['routes'] = [
  { path: '/', page: 'home', title: 'Home' },
  { path: '/faq', page: 'faq', title: 'FAQ' },
  { path: '/terms', page: 'terms', title: 'Terms of Service' },
  { path: '/arizona', page: 'arizona', title: 'Arizona' },
  { path: '/privacy', page: 'privacy', title: 'Privacy Policy' },
  { path: '/support', page: 'support', title: 'Support' },
  { path: '/join-now', page: 'join-now', title: 'Join Now', search: joinSearchSchema },
  {
    path: '/checkout',
    page: 'checkout',
    title: 'Checkout',
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
  { path: '/directory', page: 'directory', title: 'Provider Directory', search: dentistSearchSchema },
  { path: '/member-login', page: 'member-login', title: 'Member Login', redirectWhenSignedIn: '/dashboard', search: redirectSearchSchema },
  { path: '/reset-password', page: 'reset-password', title: 'Reset Password', redirectWhenSignedIn: '/dashboard', search: resetSearchSchema },
  { path: '/find-a-dentist', page: 'find-a-dentist', title: 'Find a Dentist', search: dentistSearchSchema },
  { path: '/grievance-form', page: 'grievance-form', title: 'Grievance Form' },
  { path: '/savings-summary', page: 'savings-summary', title: 'Savings Summary' },
  { path: '/office/:officeId', page: 'office', title: 'Office', params: { officeId: 'positive-int' } },
  { path: ':landing', page: 'landing', class: 'landing', params: { landing: 'landing-slug' } },
]

export const manifest = manifestSchema.parse({ routes, signInPage: 'member-login' })
