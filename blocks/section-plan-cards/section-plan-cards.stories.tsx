import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import type { Plan } from '#schemas/api/directory.ts'
import { withApiData } from '../kit/testing/api-data.tsx'
import { planQuery } from '../kit/catalog/plans.ts'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionPlanCardsPropsSchema } from './props.ts'
import SectionPlanCards from './section-plan-cards.tsx'

const fees = [
  { code: 'D0120', procedure: 'Periodic oral evaluation', usualFeeCents: 6500, memberFeeCents: 4200 },
  { code: 'D0210', procedure: 'Full-mouth X-rays', usualFeeCents: 14500, memberFeeCents: 9400 },
  { code: 'D1110', procedure: 'Adult cleaning', usualFeeCents: 11500, memberFeeCents: 7500 },
  { code: 'D2391', procedure: 'Resin filling, one surface, back tooth', usualFeeCents: 19500, memberFeeCents: 12700 },
  { code: 'D2740', procedure: 'Porcelain crown', usualFeeCents: 135000, memberFeeCents: 87800 },
]
const plans: Plan[] = [
  {
    id: 1,
    name: 'Solo',
    description: 'Cleanings, exams and X-rays at member prices.',
    monthlyPriceCents: 1495,
    annualPriceCents: 14900,
    enrollmentFeeCents: 1000,
    maxDependents: 0,
    feeSchedule: fees,
  },
  {
    id: 2,
    name: 'Household',
    description: 'The whole household on one plan.',
    monthlyPriceCents: 2995,
    annualPriceCents: 29900,
    enrollmentFeeCents: 0,
    maxDependents: 5,
    feeSchedule: fees,
  },
  {
    id: 3,
    name: 'Premier',
    description: 'Our deepest discounts, cosmetic work included.',
    monthlyPriceCents: 3995,
    annualPriceCents: 47940,
    enrollmentFeeCents: 0,
    maxDependents: 1,
    feeSchedule: fees.slice(0, 3),
  },
]

const meta = {
  title: 'Sections/section-plan-cards · Plan cards',
  component: SectionPlanCards,
  // Parsed as content is: the texts not given here are their defaults.
  args: sectionPlanCardsPropsSchema.parse({
    heading: 'Choose your plan',
    intro: 'Every plan works at every participating office.',
    plan_ids: [1, 2, 3],
    lead_billing: 'monthly',
    button_text: 'Join now',
  }),
  argTypes: argTypesFromSchema(sectionPlanCardsPropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData(plans.map((plan) => [planQuery(plan.id), plan] as const))],
} satisfies Meta<typeof SectionPlanCards>

export default meta
type Story = StoryObj<typeof meta>

/** Each card: both prices, the enrollment fee, who it covers, four member fees and a join link for its plan. */
export const MonthlyFirst: Story = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement)
    await expect(section.getByRole('heading', { level: 2, name: 'Choose your plan' })).toBeVisible()
    const solo = within(section.getByRole('article', { name: 'Solo' }))
    await expect(solo.getByText(/a month per member/)).toHaveTextContent('$14.95 a month per member')
    await expect(solo.getByText(/a year per member/)).toHaveTextContent('or $149.00 a year per member')
    await expect(solo.getByText('Paying yearly saves $30.40 a member')).toBeVisible()
    await expect(solo.getByText('One-time enrollment fee $10.00')).toBeVisible()
    await expect(solo.getByText('Covers one person')).toBeVisible()
    const fees = within(solo.getByRole('list', { name: 'Member fees at participating dentists' })).getAllByRole(
      'listitem',
    )
    await expect(fees.map((fee) => fee.firstElementChild?.textContent)).toEqual([
      'Adult cleaning',
      'Periodic oral evaluation',
      'Resin filling, one surface, back tooth',
      'Porcelain crown',
    ])
    await expect(fees[0]).toHaveTextContent('usual fee $115.00 , member fee $75.00')
    await expect(fees[3]).toHaveTextContent('usual fee $1350.00 , member fee $878.00')
    await expect(solo.getByRole('link', { name: 'Join now: the Solo plan' })).toHaveAttribute(
      'href',
      '/join-now?plan_id=1',
    )
    const household = within(section.getByRole('article', { name: 'Household' }))
    await expect(household.getByText('No enrollment fee')).toBeVisible()
    await expect(household.getByText('Covers the member and up to 5 dependents')).toBeVisible()
    await expect(section.getByRole('note', { name: 'Not insurance' })).toHaveTextContent(
      /Plans administered by Brightbite Benefits, Inc\.$/,
    )
  },
}

/** The annual price leads; a plan whose year costs as much as twelve months claims no saving. */
export const AnnualFirst: Story = {
  args: { lead_billing: 'annual' },
  play: async ({ canvasElement }) => {
    const premier = within(within(canvasElement).getByRole('article', { name: 'Premier' }))
    await expect(premier.getByText(/a year per member/)).toHaveTextContent('$479.40 a year per member')
    await expect(premier.getByText(/a month per member/)).toHaveTextContent('or $39.95 a month per member')
    await expect(premier.queryByText(/Paying yearly saves/)).toBeNull()
    await expect(premier.getByText('Covers the member and up to 1 dependent')).toBeVisible()
  },
}

/** Content chose one plan: only its card shows. */
export const ChosenPlan: Story = {
  args: { plan_ids: [2], button_text: 'Choose Household' },
  play: async ({ canvasElement }) => {
    const section = within(canvasElement)
    await expect(section.getAllByRole('article')).toHaveLength(1)
    await expect(section.getByRole('link', { name: 'Choose Household: the Household plan' })).toHaveAttribute(
      'href',
      '/join-now?plan_id=2',
    )
  },
}

/** No plan chosen and none offered (the story content has no plans_whitelist): the section says so. */
export const NoPlans: Story = {
  args: { plan_ids: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No plans are offered on this site yet.')).toBeVisible()
  },
}

export const Phone: Story = phone
