import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import type { Plan } from '#schemas/api/directory.ts'
import { withApiData } from '../kit/testing/api-data.tsx'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageSavingsPropsSchema } from './props.ts'
import { planQuery } from '../kit/catalog/plans.ts'
import PageSavings from './page-savings.tsx'
import { savingsSettingsSchema } from './settings.ts'

const fees = [
  { code: 'D0120', procedure: 'Periodic oral evaluation', usualFeeCents: 6500, memberFeeCents: 4200 },
  { code: 'D1110', procedure: 'Adult cleaning', usualFeeCents: 11500, memberFeeCents: 7500 },
]
const plans: Plan[] = [
  {
    id: 1,
    name: 'Solo',
    description: 'For one person.',
    monthlyPriceCents: 1495,
    annualPriceCents: 14900,
    enrollmentFeeCents: 1000,
    maxDependents: 0,
    feeSchedule: fees,
  },
  {
    id: 2,
    name: 'Household',
    description: 'For the whole household.',
    monthlyPriceCents: 2995,
    annualPriceCents: 29900,
    enrollmentFeeCents: 0,
    maxDependents: 5,
    feeSchedule: fees,
  },
]

const meta = {
  title: 'Pages/savings-summary · Savings summary',
  component: PageSavings,
  args: {
    settings: savingsSettingsSchema.parse({}),
    administrator: 'Brightbite Dental Plans',
    joinPath: '/join-now',
    planIds: [1, 2],
  },
  argTypes: argTypesFromSchema(pageSavingsPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData(plans.map((plan) => [planQuery(plan.id), plan] as const))],
} satisfies Meta<typeof PageSavings>

export default meta
type Story = StoryObj<typeof meta>

/** Each plan's fee table, and the calculator's exact yearly saving. */
export const Calculator: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'What members save' })).toBeVisible()
    await expect(await page.findByRole('note', { name: 'Not insurance' })).toHaveTextContent(
      'administered by Brightbite Dental Plans',
    )
    await userEvent.selectOptions(page.getByLabelText('Plan'), 'Household')
    await userEvent.clear(page.getByLabelText('People in the household'))
    await userEvent.type(page.getByLabelText('People in the household'), '4')
    await userEvent.clear(page.getByLabelText('Adult cleaning'))
    await userEvent.type(page.getByLabelText('Adult cleaning'), '8')
    // 8 × (115.00 − 75.00) − 4 × 299.00 = −876.00: the plan costs more than these cleanings save.
    await expect(page.getByTestId('net-saving')).toHaveTextContent('$876.00')
    await expect(page.getByText('The plan costs more than it saves by')).toBeVisible()
  },
}

/** A household bigger than a plan covers is told so. */
export const TooManyPeople: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await userEvent.clear(page.getByLabelText('People in the household'))
    await userEvent.type(page.getByLabelText('People in the household'), '3')
    await expect(page.getByRole('alert')).toHaveTextContent('The Solo plan covers one person')
  },
}

export const Phone: Story = { globals: PHONE }
