import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { WithApiData } from '../kit/testing/api-data.tsx'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageDashboardPropsSchema } from './props.ts'
import { dashboardSettingsSchema } from './settings.ts'
import { dashboardFixtures, endedFixtures } from './fixtures.ts'
import PageDashboard from './page-dashboard.tsx'

const meta = {
  title: 'Pages/dashboard · Member dashboard',
  component: PageDashboard,
  args: {
    settings: dashboardSettingsSchema.parse({}),
    companyName: 'Brightbite Dental Plans',
    paymentFields: { port: 6007 },
    paths: {
      grievance: '/grievance-form',
      grievances: '/grievance-form/status',
      findDentist: '/find-a-dentist',
      terms: '/terms',
    },
    phone: '8005550100',
  },
  argTypes: argTypesFromSchema(pageDashboardPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <WithApiData entries={dashboardFixtures}>
        <Story />
      </WithApiData>
    ),
  ],
} satisfies Meta<typeof PageDashboard>

export default meta
type Story = StoryObj<typeof meta>

/** Every area filled: membership, billing, ID cards, dependents, receipts, details, offices. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible()
    await expect(page.getByRole('switch', { name: /Renew automatically/ })).toBeChecked()
    await expect(page.getByRole('group', { name: 'ID card of Robin Morgan' })).toHaveTextContent(
      'THIS IS NOT INSURANCE',
    )
    await expect(page.getByRole('cell', { name: '11/05/26' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'GRIEVANCE FORM' })).toBeVisible()
  },
}

/** Texts come from content: a content manager's wording replaces the defaults. */
export const ContentTexts: Story = {
  args: {
    settings: dashboardSettingsSchema.parse({ heading: 'My Brightbite plan', grievance_label: 'FILE A GRIEVANCE' }),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'My Brightbite plan' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'FILE A GRIEVANCE' })).toBeVisible()
  },
}

/** A confirm dialog's texts come from content too, filled with the amount. */
export const ContentDialogTexts: Story = {
  args: {
    settings: dashboardSettingsSchema.parse({
      renew_confirm_title: 'Renew today?',
      renew_confirm_message: 'We charge {amount} now.',
      pay_button: 'Charge {amount}',
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Renew now' }))
    // The dialog is portalled to the body, and its code loads when it first opens.
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Renew today?' })
    await expect(dialog).toHaveTextContent('We charge $59.90 now.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  },
}

/** Change password: the dialog asks for the current password, then the new one with the reset page's rules. */
export const ChangePassword: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Change password' }))
    // The dialog is portalled to the document's body.
    const dialog = within(await screen.findByRole('dialog', { name: 'Change password' }))
    await userEvent.type(dialog.getByLabelText('New password'), 'Longer-pass-1')
    await expect(dialog.getByRole('list', { name: 'Password rules' })).toHaveTextContent('✓ Use at least 12 characters')
    await userEvent.click(dialog.getByRole('button', { name: 'Save the new password' }))
    await waitFor(() => expect(dialog.getByLabelText('Current password')).toHaveFocus())
    await expect(dialog.getByLabelText('Current password')).toHaveAccessibleDescription('Enter your current password')
  },
}

export const Phone: Story = { globals: PHONE }

/**
 * A membership that expired: the dashboard offers to join again, in steps, by keyboard: the
 * office and plan (the last ones chosen), then the family, those on the account kept.
 */
export const JoinAgain: Story = {
  decorators: [
    (Story) => (
      <WithApiData entries={endedFixtures}>
        <Story />
      </WithApiData>
    ),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByText('Your membership has ended.', { exact: false })).toBeVisible()
    page.getByRole('button', { name: 'Join again' }).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = within(await screen.findByRole('dialog', { name: 'Join Brightbite Dental Plans' }))
    await expect(dialog.getByRole('listitem', { current: 'step' })).toHaveTextContent('Office and plan')
    await expect(dialog.getByLabelText('Dental office')).toHaveDisplayValue('Harbor Family Dental, Long Beach')
    await expect(await dialog.findByRole('radio', { name: /^Family: \$29.95 a month/ })).toBeChecked()
    await userEvent.click(dialog.getByRole('radio', { name: 'Yearly' }))
    await expect(dialog.getByRole('radio', { name: /^Family: \$299.50 a year/ })).toBeChecked()
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(dialog.getByRole('heading', { name: 'Family' })).toHaveFocus())
    await expect(dialog.getByRole('list', { name: 'People on the membership' })).toHaveTextContent(
      'Robin Morgan, Child (already on your account)',
    )
    await userEvent.type(dialog.getByLabelText('First name'), 'Kim')
    await userEvent.type(dialog.getByLabelText('Last name'), 'Morgan')
    await userEvent.type(dialog.getByLabelText('Date of birth'), '2019-02-03')
    await userEvent.click(dialog.getByRole('button', { name: 'Add to the membership' }))
    await expect(await dialog.findByRole('button', { name: 'Remove Kim Morgan' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
  },
}
