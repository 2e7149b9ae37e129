import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionNoticePropsSchema } from './props.ts'
import SectionNotice from './section-notice.tsx'

const meta = {
  title: 'Sections/Notice',
  component: SectionNotice,
  args: {
    title: 'This plan is not insurance',
    body: 'Brightbite is a discount dental plan administered by Brightbite Dental Plans. Members pay participating dentists directly.',
    tone: 'important' as const,
  },
  argTypes: argTypesFromSchema(sectionNoticePropsSchema),
} satisfies Meta<typeof SectionNotice>

export default meta
type Story = StoryObj<typeof meta>

export const Important: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('note', { name: 'This plan is not insurance' })).toHaveTextContent(
      'administered by Brightbite Dental Plans',
    )
  },
}

export const Information: Story = {
  args: { tone: 'info', title: 'Office hours change', body: 'Offices close at noon on December 24.' },
}

export const Phone: Story = phone
