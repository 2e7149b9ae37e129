import { defineSectionBlock } from '#engine'
import * as component from './section-contact-form.tsx'

export const sectionContactForm = defineSectionBlock({
  name: 'section-contact-form',
  title: 'Contact form',
  description: 'A message to member services (name, email, phone, topic, message), confirmed by mail.',
  schema: () => import('./props.ts').then((module) => module.sectionContactFormPropsSchema),
  load: () => component,
})
