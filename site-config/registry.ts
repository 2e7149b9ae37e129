import { BlockRegistry, type CompleteRegistryBlocks } from '#engine'

/** Blocks registered under several keys (their definition loads once). */
const pageContent = () => import('#blocks/page-content/block.ts').then((module) => module.pageContent)
const pageMemberLogin = () => import('#blocks/page-member-login/block.ts').then((module) => module.pageMemberLogin)
const pageCheckoutMembers = () =>
  import('#blocks/page-checkout-members/block.ts').then((module) => module.pageCheckoutMembers)

/**
 * The dental site's blocks, by registry key. Every layout key and every page identifier needs a
 * block (the type says so); `section-…` blocks are the sections content can choose for pages.
 * Each is the loader of its definition (`block.ts`): a page loads the definitions of the blocks it
 * renders, not every block's props schema (the server preloads them with the page).
 */
export const blocks = {
  '1_header': () => import('#blocks/header-classic/block.ts').then((module) => module.headerClassic),
  '2_header': () => import('#blocks/header-centered/block.ts').then((module) => module.headerCentered),
  '3_header': () => import('#blocks/header-brand-bar/block.ts').then((module) => module.headerBrandBar),
  '4_header': () => import('#blocks/header-split/block.ts').then((module) => module.headerSplit),
  nx_header_1: () => import('#blocks/header-nx/block.ts').then((module) => module.headerNx),
  landing_header: () => import('#blocks/header-landing/block.ts').then((module) => module.headerLanding),
  '1_footer': () => import('#blocks/footer-classic/block.ts').then((module) => module.footerClassic),
  '2_footer': () => import('#blocks/footer-story/block.ts').then((module) => module.footerStory),
  nx_footer_1: () => import('#blocks/footer-nx/block.ts').then((module) => module.footerNx),
  landing: () => import('#blocks/page-landing/block.ts').then((module) => module.pageLanding),
  home: pageContent,
  faq: pageContent,
  terms: pageContent,
  privacy: pageContent,
  arizona: pageContent,
  support: pageContent,
  dashboard: () => import('#blocks/page-dashboard/block.ts').then((module) => module.pageDashboard),
  renewal: () => import('#blocks/page-renewal/block.ts').then((module) => module.pageRenewal),
  'savings-summary': () => import('#blocks/page-savings/block.ts').then((module) => module.pageSavings),
  'find-a-dentist': () => import('#blocks/page-find-dentist/block.ts').then((module) => module.pageFindDentist),
  office: () => import('#blocks/page-office/block.ts').then((module) => module.pageOffice),
  directory: () => import('#blocks/page-directory/block.ts').then((module) => module.pageDirectory),
  'grievance-form': () => import('#blocks/page-grievance/block.ts').then((module) => module.pageGrievance),
  'grievance-status': () =>
    import('#blocks/page-grievance-status/block.ts').then((module) => module.pageGrievanceStatus),
  'member-login': pageMemberLogin,
  'reset-password': pageMemberLogin,
  'join-now': () => import('#blocks/page-join-now/block.ts').then((module) => module.pageJoinNow),
  checkout: () => import('#blocks/page-checkout/block.ts').then((module) => module.pageCheckout),
  'checkout-create-account': () =>
    import('#blocks/page-checkout-account/block.ts').then((module) => module.pageCheckoutAccount),
  'checkout-add-member': pageCheckoutMembers,
  'checkout-edit-member': pageCheckoutMembers,
  'checkout-payment': () =>
    import('#blocks/page-checkout-payment/block.ts').then((module) => module.pageCheckoutPayment),
  'section-hero': () => import('#blocks/section-hero/block.ts').then((module) => module.sectionHero),
  'section-features': () => import('#blocks/section-features/block.ts').then((module) => module.sectionFeatures),
  'section-faq': () => import('#blocks/section-faq/block.ts').then((module) => module.sectionFaq),
  'section-rich-text': () => import('#blocks/section-rich-text/block.ts').then((module) => module.sectionRichText),
  'section-notice': () => import('#blocks/section-notice/block.ts').then((module) => module.sectionNotice),
  'section-cta': () => import('#blocks/section-cta/block.ts').then((module) => module.sectionCta),
  'section-contact': () => import('#blocks/section-contact/block.ts').then((module) => module.sectionContact),
  'section-contact-form': () =>
    import('#blocks/section-contact-form/block.ts').then((module) => module.sectionContactForm),
  'section-plan-cards': () => import('#blocks/section-plan-cards/block.ts').then((module) => module.sectionPlanCards),
  'section-savings-table': () =>
    import('#blocks/section-savings-table/block.ts').then((module) => module.sectionSavingsTable),
  'section-zip-box': () => import('#blocks/section-zip-box/block.ts').then((module) => module.sectionZipBox),
} satisfies CompleteRegistryBlocks

export const registry = new BlockRegistry(blocks)

/** The source modules of a block, its definition and its component (their chunks in the build manifest). */
export const blockModules = (name: string): string[] => [`blocks/${name}/block.ts`, `blocks/${name}/${name}.tsx`]
