import { defineSectionBlock } from '#engine'
import * as component from './section-faq.tsx'

export const sectionFaq = defineSectionBlock({
  name: 'section-faq',
  title: 'Questions and answers',
  description: 'Questions that open to show their answers.',
  schema: () => import('./props.ts').then((module) => module.sectionFaqPropsSchema),
  static: true,
  load: () => component,
})
