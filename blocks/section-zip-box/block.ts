import { defineSectionBlock } from '#engine'
import * as component from './section-zip-box.tsx'

export const sectionZipBox = defineSectionBlock({
  name: 'section-zip-box',
  title: 'ZIP code search',
  description:
    'A ZIP code and a distance that open the dentist search: a plain form that works before the page’s scripts load.',
  schema: () => import('./props.ts').then((module) => module.sectionZipBoxPropsSchema),
  load: () => component,
})
