import type { Meta, StoryObj } from '@storybook/react-vite'
import { argTypesFromSchema } from '#engine/tools'
import * as states from '../kit/testing/header-stories.ts'
import { headerArgs } from '../kit/testing/story-fixtures.ts'
import { headerPropsSchema } from '../kit/chrome/header-props.ts'
import HeaderCentered from './header-centered.tsx'

const meta = {
  title: 'Headers/2_header · Centered',
  component: HeaderCentered,
  args: headerArgs,
  argTypes: argTypesFromSchema(headerPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HeaderCentered>

export default meta
type Story = StoryObj<typeof meta>

export const SignedOut: Story = states.signedOut
export const SignedIn: Story = states.signedIn
export const TopHeaderHidden: Story = states.topHeaderHidden
export const WithBanner: Story = states.withBanner
export const Phone: Story = states.phone
export const PhoneMenuOpen: Story = states.phoneMenuOpen
export const InOtherWords: Story = states.inOtherWords
export const InTwoLanguages: Story = states.inTwoLanguages
