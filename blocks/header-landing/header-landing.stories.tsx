import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { PHONE, storyContent } from '../kit/testing/story-fixtures.ts'
import { headerLandingPropsSchema } from './props.ts'
import HeaderLanding from './header-landing.tsx'

const meta = {
  title: 'Headers/landing_header · Landing',
  component: HeaderLanding,
  args: {
    landing: storyContent.landing_header.variables,
    siteName: storyContent.base.variables.global_title,
    fallbackLogo: storyContent.header.variables.header_log,
    fixOnScroll: false,
  },
  argTypes: argTypesFromSchema(headerLandingPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HeaderLanding>

export default meta
type Story = StoryObj<typeof meta>

const onlyLogoAndCallToAction: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getAllByRole('link')).toHaveLength(2)
  await expect(canvas.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/join-now')
  await expect(canvas.queryByRole('navigation')).toBeNull()
}

export const Desktop: Story = { play: onlyLogoAndCallToAction }
export const Phone: Story = { globals: PHONE, play: onlyLogoAndCallToAction }
export const WithoutCallToAction: Story = {
  args: { landing: { ...storyContent.landing_header.variables, ctaBtnText: undefined } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(1)
  },
}
