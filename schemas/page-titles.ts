import type { PageId } from './pages.ts'

/**
 * Each page's title in the default language (the browser tab, search results, before the site's
 * title): the manifest's, and the default of the content's `base.variables.page_titles`, where a
 * content manager rewords or translates it. A landing page's title is its own content's.
 */
export const PAGE_TITLES = {
  home: 'Home',
  faq: 'FAQ',
  terms: 'Terms of Service',
  arizona: 'Arizona',
  privacy: 'Privacy Policy',
  support: 'Support',
  'join-now': 'Join Now',
  checkout: 'Checkout',
  'checkout-payment': 'Payment',
  'checkout-add-member': 'Add a Member',
  'checkout-create-account': 'Create Your Account',
  'checkout-edit-member': 'Edit Member',
  dashboard: 'Member Dashboard',
  renewal: 'Automatic Renewal',
  directory: 'Provider Directory',
  'member-login': 'Member Login',
  'reset-password': 'Reset Password',
  'find-a-dentist': 'Find a Dentist',
  'grievance-form': 'Grievance Form',
  'grievance-status': 'Grievance Status',
  'savings-summary': 'Savings Summary',
  office: 'Office',
} as const satisfies Record<Exclude<PageId, 'landing'>, string>
