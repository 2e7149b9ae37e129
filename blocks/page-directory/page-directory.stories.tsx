import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within, waitFor } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { WithApiData } from '../kit/testing/api-data.tsx'
import { sampleOffices, sampleProviders } from '../kit/testing/catalog-fixtures.ts'
import { providerSearchQuery } from '../kit/catalog/dentist-search.ts'
import { checkSearch } from '../kit/catalog/search-check.ts'
import { pageDirectoryPropsSchema } from './props.ts'
import PageDirectory from './page-directory.tsx'
import { directorySettingsSchema } from './settings.ts'

const search = { language: 'Spanish', accepting: 'true' }
const checked = checkSearch(search)
if (!checked.ok) throw new Error('The story’s search is valid')
const results = sampleProviders.map((provider) => ({
  provider,
  office: sampleOffices.find((office) => office.id === provider.officeId)!,
  distanceMiles: null,
}))

const meta = {
  title: 'Pages/directory · Provider directory',
  component: PageDirectory,
  args: { settings: directorySettingsSchema.parse({}), search, checked },
  argTypes: argTypesFromSchema(pageDirectoryPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <WithApiData
        entries={[
          [
            providerSearchQuery(checked.search),
            {
              results,
              origin: null,
              total: results.length,
              page: 1,
              pageSize: 500,
              updatedAt: '2026-11-02T09:30:00.000Z',
            },
          ],
        ]}
      >
        <Story />
      </WithApiData>
    ),
  ],
} satisfies Meta<typeof PageDirectory>

export default meta
type Story = StoryObj<typeof meta>

/** Every §1367.27 field per provider, the date it was last updated, print and CSV; the filters from the address. */
export const Directory: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    // The table is a static part of the page: rendered in the browser, its code loads first.
    await expect(await page.findByRole('status')).toHaveTextContent('3 providers. Last updated November 2, 2026.')
    const row = page.getByRole('row', { name: /Dr. Luis Ortega/ })
    for (const text of [
      'NPI 1306849532',
      'License CA DDS 61877',
      'Board certified: American Board of Pediatric Dentistry',
      'Children',
      'Staff: Spanish, Mandarin',
      'Wheelchair accessible, Parking',
    ])
      await expect(row).toHaveTextContent(text)
    await expect(page.getByLabelText('Language spoken')).toHaveValue('Spanish')
    await expect(page.getByLabelText('Accepting new patients only')).toBeChecked()
    await expect(page.getByRole('button', { name: 'Download as CSV' })).toBeEnabled()
  },
}

/** “Report a mistake” opens a dialog about that provider; sending it empty says what is needed at each field. */
export const ReportAMistake: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Report a mistake about Dr. Maya Chen, DDS' }))
    // The dialog's code loads when it first opens.
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Report a mistake: Dr. Maya Chen, DDS',
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }))
    // The form's schema loads with its first check.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Your email, for our answer')).toHaveAccessibleDescription(
        'Enter a valid email address',
      ),
    )
    await expect(within(dialog).getByLabelText('What should it say?')).toHaveAccessibleDescription(
      expect.stringContaining('Tell us what is wrong (at least 10 characters)'),
    )
    await expect(within(dialog).getByLabelText('Your email, for our answer')).toHaveAccessibleDescription(
      'Enter a valid email address',
    )
  },
}

/** The table's headers and the report's reasons are content; the reasons' values are the API's. */
export const ContentTexts: Story = {
  args: {
    settings: directorySettingsSchema.parse({ column_type: 'Kind of dentist', report_field_languages: 'Languages' }),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(await page.findByRole('columnheader', { name: 'Kind of dentist' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Report a mistake about Dr. Maya Chen, DDS' }))
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Report a mistake: Dr. Maya Chen, DDS',
    })
    const what = within(dialog).getByLabelText('What is wrong')
    await userEvent.selectOptions(what, 'Languages')
    await expect(what).toHaveValue('languages')
  },
}
