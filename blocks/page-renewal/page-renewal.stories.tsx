import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import type { RenewalLink } from '#schemas/api/members.ts'
import { withApiData } from '../kit/testing/api-data.tsx'
import PageRenewal from './page-renewal.tsx'
import { pageRenewalPropsSchema } from './props.ts'
import { renewalLinkQuery } from './queries.ts'
import { renewalSettingsSchema } from './settings.ts'

const TOKEN = 'eyJwdXJwb3NlIjoicmVuZXdhbC1vZmYifQ.c2lnbmF0dXJl'
const renewing: RenewalLink = {
  firstName: 'Jordan',
  plan: 'Essential',
  status: 'active',
  autoRenew: true,
  renewsAt: '2027-01-05T08:00:00.000Z',
  endsAt: null,
  priceCents: 17940,
  timeZone: 'America/Los_Angeles',
}

const meta = {
  title: 'Pages/renewal · Automatic renewal',
  component: PageRenewal,
  args: {
    settings: renewalSettingsSchema.parse({}),
    token: TOKEN,
    paths: { dashboard: '/dashboard' },
  },
  argTypes: argTypesFromSchema(pageRenewalPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData([[renewalLinkQuery(TOKEN), renewing]])],
} satisfies Meta<typeof PageRenewal>

export default meta
type Story = StoryObj<typeof meta>

/** From an annual renewal notice: what renews, when and at what price, and the one button. */
export const Renewing: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Automatic renewal' })).toBeVisible()
    await expect(
      page.getByText('Hello Jordan. Your Essential membership renews automatically on January 5, 2027 at $179.40.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Turn off automatic renewal' })).toBeEnabled()
    await expect(page.getByRole('link', { name: 'Manage your membership on your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  },
}

/** Renewal was turned off before (the link opened again): it says so, and there is no button. */
export const AlreadyOff: Story = {
  decorators: [
    withApiData([
      [renewalLinkQuery(TOKEN), { ...renewing, status: 'ending', autoRenew: false, endsAt: renewing.renewsAt }],
    ]),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(
      page.getByText('Automatic renewal is already off. Your Essential membership ends on January 5, 2027.'),
    ).toBeVisible()
    await expect(page.queryByRole('button', { name: 'Turn off automatic renewal' })).toBeNull()
  },
}

/** Being charged, past due or ended: nothing to turn off here. */
export const NotRenewing: Story = {
  decorators: [withApiData([[renewalLinkQuery(TOKEN), { ...renewing, status: 'past_due' }]])],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByText(/is not renewing on its own now/)).toBeVisible()
    await expect(page.queryByRole('button')).toBeNull()
  },
}

/** Opened without a token (or with one the route refused): the page says the link is not valid. */
export const WithoutAToken: Story = {
  args: { token: undefined },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByText('This link has expired or is not valid.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Manage your membership on your dashboard' })).toBeVisible()
  },
}
