import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { officeEntries, sampleOffices } from '../kit/testing/catalog-fixtures.ts'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageJoinNowPropsSchema } from './props.ts'
import PageJoinNow from './page-join-now.tsx'
import { joinNowSettingsSchema } from './settings.ts'

const office = sampleOffices[0]!

const meta = {
  title: 'Pages/join-now · Join now',
  component: PageJoinNow,
  args: {
    settings: joinNowSettingsSchema.parse({}),
    locationId: String(office.id),
    planId: '102',
    expired: false,
    near: undefined,
    planIds: [101, 102],
    administrator: 'Brightbite Dental Plans',
  },
  argTypes: argTypesFromSchema(pageJoinNowPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData(officeEntries(office))],
} satisfies Meta<typeof PageJoinNow>

export default meta
type Story = StoryObj<typeof meta>

/** The office's plans, the one picked on the office page marked; yearly prices on request; the disclosure beside them. */
export const OfficeChosen: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    const family = page.getByRole('listitem', { name: 'Family' })
    await expect(family).toHaveTextContent('The plan you picked')
    await expect(family).toHaveTextContent('$29.95 a month')
    await userEvent.click(page.getByRole('radio', { name: 'Yearly' }))
    await expect(family).toHaveTextContent('$299.00 a year')
    await expect(page.getByRole('note', { name: 'Not insurance' })).toBeVisible()
    await expect(within(family).getByRole('button', { name: 'Choose Family' })).toBeEnabled()
  },
}

/** No office yet: a ZIP search; a link naming an office that is not a number says so; so does an expired checkout. */
export const NoOffice: Story = {
  args: { locationId: 'abc', planId: undefined, expired: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByText(/Your checkout expired/)).toBeVisible()
    await expect(page.getByRole('search', { name: 'Offices near a ZIP code' })).toBeVisible()
    await expect(page.getByText('We could not find the office of this link. Choose an office near you.')).toBeVisible()
  },
}

export const Phone: Story = { globals: PHONE }
