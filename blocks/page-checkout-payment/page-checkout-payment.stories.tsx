import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { sampleCheckout } from '../kit/testing/catalog-fixtures.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { pageCheckoutPaymentPropsSchema } from './props.ts'
import PageCheckoutPayment from './page-checkout-payment.tsx'
import { checkoutPaymentSettingsSchema } from './settings.ts'

const meta = {
  title: 'Pages/checkout-payment · Checkout: payment',
  component: PageCheckoutPayment,
  // No processor runs beside Storybook: the card form says it is loading (or could not be loaded).
  args: {
    settings: checkoutPaymentSettingsSchema.parse({}),
    paymentFields: { port: 6007 },
    administrator: 'Brightbite Dental Plans',
    phone: '3105550100',
    paths: {
      terms: '/terms',
      confirmation: '/checkout',
      signIn: '/member-login?redirect=%2Fdashboard',
      details: '/checkout/create-account',
    },
  },
  argTypes: argTypesFromSchema(pageCheckoutPaymentPropsSchema),
  decorators: [withApiData([[checkoutStateQuery, sampleCheckout]])],
} satisfies Meta<typeof PageCheckoutPayment>

export default meta
type Story = StoryObj<typeof meta>

/**
 * The renewal terms with a consent box of their own, apart from the Terms of Service's; paying
 * without either says so at each box, and focus goes to the first missing.
 */
export const Terms: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByText(/renews automatically every month at \$74\.85 until you cancel/)).toBeVisible()
    const renewal = page.getByRole('checkbox', { name: /I agree to the automatic renewal terms above/ })
    const terms = page.getByRole('checkbox', { name: 'I agree to the Terms of Service.' })
    await userEvent.click(page.getByRole('button', { name: 'Pay $67.88' }))
    await expect(renewal).toHaveFocus()
    await expect(renewal).toHaveAccessibleDescription(/renews automatically every month/)
    await expect(page.getByText(/Tick the box to agree to the automatic renewal terms/)).toBeVisible()
    await expect(page.getByText('Tick the box to agree to the Terms of Service.')).toBeVisible()
    // The renewal terms agreed to, the Terms of Service not yet: only that box is said to be missing.
    await userEvent.click(renewal)
    await userEvent.click(page.getByRole('button', { name: 'Pay $67.88' }))
    await expect(terms).toHaveFocus()
    await expect(page.queryByText(/Tick the box to agree to the automatic renewal terms/)).toBeNull()
    await expect(page.queryByRole('note', { name: 'Arizona notice' })).toBeNull()
  },
}

/** An Arizona office: the Arizona notice. */
export const Arizona: Story = {
  decorators: [
    withApiData([[checkoutStateQuery, { ...sampleCheckout, office: { ...sampleCheckout.office!, state: 'AZ' } }]]),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('note', { name: 'Arizona notice' })).toHaveTextContent(
      'Arizona residents',
    )
  },
}
