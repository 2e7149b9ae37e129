import { z } from '#schemas/engine/zod.ts'
import { settingText as text } from '../kit/settings.ts'

/** The renewal page's texts, from content (`pages.renewal`). */
export const renewalSettingsSchema = z.object({
  heading: text('Automatic renewal', 'Page heading'),
  details_title: text('your membership', 'The membership, in “We could not load …”'),
  renews: text(
    'Hello {first_name}. Your {plan} membership renews automatically on {date} at {amount}.',
    'The membership while it renews ({first_name}, {plan}, {date}, {amount})',
  ),
  turn_off_help: text(
    'Turn automatic renewal off and your membership ends on {date}: you keep your cover until then, and nothing more is charged.',
    'Above the button ({date})',
  ),
  turn_off_button: text('Turn off automatic renewal', 'The button'),
  turning_off: text('Turning off…', 'The button while it works'),
  is_off: text(
    'Automatic renewal is off. Your {plan} membership ends on {date}, and nothing more is charged. We sent you a mail to confirm.',
    'Said once renewal is off ({plan}, {date})',
  ),
  already_off: text(
    'Automatic renewal is already off. Your {plan} membership ends on {date}.',
    'Said when renewal was off already ({plan}, {date})',
  ),
  not_renewing: text(
    'Your {plan} membership is not renewing on its own now, so there is nothing to turn off here.',
    'Said when the membership is being charged, past due or has ended ({plan})',
  ),
  expired_link: text(
    'This link has expired or is not valid.',
    'Said when the link has expired (its renewal date passed) or was changed',
  ),
  dashboard_link: text('Manage your membership on your dashboard', 'Link to the dashboard'),
})
export type RenewalSettings = z.output<typeof renewalSettingsSchema>
