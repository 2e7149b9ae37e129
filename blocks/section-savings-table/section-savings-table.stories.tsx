import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import type { Plan } from '#schemas/api/directory.ts'
import { withApiData } from '../kit/testing/api-data.tsx'
import { planQuery } from '../kit/catalog/plans.ts'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionSavingsTablePropsSchema } from './props.ts'
import SectionSavingsTable from './section-savings-table.tsx'

const plan: Plan = {
  id: 2,
  name: 'Household',
  description: 'The whole household on one plan.',
  monthlyPriceCents: 2995,
  annualPriceCents: 29900,
  enrollmentFeeCents: 1000,
  maxDependents: 5,
  feeSchedule: [
    { code: 'D0120', procedure: 'Periodic oral evaluation', usualFeeCents: 6500, memberFeeCents: 4200 },
    { code: 'D1110', procedure: 'Adult cleaning', usualFeeCents: 11500, memberFeeCents: 7500 },
    { code: 'D2391', procedure: 'Resin filling, one surface, back tooth', usualFeeCents: 19500, memberFeeCents: 12700 },
    { code: 'D2740', procedure: 'Porcelain crown', usualFeeCents: 135000, memberFeeCents: 87750 },
  ],
}

const meta = {
  title: 'Sections/section-savings-table · Savings table',
  component: SectionSavingsTable,
  // Parsed as content is: the texts not given here are their defaults.
  args: sectionSavingsTablePropsSchema.parse({
    heading: 'What a Household member pays',
    intro: 'The fee every participating dentist charges members, next to the usual fee.',
    plan_id: 2,
  }),
  argTypes: argTypesFromSchema(sectionSavingsTablePropsSchema),
  parameters: { layout: 'fullscreen' },
  decorators: [withApiData([[planQuery(plan.id), plan]])],
} satisfies Meta<typeof SectionSavingsTable>

export default meta
type Story = StoryObj<typeof meta>

/** The table's text, row by row: its headers, then each procedure's cells. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent))

/** Every procedure of the schedule, with exact figures, the plan's name and the disclosure. */
export const WholeSchedule: Story = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement)
    await expect(section.getByRole('heading', { level: 2, name: 'What a Household member pays' })).toBeVisible()
    await expect(section.getByText(/a month or/)).toHaveTextContent(
      'Household: $29.95 a month or $299.00 a year per member, plus a one-time enrollment fee of $10.00.',
    )
    const table = section.getByRole('table', { name: 'Member fees on the Household plan' })
    await expect(rowTexts(table)).toEqual([
      ['Procedure', 'Code', 'Usual fee', 'Member fee', 'You save'],
      ['Periodic oral evaluation', 'D0120', '$65.00', '$42.00', '$23.00'],
      ['Adult cleaning', 'D1110', '$115.00', '$75.00', '$40.00'],
      ['Resin filling, one surface, back tooth', 'D2391', '$195.00', '$127.00', '$68.00'],
      ['Porcelain crown', 'D2740', '$1350.00', '$877.50', '$472.50'],
    ])
    await expect(section.getByRole('note', { name: 'Not insurance' })).toHaveTextContent(
      /Plans administered by Brightbite Benefits, Inc\.$/,
    )
  },
}

/** The procedures content chose, in its order; a code the plan has no fee for is left out. */
export const ChosenProcedures: Story = {
  args: { codes: ['D2740', 'D1110', 'D9999'] },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Member fees on the Household plan' })
    await expect(rowTexts(table).map((row) => row[1])).toEqual(['Code', 'D2740', 'D1110'])
  },
}

/** The column headers are content (feeTableSettings). */
export const ContentHeaders: Story = {
  args: { fee_table_usual: 'Regular price', fee_table_saving: 'Savings' },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Member fees on the Household plan' })
    await expect(rowTexts(table)[0]).toEqual(['Procedure', 'Code', 'Regular price', 'Member fee', 'Savings'])
  },
}

/** No plan chosen and none offered (the story content has no plans_whitelist): the section says so. */
export const NoPlan: Story = {
  args: { plan_id: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No plans are offered on this site yet.')).toBeVisible()
  },
}

export const Phone: Story = phone
