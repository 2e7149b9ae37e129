import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone, showsHeading } from '../kit/testing/section-stories.ts'
import { sectionFeaturesPropsSchema } from './props.ts'
import SectionFeatures from './section-features.tsx'

const meta = {
  title: 'Sections/section-features · Features',
  component: SectionFeatures,
  args: {
    title: 'Why families choose us',
    items: [
      { icon: 'check', title: 'No waiting periods', text: 'Use your discounts the day your membership starts.' },
      { icon: 'heart', title: 'Everyone on one plan', text: 'One monthly price per person.' },
      { icon: 'map-pin', title: 'Offices near you', text: 'Thousands of participating dentists.' },
    ],
  },
  argTypes: argTypesFromSchema(sectionFeaturesPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SectionFeatures>

export default meta
type Story = StoryObj<typeof meta>

export const ThreeItems: Story = {
  play: async (context) => {
    await showsHeading('Why families choose us')(context)
    await expect(within(context.canvasElement).getAllByRole('listitem')).toHaveLength(3)
  },
}
export const Phone: Story = { ...phone, play: showsHeading('Why families choose us') }
