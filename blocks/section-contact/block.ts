import { z } from 'zod'
import { defineSectionBlock } from '#engine'

export const sectionContactPropsSchema = z.object({
  title: z.string().regex(/\S/, 'Title is required').max(120).default('Contact us').describe('Title'),
  text: z.string().max(600).optional().describe('Text under the title'),
  address: z.string().max(300).optional().describe('Postal address (one line per line)'),
  // A pattern, not zod's email format: the editor's JSON Schema validator has no formats.
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address').optional().describe('Email address'),
  show_phone: z.boolean().default(true).describe('Show the phone number and hours from the header settings'),
})
export type SectionContactProps = z.output<typeof sectionContactPropsSchema>

export const sectionContact = defineSectionBlock({
  name: 'section-contact',
  title: 'Contact details',
  description: 'The plan’s phone and hours (from the header settings), address and email.',
  schema: sectionContactPropsSchema,
  load: () => import('./section-contact.tsx'),
})
