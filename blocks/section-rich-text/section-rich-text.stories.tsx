import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionRichTextPropsSchema } from './props.ts'
import SectionRichText from './section-rich-text.tsx'

const meta = {
  title: 'Sections/Text',
  component: SectionRichText,
  args: {
    title: 'Cancelling your membership',
    body: '<p>You may cancel at any time. Within <strong>30 days</strong> of joining you get a full refund.</p><ul><li>Online, from your dashboard</li><li>By phone</li></ul><p><a href="/support">Contact support</a></p><img src="/x.png" alt="" onerror="window.__hacked = true">',
  },
  argTypes: argTypesFromSchema(sectionRichTextPropsSchema),
} satisfies Meta<typeof SectionRichText>

export default meta
type Story = StoryObj<typeof meta>

/** Formatted text shows; a script-bearing attribute in it is removed. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement)
    await expect(section.getByRole('heading', { level: 2, name: 'Cancelling your membership' })).toBeVisible()
    await expect(section.getByText('Online, from your dashboard')).toBeVisible()
    await expect(section.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support')
    await expect(canvasElement.querySelector('[onerror]')).toBeNull()
  },
}

export const Phone: Story = phone
