import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { apiQuery, argTypesFromSchema } from '#engine'
import { catalogApi } from '#schemas/api/catalog.ts'
import { WithApiData } from '../kit/api-data.tsx'
import { sampleOffices, samplePlans, sampleProviders } from '../kit/catalog-fixtures.ts'
import { PHONE } from '../kit/story-fixtures.ts'
import { pageJoinNow } from './block.ts'
import PageJoinNow from './page-join-now.tsx'

const office = sampleOffices[0]!

const meta = {
  title: 'Pages/join-now · Join now',
  component: PageJoinNow,
  args: { settings: {}, locationId: String(office.id), planId: '102', planIds: [101, 102], administrator: 'Brightbite Dental Plans' },
  argTypes: argTypesFromSchema(pageJoinNow.schema),
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <WithApiData
        entries={[
          [apiQuery(catalogApi.officeDetails, { params: { id: office.id } }), { ...office, providers: sampleProviders.filter((provider) => provider.officeId === office.id) }],
          [apiQuery(catalogApi.officePlans, { params: { id: office.id } }), { plans: samplePlans }],
        ]}
      >
        <Story />
      </WithApiData>
    ),
  ],
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

/** No office yet: a ZIP search; a link naming an office that is not a number says so. */
export const NoOffice: Story = {
  args: { locationId: 'abc', planId: undefined },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('search', { name: 'Offices near a ZIP code' })).toBeVisible()
    await expect(page.getByText('We could not find the office of this link. Choose an office near you.')).toBeVisible()
  },
}

export const Phone: Story = { globals: PHONE }
