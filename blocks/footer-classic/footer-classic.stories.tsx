import type { Meta, StoryObj } from '@storybook/react-vite'
import { argTypesFromSchema } from '#engine/tools'
import * as states from '../kit/testing/footer-stories.ts'
import { footerArgs } from '../kit/testing/story-fixtures.ts'
import { footerPropsSchema } from '../kit/chrome/footer-props.ts'
import FooterClassic from './footer-classic.tsx'

const meta = {
  title: 'Footers/1_footer · Classic',
  component: FooterClassic,
  args: footerArgs,
  argTypes: argTypesFromSchema(footerPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FooterClassic>

export default meta
type Story = StoryObj<typeof meta>

export const Desktop: Story = states.desktop
export const Phone: Story = states.phone
export const CopyrightOnTop: Story = states.copyrightOnTop
export const InOtherWords: Story = states.inOtherWords
export const PrivacyChoices: Story = states.privacyChoices
export const NoPrivacyChoices: Story = states.noPrivacyChoices
export const LanguageAssistance: Story = states.languageAssistance
