import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import * as states from '../kit/testing/footer-stories.ts'
import { footerArgs } from '../kit/testing/story-fixtures.ts'
import { footerPropsSchema } from '../kit/chrome/footer-props.ts'
import FooterStory from './footer-story.tsx'

const meta = {
  title: 'Footers/2_footer · Story',
  component: FooterStory,
  args: footerArgs,
  argTypes: argTypesFromSchema(footerPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FooterStory>

export default meta
type Story = StoryObj<typeof meta>

export const Desktop: Story = states.desktop
export const Phone: Story = states.phone
export const CopyrightOnTop: Story = states.copyrightOnTop

export const MadeWithLove: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-part="description"]')).toHaveTextContent(
      'Affordable dental care for families',
    )
    await expect(canvasElement.querySelector('[data-part="made-with-love"]')).toHaveTextContent(
      'made with love in Oregon',
    )
  },
}
export const InOtherWords: Story = states.inOtherWords
export const PrivacyChoices: Story = states.privacyChoices
export const NoPrivacyChoices: Story = states.noPrivacyChoices
export const LanguageAssistance: Story = states.languageAssistance
