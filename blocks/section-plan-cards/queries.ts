import type { CmsContent } from '#schemas/cms.ts'
import { offeredPlanIds, planQuery } from '../kit/catalog/plans.ts'
import type { SectionPlanCardsProps } from './props.ts'

/** The plans the cards show: those content chose, in its order, or else every plan the site offers (each once). */
export const cardPlanIds = ({ plan_ids }: Pick<SectionPlanCardsProps, 'plan_ids'>, content: CmsContent): number[] => [
  ...new Set(plan_ids?.length ? plan_ids : offeredPlanIds(content)),
]

/** The cards' plan queries: one list for the page's loader (the block's data) and the component. */
export const planCardsQueries = (props: Pick<SectionPlanCardsProps, 'plan_ids'>, content: CmsContent) =>
  cardPlanIds(props, content).map(planQuery)
