import { defineSectionBlock } from '#engine'
import * as component from './section-plan-cards.tsx'
import { planCardsQueries } from './queries.ts'

export const sectionPlanCards = defineSectionBlock({
  name: 'section-plan-cards',
  title: 'Plan cards',
  description:
    'A card for each plan, with its monthly and annual prices, enrollment fee, who it covers, a few member fees and a join button. Prices come from the plan API.',
  schema: () => import('./props.ts').then((module) => module.sectionPlanCardsPropsSchema),
  data: (props, { content }) => planCardsQueries(props, content),
  static: true,
  load: () => component,
})
