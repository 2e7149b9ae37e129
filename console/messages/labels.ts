import type { CONTACT_MESSAGE_STATUSES, staffMessageRowSchema } from '#schemas/api/messages.ts'
import type { z } from '#schemas/engine/zod.ts'

type Row = z.output<typeof staffMessageRowSchema>
type Status = (typeof CONTACT_MESSAGE_STATUSES)[number]

/** A contact message's words, in the list and on the message. */
export const TOPIC_LABELS: Record<Row['topic'], string> = {
  membership: 'Membership',
  billing: 'Billing',
  'find-a-dentist': 'Finding a dentist',
  website: 'The website',
  other: 'Other',
}
export const MESSAGE_STATUS_LABELS: Record<Status, string> = { open: 'Open', answered: 'Answered' }
