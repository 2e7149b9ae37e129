import { z } from '#schemas/engine/zod.ts'
import { settingText as text } from '../kit/settings.ts'

/** The grievance form's texts, from content (`pages.grievance-form`). The DMHC statement is the statute's own words: not a setting. */
export const grievanceSettingsSchema = z.object({
  heading: text('File a grievance', 'Page heading'),
  intro: text(
    'Tell us about a problem with your dental plan, a dentist, a bill or our service. You can file for yourself, for a dependent, or as a member’s authorised representative. We never hold a grievance against you.',
    'Text under the heading',
  ),
  urgent_help: text(
    'Urgent means a serious threat to your health, such as severe pain or a risk of losing a tooth. Urgent grievances are decided within 3 days, and you may contact the Department of Managed Health Care at once.',
    'Help beside the urgent checkbox',
  ),
  review_heading: text('Check your grievance', 'Heading of the review step'),
  review_help: text(
    'Nothing is sent yet. Check each answer, edit what needs it, then submit.',
    'Text of the review step',
  ),
  submit_button: text('Submit grievance', 'Submit button'),
  done_heading: text('Your grievance is filed', 'Heading of the acknowledgement'),
})
export type GrievanceSettings = z.output<typeof grievanceSettingsSchema>
