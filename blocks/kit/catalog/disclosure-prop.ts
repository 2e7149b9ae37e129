import { localized } from '#schemas/fields.ts'
import { settingText } from '../settings.ts'
import { NOT_INSURANCE_TEXT } from './disclosure.tsx'

/**
 * A section's “not insurance” text, in content (the standard text until a content manager writes
 * theirs); the plan administrator is named after it. Required in every published language.
 */
export const disclosureProp = (beside: string) =>
  localized(
    settingText(
      NOT_INSURANCE_TEXT,
      `“Not insurance” disclosure beside the ${beside}; the plan administrator is named after it`,
    ),
    { required: true },
  )
