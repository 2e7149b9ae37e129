import { fillText } from '#schemas/fill-text.ts'
import type { Plan } from '#schemas/api/directory.ts'

type Fee = Plan['feeSchedule'][number]

/** The procedures a card names first, when the plan's fee schedule has them: adult cleaning, exam, filling, crown. */
export const CARD_PROCEDURES: readonly string[] = ['D1110', 'D0120', 'D2391', 'D2740']
/** How many member fees a card lists. */
export const CARD_FEES = 4

/** The member fees a card lists: the usual procedures first, then the schedule's others, at most four. */
export function cardFees(schedule: readonly Fee[]): Fee[] {
  const preferred = CARD_PROCEDURES.flatMap((code) => schedule.find((fee) => fee.code === code) ?? [])
  const others = schedule.filter((fee) => !CARD_PROCEDURES.includes(fee.code))
  return [...preferred, ...others].slice(0, CARD_FEES)
}

/** What paying yearly saves a member over twelve monthly payments, to the cent (0 when it saves nothing). */
export const annualSaving = (plan: Pick<Plan, 'monthlyPriceCents' | 'annualPriceCents'>) =>
  Math.max(0, 12 * plan.monthlyPriceCents - plan.annualPriceCents)

/** Who a plan covers, in the content's words. */
export const covers = (
  maxDependents: number,
  texts: { covers_one: string; covers_one_dependent: string; covers_dependents: string },
) =>
  maxDependents === 0
    ? texts.covers_one
    : fillText(maxDependents === 1 ? texts.covers_one_dependent : texts.covers_dependents, {
        count: String(maxDependents),
      })
