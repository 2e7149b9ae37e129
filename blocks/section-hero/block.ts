import { defineSectionBlock } from '#engine'
import * as component from './section-hero.tsx'

export const sectionHero = defineSectionBlock({
  name: 'section-hero',
  title: 'Hero',
  description: 'A large headline with a short text and one button.',
  schema: () => import('./props.ts').then((module) => module.sectionHeroPropsSchema),
  static: true,
  load: () => component,
})
