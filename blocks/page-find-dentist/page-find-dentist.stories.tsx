import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { sampleOfficeSearch } from '../kit/testing/catalog-fixtures.ts'
import { officeSearchQuery } from '../kit/catalog/dentist-search.ts'
import { checkSearch } from '../kit/catalog/search-check.ts'
import { pageFindDentistPropsSchema } from './props.ts'
import PageFindDentist from './page-find-dentist.tsx'
import { findDentistSettingsSchema } from './settings.ts'

const search = { zip: '90210', radius: '25' }
const checked = checkSearch(search)
if (!checked.ok) throw new Error('The story’s search is valid')

const meta = {
  title: 'Pages/find-a-dentist · Find a dentist',
  component: PageFindDentist,
  args: { settings: findDentistSettingsSchema.parse({}), search, checked, administrator: 'Brightbite Dental Plans' },
  argTypes: argTypesFromSchema(pageFindDentistPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData([[officeSearchQuery(checked.search), sampleOfficeSearch]])],
} satisfies Meta<typeof PageFindDentist>

export default meta
type Story = StoryObj<typeof meta>

/** Offices near 90210, nearest first, each with its dentists, hours, plans from the lowest price, and a join link with that office. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    // The results are a static part of the page: rendered in the browser, their code loads first.
    await expect(await page.findByRole('status')).toHaveTextContent(
      '2 offices within 25 miles of 90210 (Beverly Hills, CA), nearest first.',
    )
    const first = page.getByRole('article', { name: 'Beverly Hills Family Dentistry' })
    await expect(first).toHaveTextContent('0.4 miles away')
    await expect(first).toHaveTextContent('Plans from $14.95 a month')
    await expect(first).toHaveTextContent('Mon–Fri 8:00 AM–5:00 PM · Sat 9:00 AM–1:00 PM')
    await expect(
      within(first).getByRole('link', { name: 'Join with this office: Beverly Hills Family Dentistry' }),
    ).toHaveAttribute('href', '/join-now?location_id=1001')
    await expect(within(first).getByRole('link', { name: 'Beverly Hills Family Dentistry' })).toHaveAttribute(
      'href',
      '/office/1001',
    )
    await expect(page.getByRole('note', { name: 'Not insurance' })).toHaveTextContent(
      'Plans administered by Brightbite Dental Plans.',
    )
  },
}

/** A shared address with a bad radius and ZIP: the form says what is wrong at each field, and nothing is searched. */
export const BadSearch: Story = {
  args: { search: { zip: '9021', radius: '900' }, checked: checkSearch({ zip: '9021', radius: '900' }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByLabelText('ZIP code')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a five-digit ZIP code'),
    )
    await expect(page.getByLabelText('Distance')).toHaveAccessibleDescription('Choose a distance from 1 to 500 miles')
    await expect(await page.findByRole('alert')).toHaveTextContent('Correct the search above to see offices.')
  },
}

/** Typing a bad ZIP and searching: the message is at the field, which takes the focus. */
export const CorrectsTheZip: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    const zip = page.getByLabelText('ZIP code')
    await userEvent.clear(zip)
    await userEvent.type(zip, 'abc')
    await userEvent.click(page.getByRole('button', { name: 'Search' }))
    await expect(zip).toHaveFocus()
    await expect(zip).toHaveAccessibleDescription(expect.stringContaining('Enter a five-digit ZIP code'))
  },
}
