import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionContactPropsSchema } from './props.ts'
import SectionContact from './section-contact.tsx'

const meta = {
  title: 'Sections/Contact details',
  component: SectionContact,
  args: {
    title: 'Contact us',
    text: 'Member services answer within one business day.',
    address: 'Brightbite Dental Plans\nPO Box 100\nSacramento, CA 95814',
    email: 'help@example.com',
    show_phone: true,
  },
  argTypes: argTypesFromSchema(sectionContactPropsSchema),
} satisfies Meta<typeof SectionContact>

export default meta
type Story = StoryObj<typeof meta>

/** The phone and hours come from the site's header settings (the story content: 800-555-0199). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement)
    await expect(section.getByRole('link', { name: '(800) 555-0199' })).toHaveAttribute('href', 'tel:8005550199')
    await expect(section.getByText('Mon–Fri 8am–6pm')).toBeVisible()
    await expect(section.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    )
  },
}

export const Phone: Story = phone
