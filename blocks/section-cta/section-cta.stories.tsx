import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionCtaPropsSchema } from './props.ts'
import SectionCta from './section-cta.tsx'

const meta = {
  title: 'Sections/Call to action',
  component: SectionCta,
  args: {
    headline: 'Start saving this week',
    text: 'Join online in five minutes and use your ID card at once.',
    button_text: 'See plans',
    button_url: '/join-now',
    secondary_text: 'Find a dentist first',
    secondary_url: '/find-a-dentist',
  },
  argTypes: argTypesFromSchema(sectionCtaPropsSchema),
} satisfies Meta<typeof SectionCta>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement)
    await expect(section.getByRole('heading', { level: 2, name: 'Start saving this week' })).toBeVisible()
    await expect(section.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/join-now')
    await expect(section.getByRole('link', { name: 'Find a dentist first' })).toHaveAttribute('href', '/find-a-dentist')
  },
}

export const Phone: Story = phone
