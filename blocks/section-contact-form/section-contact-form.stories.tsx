import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { phone } from '../kit/testing/section-stories.ts'
import { sectionContactFormPropsSchema } from './props.ts'
import SectionContactForm from './section-contact-form.tsx'

const meta = {
  title: 'Sections/Contact form',
  component: SectionContactForm,
  args: sectionContactFormPropsSchema.parse({
    text: 'Questions about your membership, a bill or a dentist: we answer within two business days.',
  }),
  argTypes: argTypesFromSchema(sectionContactFormPropsSchema),
} satisfies Meta<typeof SectionContactForm>

export default meta
type Story = StoryObj<typeof meta>

/** Sending an empty form: each field says what it needs, and the first takes the focus. */
export const Errors: Story = {
  play: async ({ canvasElement }) => {
    const form = within(canvasElement)
    await userEvent.click(form.getByRole('button', { name: 'Send message' }))
    // The form's schema loads with its first check.
    await waitFor(() => expect(form.getByLabelText('Your name')).toHaveFocus())
    await expect(form.getByLabelText('Your name')).toHaveAccessibleDescription('Required')
    await expect(form.getByLabelText('Message')).toHaveAccessibleDescription(
      'Tell us a little more (at least 10 characters)',
    )
    await userEvent.type(form.getByLabelText('Phone (optional)'), '12')
    await userEvent.click(form.getByRole('button', { name: 'Send message' }))
    await expect(form.getByLabelText('Phone (optional)')).toHaveAccessibleDescription('Enter a ten-digit phone number')
  },
}

/** The topics' names are content; their values are the API's. */
export const ContentTopics: Story = {
  args: { topic_billing: 'A bill or a payment' },
  play: async ({ canvasElement }) => {
    const topic = within(canvasElement).getByLabelText('Topic')
    await userEvent.selectOptions(topic, 'A bill or a payment')
    await expect(topic).toHaveValue('billing')
  },
}

export const Phone: Story = phone
