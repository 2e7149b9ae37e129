import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { withApiData } from '../kit/testing/api-data.tsx'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { sampleGrievances } from './fixtures.ts'
import PageGrievanceStatus from './page-grievance-status.tsx'
import { pageGrievanceStatusPropsSchema } from './props.ts'
import { memberGrievancesQuery } from './queries.ts'
import { grievanceStatusSettingsSchema } from './settings.ts'

const meta = {
  title: 'Pages/grievance-status · Grievance status',
  component: PageGrievanceStatus,
  args: {
    settings: grievanceStatusSettingsSchema.parse({}),
    member: true,
    paths: { grievanceForm: '/grievance-form' },
  },
  argTypes: argTypesFromSchema(pageGrievanceStatusPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData([[memberGrievancesQuery, sampleGrievances]])],
} satisfies Meta<typeof PageGrievanceStatus>

export default meta
type Story = StoryObj<typeof meta>

/** A member’s grievances: status, the dates due or met, and the plan’s responses. */
export const MemberGrievances: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Your grievances' })).toBeVisible()
    const list = page.getByRole('list', { name: 'Your grievances, newest first' })
    const [urgent, resolved] = within(list).getAllByRole('listitem', { name: /^Grievance GRV-/ })
    await expect(urgent).toHaveAccessibleName('Grievance GRV-2026-7C1E90AA')
    await expect(urgent).toHaveTextContent('StatusReceived · Urgent')
    await expect(urgent).toHaveTextContent('AcknowledgementDue by 11/26/26')
    await expect(urgent).toHaveTextContent('No written response yet.')
    await expect(resolved).toHaveTextContent('AboutA bill or a fee')
    await expect(resolved).toHaveTextContent('AcknowledgementSent on 10/03/26')
    await expect(resolved).toHaveTextContent('ResolutionDecided on 10/20/26')
    await expect(resolved).toHaveTextContent('Decision, 10/20/26The office charged the visit twice.')
    await expect(page.getByRole('heading', { level: 2, name: 'Look up a grievance' })).toBeVisible()
  },
}

/** A member who has filed nothing. */
export const MemberWithoutGrievances: Story = {
  decorators: [withApiData([[memberGrievancesQuery, { grievances: [] }]])],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('You have not filed a grievance.')).toBeVisible()
  },
}

/** A visitor: the lookup only; what is missing or malformed is said at its field before anything is sent. */
export const Visitor: Story = {
  args: { member: false },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Grievance status' })).toBeVisible()
    await expect(page.queryByRole('list', { name: 'Your grievances, newest first' })).toBeNull()
    await userEvent.click(page.getByRole('button', { name: 'Look up' }))
    await waitFor(() => expect(page.getByLabelText('Reference')).toHaveFocus())
    await expect(page.getByLabelText('Reference')).toHaveAccessibleDescription(
      'Enter the reference from your acknowledgement',
    )
    await userEvent.type(page.getByLabelText('Reference'), 'GRV-12')
    await expect(page.getByLabelText('Reference')).toHaveAccessibleDescription(
      'Enter the reference as it was given, such as GRV-2026-1A2B3C4D',
    )
  },
}

/** Texts come from content: a content manager's wording replaces the defaults. */
export const ContentTexts: Story = {
  args: {
    settings: grievanceStatusSettingsSchema.parse({ member_heading: 'My complaints', status_resolved: 'Closed out' }),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'My complaints' })).toBeVisible()
    await expect(page.getByText('Closed out')).toBeVisible()
  },
}

export const Phone: Story = { globals: PHONE }
