import { defineSectionBlock } from '#engine'
import * as component from './section-notice.tsx'

export const sectionNotice = defineSectionBlock({
  name: 'section-notice',
  title: 'Notice',
  description: 'A framed disclosure or notice: “not insurance”, state notices, important terms.',
  schema: () => import('./props.ts').then((module) => module.sectionNoticePropsSchema),
  static: true,
  load: () => component,
})
