import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionContactFormPropsSchema = z.object({
  title: z.string().regex(/\S/, 'Title is required').max(120).default('Send us a message').describe('Title'),
  text: z.string().max(600).optional().describe('Text above the form'),
  submit: z.string().regex(/\S/).max(40).default('Send message').describe('Button text'),
  confirmation: z
    .string()
    .regex(/\S/)
    .max(600)
    .default('Member services read every message and answer by email within two business days. For anything urgent, call us.')
    .describe('What happens next, shown after sending'),
})
export type SectionContactFormProps = z.output<typeof sectionContactFormPropsSchema>

export const sectionContactForm = defineSectionBlock({
  name: 'section-contact-form',
  title: 'Contact form',
  description: 'A message to member services (name, email, phone, topic, message), confirmed by mail.',
  schema: sectionContactFormPropsSchema,
  load: () => import('./section-contact-form.tsx'),
})
