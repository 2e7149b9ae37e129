import { defineSectionBlock } from '#engine'
import * as component from './section-features.tsx'

export const sectionFeatures = defineSectionBlock({
  name: 'section-features',
  title: 'Features',
  description: 'A title and up to six benefits in a grid, each with an icon.',
  schema: () => import('./props.ts').then((module) => module.sectionFeaturesPropsSchema),
  static: true,
  load: () => component,
})
