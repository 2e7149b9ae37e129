import { defineSectionBlock } from '#engine'
import * as component from './section-rich-text.tsx'

export const sectionRichText = defineSectionBlock({
  name: 'section-rich-text',
  title: 'Text',
  description: 'A heading and formatted text: paragraphs, lists, links (sanitised).',
  schema: () => import('./props.ts').then((module) => module.sectionRichTextPropsSchema),
  static: true,
  load: () => component,
})
