import { z } from '#schemas/engine/zod.ts'
import { settingText as text } from '../kit/settings.ts'

/** Every text of the dashboard that is not the member's data, from content (`pages.dashboard`). */
export const dashboardSettingsSchema = z.object({
  heading: text('Your membership', 'Page heading'),
  greeting: text('Welcome back', 'Greeting before the member’s first name'),
  membership_heading: text('Membership', 'Membership heading'),
  auto_renew_label: text('Renew automatically', 'Label of the auto-renew switch'),
  auto_renew_help: text(
    'Turn it off at any time with one click. Your membership then ends on its renewal date.',
    'Help under the auto-renew switch',
  ),
  auto_renew_terms: text(
    'By turning on automatic renewal you agree that your membership renews at the end of each billing period, at the price shown, charged to your card on file, until you turn it off. You can turn it off here at any time before the renewal date; we will remind you before an annual renewal.',
    'Auto-renewal terms, shown beside the consent',
  ),
  id_cards_heading: text('ID cards', 'ID cards heading'),
  id_card_notice: text('THIS IS NOT INSURANCE', 'Notice printed on the face of every ID card'),
  id_cards_help: text(
    'Show your card at the dental office. Print it wallet size, or download it to your phone.',
    'Help under the ID cards heading',
  ),
  balance_heading: text('Balance and billing', 'Balance and billing heading'),
  receipts_heading: text('Receipts', 'Receipts heading'),
  dependents_heading: text('Dependents', 'Dependents heading'),
  dependents_help: text(
    'Everyone on your membership gets their own ID card. Each may have their own plan where your office offers several.',
    'Help under the dependents heading',
  ),
  profile_heading: text('Your details', 'Profile heading'),
  locations_heading: text('Your dental offices', 'Locations heading'),
  locations_help: text(
    'Offices that accept your plan. Call ahead to book and show your ID card.',
    'Help under the locations heading',
  ),
  grievance_label: text(
    'GRIEVANCE FORM',
    'Label of the grievance form link (California requires it in the member portal)',
  ),
  grievance_help: text(
    'Unhappy with your care or our service? File a grievance and we answer within the time the law allows.',
    'Text beside the grievance link',
  ),
  disclosure: text(
    'This plan is a discount dental plan, not insurance. Members pay participating dentists directly at the discounted fees.',
    'Disclosure at the foot of the dashboard',
  ),
})
export type DashboardSettings = z.output<typeof dashboardSettingsSchema>
