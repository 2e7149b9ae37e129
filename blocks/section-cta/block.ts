import { defineSectionBlock } from '#engine'
import * as component from './section-cta.tsx'

export const sectionCta = defineSectionBlock({
  name: 'section-cta',
  title: 'Call to action',
  description: 'A headline, a line of text and a button (and an optional second link).',
  schema: () => import('./props.ts').then((module) => module.sectionCtaPropsSchema),
  static: true,
  load: () => component,
})
