import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone, showsHeading } from '../kit/testing/section-stories.ts'
import { sectionFaqPropsSchema } from './props.ts'
import SectionFaq from './section-faq.tsx'

const meta = {
  title: 'Sections/section-faq · Questions and answers',
  component: SectionFaq,
  args: {
    title: 'Questions families ask',
    items: [
      { question: 'Is this insurance?', answer: 'No. It is a <strong>discount plan</strong>.' },
      { question: 'Can I add a newborn later?', answer: 'Yes, from your dashboard.' },
    ],
  },
  argTypes: argTypesFromSchema(sectionFaqPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SectionFaq>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = { play: showsHeading('Questions families ask') }
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByText('Is this insurance?'))
    await expect(canvas.getByText('discount plan')).toBeVisible()
  },
}
export const Phone: Story = { ...phone, play: showsHeading('Questions families ask') }
