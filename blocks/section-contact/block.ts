import { defineSectionBlock } from '#engine'
import * as component from './section-contact.tsx'

export const sectionContact = defineSectionBlock({
  name: 'section-contact',
  title: 'Contact details',
  description: 'The plan’s phone and hours (from the header settings), address and email.',
  schema: () => import('./props.ts').then((module) => module.sectionContactPropsSchema),
  static: true,
  load: () => component,
})
