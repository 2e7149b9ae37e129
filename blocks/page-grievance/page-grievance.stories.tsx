import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { apiQuery } from '#engine'
import { argTypesFromSchema } from '#engine/tools'
import { catalogApi } from '#schemas/api/directory.ts'
import { WithApiData } from '../kit/testing/api-data.tsx'
import { sampleOffices } from '../kit/testing/catalog-fixtures.ts'
import { pageGrievancePropsSchema } from './props.ts'
import PageGrievance from './page-grievance.tsx'
import { grievanceSettingsSchema } from './settings.ts'

const meta = {
  title: 'Pages/grievance-form · Grievance form',
  component: PageGrievance,
  args: {
    settings: grievanceSettingsSchema.parse({}),
    groupKey: 'demo',
    planName: 'Brightbite Dental Plans',
    planPhone: '8005550199',
    statusPath: '/grievance-form/status',
  },
  argTypes: argTypesFromSchema(pageGrievancePropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <WithApiData
        entries={[[apiQuery(catalogApi.groupOffices, { params: { id: 'demo' } }), { offices: sampleOffices }]]}
      >
        <Story />
      </WithApiData>
    ),
  ],
} satisfies Meta<typeof PageGrievance>

export default meta
type Story = StoryObj<typeof meta>

/** The DMHC statement of H&S §1368.02(b) in bold with the plan's phone, the department's numbers and site. */
export const Statement: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    const statement = page.getByRole('region', { name: 'California Department of Managed Health Care' })
    await expect(statement).toHaveTextContent('you should first telephone your health plan at (800) 555-0199')
    await expect(within(statement).getByRole('link', { name: 'DMHC 1-888-466-2219' })).toHaveAttribute(
      'href',
      'tel:18884662219',
    )
    await expect(
      within(statement).getByText(/The California Department of Managed Health Care is responsible/),
    ).toHaveClass('font-bold')
  },
}

/** Filled in, reviewed, edited and reviewed again: everything typed is kept; the steps move the focus. */
export const ReviewAndEdit: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await userEvent.click(page.getByRole('button', { name: 'Review before submitting' }))
    await waitFor(() => expect(page.getByLabelText('Member name')).toHaveFocus())
    await expect(page.getByLabelText('What happened')).toHaveAccessibleDescription(
      expect.stringContaining('Describe what happened (at least 20 characters)'),
    )
    await userEvent.type(page.getByLabelText('Member name'), 'Jordan Rivera')
    await userEvent.type(page.getByLabelText('Email'), 'jordan@example.com')
    await userEvent.selectOptions(page.getByLabelText('Office (optional)'), 'Westwood Village Dental, Los Angeles')
    await userEvent.type(page.getByLabelText('What happened'), 'The crown placed in October came loose twice.')
    await userEvent.type(page.getByLabelText('How would you like it resolved?'), 'Replace the crown at no cost.')
    await userEvent.click(page.getByLabelText('I am the member’s authorised representative'))
    await userEvent.click(page.getByRole('button', { name: 'Review before submitting' }))
    await waitFor(() => expect(page.getByLabelText('Your name')).toHaveFocus())
    await expect(page.getByRole('checkbox', { name: /authorised me in writing/ })).toHaveAccessibleDescription(
      'Confirm that the member authorised you in writing',
    )
    await userEvent.click(page.getByLabelText('I am the member’s authorised representative'))
    await userEvent.click(page.getByRole('button', { name: 'Review before submitting' }))
    await expect(page.getByRole('heading', { name: 'Step 2: Check your grievance' })).toHaveFocus()
    const review = page.getByRole('region', { name: 'Step 2: Check your grievance' })
    await expect(review).toHaveTextContent('OfficeWestwood Village Dental, Los Angeles')
    await expect(review).toHaveTextContent('RepresentativeNot given')
    await userEvent.click(page.getByRole('button', { name: 'Edit' }))
    await expect(page.getByLabelText('What happened')).toHaveValue('The crown placed in October came loose twice.')
    await expect(page.getByRole('heading', { name: 'Step 1: Your grievance' })).toHaveFocus()
  },
}
