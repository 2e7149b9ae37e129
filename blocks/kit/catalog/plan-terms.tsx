import { fillText } from '#schemas/fill-text.ts'
import { money } from '../format/money.ts'

/**
 * A plan's enrollment fee and whom it covers, on one line (`$10.00 enrollment fee · covers one
 * person`), in the texts of the page showing it: its `enrollment_fee` ({fee}), `no_enrollment_fee`
 * and `covers_one`, and `coversFamily` ({count}), which each page names in its own words.
 */
export function PlanTerms({
  plan,
  texts,
  coversFamily,
}: {
  plan: { enrollmentFeeCents: number; maxDependents: number }
  texts: { enrollment_fee: string; no_enrollment_fee: string; covers_one: string }
  coversFamily: string
}) {
  return (
    <p className="text-sm">
      {plan.enrollmentFeeCents
        ? fillText(texts.enrollment_fee, { fee: money(plan.enrollmentFeeCents) })
        : texts.no_enrollment_fee}{' '}
      · {plan.maxDependents ? fillText(coversFamily, { count: plan.maxDependents }) : texts.covers_one}
    </p>
  )
}
