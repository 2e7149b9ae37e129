import { BlockRegistry, type CompleteRegistryBlocks } from '#engine'
import { footerClassic } from '#blocks/footer-classic/block.ts'
import { footerNx } from '#blocks/footer-nx/block.ts'
import { footerStory } from '#blocks/footer-story/block.ts'
import { headerBrandBar } from '#blocks/header-brand-bar/block.ts'
import { headerCentered } from '#blocks/header-centered/block.ts'
import { headerClassic } from '#blocks/header-classic/block.ts'
import { headerLanding } from '#blocks/header-landing/block.ts'
import { headerNx } from '#blocks/header-nx/block.ts'
import { headerSplit } from '#blocks/header-split/block.ts'
import { pageCheckout } from '#blocks/page-checkout/block.ts'
import { pageCheckoutAccount } from '#blocks/page-checkout-account/block.ts'
import { pageCheckoutMembers } from '#blocks/page-checkout-members/block.ts'
import { pageCheckoutPayment } from '#blocks/page-checkout-payment/block.ts'
import { pageContent } from '#blocks/page-content/block.ts'
import { pageDashboard } from '#blocks/page-dashboard/block.ts'
import { pageDirectory } from '#blocks/page-directory/block.ts'
import { pageFindDentist } from '#blocks/page-find-dentist/block.ts'
import { pageGrievance } from '#blocks/page-grievance/block.ts'
import { pageJoinNow } from '#blocks/page-join-now/block.ts'
import { pageLanding } from '#blocks/page-landing/block.ts'
import { pageMemberLogin } from '#blocks/page-member-login/block.ts'
import { pageOffice } from '#blocks/page-office/block.ts'
import { pageSavings } from '#blocks/page-savings/block.ts'
import { sectionContact } from '#blocks/section-contact/block.ts'
import { sectionContactForm } from '#blocks/section-contact-form/block.ts'
import { sectionCta } from '#blocks/section-cta/block.ts'
import { sectionFaq } from '#blocks/section-faq/block.ts'
import { sectionFeatures } from '#blocks/section-features/block.ts'
import { sectionHero } from '#blocks/section-hero/block.ts'
import { sectionNotice } from '#blocks/section-notice/block.ts'
import { sectionPlanCards } from '#blocks/section-plan-cards/block.ts'
import { sectionRichText } from '#blocks/section-rich-text/block.ts'
import { sectionSavingsTable } from '#blocks/section-savings-table/block.ts'
import { sectionZipBox } from '#blocks/section-zip-box/block.ts'

/**
 * The dental site's blocks, by registry key. Every layout key and every page identifier needs a
 * block (the type says so); `section-…` blocks are the sections content can choose for pages.
 */
export const blocks = {
  '1_header': headerClassic,
  '2_header': headerCentered,
  '3_header': headerBrandBar,
  '4_header': headerSplit,
  nx_header_1: headerNx,
  landing_header: headerLanding,
  '1_footer': footerClassic,
  '2_footer': footerStory,
  nx_footer_1: footerNx,
  landing: pageLanding,
  home: pageContent,
  faq: pageContent,
  terms: pageContent,
  privacy: pageContent,
  arizona: pageContent,
  support: pageContent,
  dashboard: pageDashboard,
  'savings-summary': pageSavings,
  'find-a-dentist': pageFindDentist,
  office: pageOffice,
  directory: pageDirectory,
  'grievance-form': pageGrievance,
  'member-login': pageMemberLogin,
  'reset-password': pageMemberLogin,
  'join-now': pageJoinNow,
  checkout: pageCheckout,
  'checkout-create-account': pageCheckoutAccount,
  'checkout-add-member': pageCheckoutMembers,
  'checkout-edit-member': pageCheckoutMembers,
  'checkout-payment': pageCheckoutPayment,
  'section-hero': sectionHero,
  'section-features': sectionFeatures,
  'section-faq': sectionFaq,
  'section-rich-text': sectionRichText,
  'section-notice': sectionNotice,
  'section-cta': sectionCta,
  'section-contact': sectionContact,
  'section-contact-form': sectionContactForm,
  'section-plan-cards': sectionPlanCards,
  'section-savings-table': sectionSavingsTable,
  'section-zip-box': sectionZipBox,
} satisfies CompleteRegistryBlocks

export const registry = new BlockRegistry(blocks)

/** The source module of a block's component (its chunk in the build manifest). */
export const blockModule = (name: string): string => `blocks/${name}/${name}.tsx`
