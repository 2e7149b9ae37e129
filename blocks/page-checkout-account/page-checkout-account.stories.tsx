import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { sampleCheckout } from '../kit/testing/catalog-fixtures.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { pageCheckoutAccountPropsSchema } from './props.ts'
import PageCheckoutAccount from './page-checkout-account.tsx'
import { checkoutAccountSettingsSchema } from './settings.ts'

const meta = {
  title: 'Pages/checkout-create-account · Checkout: your details',
  component: PageCheckoutAccount,
  args: {
    settings: checkoutAccountSettingsSchema.parse({}),
    paths: {
      signIn: '/member-login?redirect=%2Fcheckout%2Fcreate-account',
      members: '/checkout/add-member',
      dashboard: '/dashboard',
      privacy: '/privacy',
    },
  },
  argTypes: argTypesFromSchema(pageCheckoutAccountPropsSchema),
  decorators: [
    withApiData([
      [checkoutStateQuery, { ...sampleCheckout, step: 'plan', account: null, members: [], hasPassword: false }],
    ]),
  ],
} satisfies Meta<typeof PageCheckoutAccount>

export default meta
type Story = StoryObj<typeof meta>

/** Every field labelled; the password rules tick as the password is typed; an empty form says what is required. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible()
    await userEvent.type(page.getByLabelText('Choose a password'), 'Long-Enough-2026')
    await expect(page.getByRole('list', { name: 'Password rules' })).toHaveTextContent('✓ Use at least 12 characters')
    await userEvent.click(page.getByRole('button', { name: 'Continue' }))
    // The form's schema loads with its first check.
    await waitFor(() => expect(page.getByLabelText('First name')).toHaveAccessibleDescription('Required'))
  },
}

/** Going back to the step: what was entered is there, and the password may stay empty. */
export const Entered: Story = {
  decorators: [withApiData([[checkoutStateQuery, sampleCheckout]])],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByLabelText('Email')).toHaveValue('robin@example.com')
    await expect(page.getByText('Leave empty to keep the password you chose.')).toBeVisible()
  },
}

/** Labels are content: a content manager's wording replaces the defaults. */
export const ContentLabels: Story = {
  args: {
    settings: checkoutAccountSettingsSchema.parse({
      heading: 'About you',
      email_label: 'E-mail address',
      zip_label: 'Postal code',
    }),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible()
    await expect(page.getByLabelText('E-mail address')).toBeVisible()
    await expect(page.getByLabelText('Postal code')).toBeVisible()
  },
}
