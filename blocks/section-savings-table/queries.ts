import type { Plan } from '#schemas/api/directory.ts'
import type { CmsContent } from '#schemas/cms.ts'
import { offeredPlanIds, planQuery } from '../kit/catalog/plans.ts'
import type { SectionSavingsTableProps } from './props.ts'

type Fee = Plan['feeSchedule'][number]

/** The plan the table shows: the one content chose, or else the first the site offers (none when it offers none). */
export const tablePlanId = (
  { plan_id }: Pick<SectionSavingsTableProps, 'plan_id'>,
  content: CmsContent,
): number | undefined => plan_id ?? offeredPlanIds(content)[0]

/** The table's plan query: one list for the page's loader (the block's data) and the component. */
export function savingsTableQueries(props: Pick<SectionSavingsTableProps, 'plan_id'>, content: CmsContent) {
  const id = tablePlanId(props, content)
  return id === undefined ? [] : [planQuery(id)]
}

/** The rows: the chosen codes in content's order (each once; a code the plan has no fee for is left out), or the whole schedule. */
export function tableFees(schedule: readonly Fee[], codes: readonly string[] | undefined): Fee[] {
  if (!codes?.length) return [...schedule]
  return [...new Set(codes)].flatMap((code) => schedule.find((fee) => fee.code === code) ?? [])
}
