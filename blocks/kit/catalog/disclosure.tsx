import { fillText } from '#schemas/fill-text.ts'
import type { DisclosureTexts } from '../settings.ts'

/** The “not insurance” disclosure every page with plans or prices carries, with the plan administrator’s name. */
export const NOT_INSURANCE_TEXT =
  'This plan is a discount plan, not insurance. Members pay participating dentists directly at the member fees shown. Fees may vary by office; ask your dentist before treatment.'

/**
 * The disclosure beside plans or prices: content's text, then who administers the plans (texts:
 * disclosureSettings, from the settings of the page or section showing it).
 */
export function NotInsurance({
  text,
  administrator,
  texts,
}: {
  text: string
  administrator: string
  texts: DisclosureTexts
}) {
  return (
    <aside
      role="note"
      aria-label={texts.disclosure_label}
      className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-body"
    >
      {text} {fillText(texts.disclosure_administrator, { administrator })}
      {administrator.endsWith('.') ? '' : '.'}
    </aside>
  )
}
