import { defineSectionBlock } from '#engine'
import * as component from './section-savings-table.tsx'
import { savingsTableQueries } from './queries.ts'

export const sectionSavingsTable = defineSectionBlock({
  name: 'section-savings-table',
  title: 'Savings table',
  description: 'One plan’s usual fee, member fee and saving for each procedure, exact to the cent, from the plan API.',
  schema: () => import('./props.ts').then((module) => module.sectionSavingsTablePropsSchema),
  data: (props, { content }) => savingsTableQueries(props, content),
  static: true,
  load: () => component,
})
