import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { sampleCheckout } from '../kit/testing/catalog-fixtures.ts'
import { checkoutStateQuery } from '../kit/checkout/checkout.ts'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageCheckoutMembersPropsSchema } from './props.ts'
import PageCheckoutMembers from './page-checkout-members.tsx'
import { checkoutMembersSettingsSchema } from './settings.ts'

const meta = {
  title: 'Pages/checkout-add-member · Checkout: family members',
  component: PageCheckoutMembers,
  args: {
    settings: checkoutMembersSettingsSchema.parse({}),
    mode: 'add',
    planIds: [101, 102],
    paths: { members: '/checkout/add-member', payment: '/checkout/payment' },
  },
  argTypes: argTypesFromSchema(pageCheckoutMembersPropsSchema),
  decorators: [withApiData([[checkoutStateQuery, sampleCheckout]])],
} satisfies Meta<typeof PageCheckoutMembers>

export default meta
type Story = StoryObj<typeof meta>

/** The household with each member's plan and price, edit and remove per member, and the form to add one. */
export const Household: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    const people = page.getByRole('list', { name: 'People on this membership' })
    await expect(within(people).getAllByRole('listitem')).toHaveLength(3)
    await expect(within(people).getByRole('button', { name: 'Remove Sam Lee' })).toBeVisible()
    await expect(within(people).getByRole('link', { name: 'Edit Kai Lee' })).toHaveAttribute(
      'href',
      '/checkout/edit-member/1',
    )
    await expect(page.getByRole('option', { name: 'Same as yours: Family' })).toBeInTheDocument()
  },
}

/** Editing one member, on its own page. */
export const Edit: Story = {
  args: { mode: 'edit', memberId: 2 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Sam Lee' })).toBeVisible()
    await expect(page.getByLabelText('Plan')).toHaveValue('101')
  },
}

/** Labels are content: a content manager's wording replaces the defaults. */
export const ContentLabels: Story = {
  args: {
    settings: checkoutMembersSettingsSchema.parse({
      add_heading: 'Who else is covered?',
      first_name_label: 'Given name',
      same_plan_option: 'My plan ({plan})',
    }),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { name: 'Who else is covered?' })).toBeVisible()
    await expect(page.getByLabelText('Given name')).toBeVisible()
    await expect(page.getByRole('option', { name: 'My plan (Family)' })).toBeInTheDocument()
  },
}

export const Phone: Story = { globals: PHONE }
