import { z } from '#schemas/engine/zod.ts'
import { localized } from '#schemas/fields.ts'
import { captchaNoticeSettings, settingText } from '../kit/settings.ts'

export const sectionContactFormPropsSchema = z.object({
  title: z
    ._default(localized(z.string().check(z.regex(/\S/, 'Title is required'), z.maxLength(120))), 'Send us a message')
    .check(z.describe('Title')),
  text: z.optional(localized(z.string().check(z.maxLength(600)))).check(z.describe('Text above the form')),
  submit: z
    ._default(localized(z.string().check(z.regex(/\S/), z.maxLength(40))), 'Send message')
    .check(z.describe('Button text')),
  confirmation: z
    ._default(
      localized(z.string().check(z.regex(/\S/), z.maxLength(600))),
      'Member services read every message and answer by email within two business days. For anything urgent, call us.',
    )
    .check(z.describe('What happens next, shown after sending')),
  sent: settingText('Thank you. Your message is sent.', 'Said once the message is sent (above what happens next)'),
  send_another: settingText('Send another message', 'Button after sending, to write another message'),
  sending: settingText('Sending…', 'Button text while the message is sent'),
  name_label: settingText('Your name', 'Label of the name field'),
  email_label: settingText('Email', 'Label of the email field'),
  phone_label: settingText('Phone (optional)', 'Label of the phone field'),
  topic_label: settingText('Topic', 'Label of the topic choice'),
  message_label: settingText('Message', 'Label of the message field'),
  topic_membership: settingText('My membership', 'Topic choice: the membership'),
  topic_billing: settingText('Billing and payments', 'Topic choice: billing and payments'),
  topic_find_dentist: settingText('Finding a dentist', 'Topic choice: finding a dentist'),
  topic_website: settingText('This website', 'Topic choice: the website'),
  topic_other: settingText('Something else', 'Topic choice: anything else'),
  ...captchaNoticeSettings,
})
export type SectionContactFormProps = z.output<typeof sectionContactFormPropsSchema>
