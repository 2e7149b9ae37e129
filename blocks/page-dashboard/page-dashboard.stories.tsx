import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageDashboardPropsSchema } from './props.ts'
import { dashboardSettingsSchema } from './settings.ts'
import { dashboardFixtures, endedFixtures, historyFixture, membershipFixtures, refundQuoteFixture } from './fixtures.ts'
import { dashboardQueries } from './queries.ts'
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
    languages: [],
  },
  argTypes: argTypesFromSchema(pageDashboardPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData(dashboardFixtures)],
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

/** Cancelling within the refund window: one dialog says what happens; Escape closes it and focus comes back. */
export const CancelWithinRefundWindow: Story = {
  decorators: [withApiData([refundQuoteFixture])],
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: 'Cancel membership' })
    await userEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Cancel membership' })
    await expect(
      await within(dialog).findByText(/end today, November 27, 2026\. \$59\.90 is refunded to the card ending 4242/),
    ).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Yes, cancel my membership' })).toBeEnabled()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(button).toHaveFocus())
  },
}

/** A renewal payment failed: the banner at the top says so, with the next try and the card dialog. */
export const PastDue: Story = {
  decorators: [
    withApiData(
      membershipFixtures({
        status: 'past_due',
        nextRetryAt: '2026-12-06T08:00:00.000Z',
        endsAt: '2026-12-12T08:00:00.000Z',
      }),
    ),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    const banner = await page.findByRole('alert')
    await expect(banner).toHaveTextContent(
      'Your renewal payment of $59.90 did not go through. We try your card again on December 6, 2026. Your membership stays valid until December 12, 2026; if no payment goes through by then, it ends that day.',
    )
    await expect(within(banner).getByRole('button', { name: 'Update card' })).toBeVisible()
    await expect(page.getByText('Payment due')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cancel membership' })).toBeVisible()
  },
}

/** Ending at the period's end: what keeping it agrees to, and Keep my membership in one click. */
export const Ending: Story = {
  decorators: [
    withApiData(membershipFixtures({ status: 'ending', autoRenew: false, endsAt: '2026-12-05T08:00:00.000Z' })),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    const keep = await page.findByRole('button', { name: 'Keep my membership' })
    await expect(keep).toHaveAccessibleDescription(
      'Your membership ends on December 5, 2026. Keep it and it renews on that day at $59.90 a month, charged to your card on file, until you turn renewal off.',
    )
    await expect(page.getByText('Ending', { exact: true })).toBeVisible()
    await expect(page.getByRole('switch', { name: /Renew automatically/ })).not.toBeChecked()
  },
}

/** Cancelled: every ID card says it is not valid, in words; the receipt shows the refund; no Cancel button. */
export const Cancelled: Story = {
  decorators: [
    withApiData(
      membershipFixtures({ status: 'cancelled', autoRenew: false, endsAt: '2026-11-27T10:00:00.000Z' }, '2026-11-27', [
        [
          dashboardQueries.receipts,
          {
            receipts: [
              {
                id: 90,
                description: 'Family plan, monthly (2 members)',
                amountCents: 5990,
                cardLast4: '4242',
                paidAt: '2026-11-05T09:00:00.000Z',
                refundedCents: 5990,
              },
            ],
          },
        ],
      ]),
    ),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    for (const name of ['Alex Morgan', 'Robin Morgan'])
      await expect(await page.findByRole('group', { name: `ID card of ${name}` })).toHaveTextContent(
        'Not valid: membership ended on November 27, 2026',
      )
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: /\$59\.90 refunded/ })).toBeVisible()
    await expect(page.queryByRole('button', { name: 'Cancel membership' })).toBeNull()
  },
}

/** Expired (the last retry was declined, or an ending membership reached its date): the cards say so. */
export const Expired: Story = {
  decorators: [
    withApiData(
      membershipFixtures({ status: 'expired', autoRenew: false, endsAt: '2026-12-05T08:00:00.000Z' }, '2026-12-05'),
    ),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(await page.findByRole('group', { name: 'ID card of Robin Morgan' })).toHaveTextContent(
      'Not valid: membership ended on December 5, 2026',
    )
    await expect(page.getByText('Expired', { exact: true })).toBeVisible()
    await expect(page.queryByRole('button', { name: 'Cancel membership' })).toBeNull()
    // Family is added to a membership that covers: joining again comes first.
    await expect(await page.findByRole('button', { name: 'Join again' })).toBeVisible()
    await expect(page.queryByRole('button', { name: 'Add a dependent' })).toBeNull()
  },
}

/** The history opens on demand: each change in words, with what it charged. */
export const MembershipHistory: Story = {
  decorators: [withApiData([historyFixture])],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await userEvent.click(await page.findByText('Membership history'))
    const table = await page.findByRole('table', { name: 'Membership history, newest first' })
    const rows = within(table).getAllByRole('row')
    await expect(rows[1]).toHaveTextContent('12/06/26Renewed$59.90 charged')
    await expect(rows[2]).toHaveTextContent('Renewal payment declined')
    await expect(rows[4]).toHaveTextContent('Joined$69.90 charged')
  },
}

/** 9:30 pm on February 28 in California is March 1 in UTC: the member's receipts, history and next charge say February 28. */
const lateEvening = '2027-03-01T05:30:00.000Z'
export const DatesInTheMembersTimeZone: Story = {
  decorators: [
    withApiData([
      [dashboardQueries.balance, { balanceCents: 0, nextChargeCents: 5990, nextChargeAt: lateEvening }],
      [
        dashboardQueries.receipts,
        {
          receipts: [
            {
              id: 93,
              description: 'Family plan, monthly (2 members)',
              amountCents: 5990,
              cardLast4: '4242',
              paidAt: lateEvening,
              refundedCents: 0,
            },
          ],
        },
      ],
      [
        historyFixture[0],
        { events: [{ ...historyFixture[1].events[0], at: lateEvening, receiptId: 93, from: 'renewing' }] },
      ],
    ]),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByText('$59.90 on 02/28/27')).toBeVisible()
    const receipts = page.getByRole('table', { name: /receipts/i })
    await expect(within(receipts).getAllByRole('row')[1]).toHaveTextContent(/^02\/28\/27Family plan/)
    await userEvent.click(within(receipts).getByRole('button', { name: 'View the receipt of 02/28/27' }))
    const receipt = await screen.findByRole('dialog', { name: 'Receipt 93' })
    await expect(receipt).toHaveTextContent('Date02/28/27')
    await userEvent.keyboard('{Escape}')
    await userEvent.click(await page.findByText('Membership history'))
    const history = await page.findByRole('table', { name: 'Membership history, newest first' })
    await expect(within(history).getAllByRole('row')[1]).toHaveTextContent('02/28/27Renewed$59.90 charged')
  },
}

/**
 * A membership that expired: the dashboard offers to join again, in steps, by keyboard: the
 * office and plan (the last ones chosen), then the family, those on the account kept.
 */
export const JoinAgain: Story = {
  decorators: [withApiData(endedFixtures)],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByText('Your membership has ended.', { exact: false })).toBeVisible()
    // An ended membership offers only what applies to it: joining again, not renewing or switching.
    await expect(page.queryByRole('button', { name: 'Renew now' })).toBeNull()
    await expect(page.queryByRole('switch', { name: 'Renew automatically' })).toBeNull()
    await expect(page.queryByText('Renewal amount')).toBeNull()
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

/**
 * A site in two languages: the member chooses the language of their mail in their details, each
 * named in its own; one who never chose reads the default's (English, whatever the list's order).
 */
export const MailInTheirLanguage: Story = {
  args: {
    languages: [
      { code: 'es', name: 'Español' },
      { code: 'en', name: 'English' },
    ],
  },
  play: async ({ canvasElement }) => {
    const details = within(await within(canvasElement).findByRole('form', { name: 'Your details' }))
    const language = details.getByRole('combobox', { name: 'Language of your mail' })
    await expect(language).toHaveValue('en')
    await expect(within(language).getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es')
    await userEvent.selectOptions(language, 'es')
    await expect(details.getByRole('button', { name: 'Save details' })).toBeEnabled()
  },
}
