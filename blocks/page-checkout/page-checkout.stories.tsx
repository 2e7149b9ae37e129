import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { sampleCheckout } from '../kit/testing/catalog-fixtures.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageCheckoutPropsSchema } from './props.ts'
import PageCheckout from './page-checkout.tsx'
import { checkoutSettingsSchema } from './settings.ts'

const meta = {
  title: 'Pages/checkout · Checkout',
  component: PageCheckout,
  args: {
    settings: checkoutSettingsSchema.parse({}),
    companyName: 'Brightbite Dental Plans',
    paths: {
      join: '/join-now',
      dashboard: '/dashboard',
      account: '/checkout/create-account',
      members: '/checkout/add-member',
      payment: '/checkout/payment',
      terms: '/terms',
    },
    pathname: '/checkout/add-member',
  } as never,
  argTypes: argTypesFromSchema(pageCheckoutPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData([[checkoutStateQuery, sampleCheckout]])],
} satisfies Meta<typeof PageCheckout>

export default meta
type Story = StoryObj<typeof meta>

/** The frame of a step: where the visitor is, and the order with each member's price and the coupon. */
export const FamilyStep: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('navigation', { name: 'Checkout steps' })).toBeVisible()
    await expect(page.getByText('Family members').closest('[aria-current="step"]')).not.toBeNull()
    const order = page.getByRole('complementary', { name: 'Your order' })
    await expect(within(order).getByRole('row', { name: /Sam Lee/ })).toHaveTextContent('$14.95')
    await expect(within(order).getByText('$67.88')).toBeVisible()
    await expect(within(order).getByRole('status')).toHaveTextContent('Coupon SPRING applied: 20% off.')
  },
}

export const Phone: Story = { globals: PHONE }
