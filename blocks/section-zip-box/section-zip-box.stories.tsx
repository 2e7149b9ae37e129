import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionZipBoxPropsSchema } from './props.ts'
import SectionZipBox from './section-zip-box.tsx'

const meta = {
  title: 'Sections/section-zip-box · ZIP code search',
  component: SectionZipBox,
  // Parsed as content is: the texts not given here are their defaults.
  args: sectionZipBoxPropsSchema.parse({
    heading: 'Find a participating dentist near you',
    label: 'Your ZIP code',
    button_text: 'Search dentists',
    helper: 'Thousands of offices accept the plan.',
  }),
  argTypes: argTypesFromSchema(sectionZipBoxPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SectionZipBox>

export default meta
type Story = StoryObj<typeof meta>

/** A plain GET form to the dentist search: it works before the scripts load. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement)
    const form = section.getByRole('search', { name: 'Find a participating dentist near you' })
    await expect(form).toHaveAttribute('method', 'get')
    await expect(form).toHaveAttribute('action', '/find-a-dentist')
    const zip = section.getByLabelText('Your ZIP code')
    await expect(zip).toHaveAttribute('name', 'zip')
    await expect(zip).toHaveAttribute('inputmode', 'numeric')
    await expect(zip).toHaveAttribute('autocomplete', 'postal-code')
    await expect(zip).toHaveAccessibleDescription('Five digits, such as 90210')
    const radius = section.getByLabelText('Distance')
    await expect(radius).toHaveAttribute('name', 'radius')
    await expect(radius).toHaveValue('25')
    await expect(
      within(radius)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['5', '10', '25', '50', '100'])
    await expect(section.getByRole('button', { name: 'Search dentists' })).toBeVisible()
  },
}

/** The browser refuses anything but five digits before the form is sent. */
export const ZipChecked: Story = {
  play: async ({ canvasElement }) => {
    const zip = within(canvasElement).getByLabelText('Your ZIP code')
    await expect(zip).toBeInvalid()
    await userEvent.type(zip, '9021')
    await expect(zip).toBeInvalid()
    await userEvent.type(zip, '0')
    await expect(zip).toBeValid()
  },
}

export const WithoutHelper: Story = { args: { helper: undefined } }

export const Phone: Story = phone
