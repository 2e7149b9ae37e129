import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { officeEntries, sampleOffices } from '../kit/testing/catalog-fixtures.ts'
import { pageOfficePropsSchema } from './props.ts'
import PageOffice from './page-office.tsx'
import { officeSettingsSchema } from './settings.ts'

const office = sampleOffices[0]!

const meta = {
  title: 'Pages/office · Office',
  component: PageOffice,
  args: { settings: officeSettingsSchema.parse({}), officeId: office.id, administrator: 'Brightbite Dental Plans' },
  argTypes: argTypesFromSchema(pageOfficePropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData(officeEntries(office))],
} satisfies Meta<typeof PageOffice>

export default meta
type Story = StoryObj<typeof meta>

/** The office, its hours, directions (a link out: no map tiles), its dentists, and its plans each with a join link. */
export const Office: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('Beverly Hills Family Dentistry')
    await expect(page.getByRole('link', { name: /Directions to Beverly Hills Family Dentistry/ })).toHaveAttribute(
      'href',
      expect.stringContaining('destination=9400%20Brighton%20Way'),
    )
    await expect(page.getByRole('heading', { name: 'Dr. Luis Ortega, DMD' })).toBeVisible()
    await expect(page.getByText('Board certified: American Board of Pediatric Dentistry')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Join: Family' })).toHaveAttribute(
      'href',
      '/join-now?location_id=1001&plan_id=102',
    )
    await expect(page.getByRole('note', { name: 'Not insurance' })).toBeVisible()
  },
}
