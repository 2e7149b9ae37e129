import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { TrackingConsentTexts } from './site.ts'
import { TRACKING_CONSENT_KEY, TrackingChoicesBanner } from './tracking-choices.tsx'

/** The privacy choices where the server waits for consent, in a site's words (the engine has none of its own). */
const texts: TrackingConsentTexts = {
  title: 'Privacy choices',
  message:
    'With your permission, we measure how quickly our pages load and respond to clicks and taps. These measurements never include anything you type.',
  allow: 'Allow',
  decline: 'Decline',
  allowed: 'You currently allow these measurements.',
  declined: 'You currently decline these measurements.',
}

const meta = {
  title: 'Engine/Privacy choices',
  component: TrackingChoicesBanner,
  args: { texts },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <>
      <p className="p-6">A page.</p>
      <footer className="p-6">
        <button type="button" data-privacy-choices className="underline">
          Privacy choices
        </button>
      </footer>
      <TrackingChoicesBanner {...args} />
    </>
  ),
} satisfies Meta<typeof TrackingChoicesBanner>
export default meta
type Story = StoryObj<typeof meta>

/** A new visitor: asked what is measured, without the focus taken; "Allow" answers and closes. */
export const Asked: Story = {
  beforeEach: () => localStorage.removeItem(TRACKING_CONSENT_KEY),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const region = canvas.getByRole('region', { name: 'Privacy choices' })
    await expect(region).toHaveTextContent('These measurements never include anything you type.')
    await expect(region).not.toHaveFocus()
    await userEvent.click(within(region).getByRole('button', { name: 'Allow' }))
    await expect(canvas.queryByRole('region', { name: 'Privacy choices' })).toBeNull()
    await expect(localStorage.getItem(TRACKING_CONSENT_KEY)).toBe('granted')
  },
}

/** Opened again from the footer after allowing: the current answer, the focus inside; "Decline" withdraws. */
export const OpenedAgain: Story = {
  beforeEach: () => localStorage.setItem(TRACKING_CONSENT_KEY, 'granted'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('region', { name: 'Privacy choices' })).toBeNull()
    const link = canvas.getByRole('button', { name: 'Privacy choices' })
    await userEvent.click(link)
    const region = canvas.getByRole('region', { name: 'Privacy choices' })
    await expect(region).toHaveTextContent('You currently allow these measurements.')
    await expect(region).toHaveFocus()
    await userEvent.click(within(region).getByRole('button', { name: 'Decline' }))
    await expect(link).toHaveFocus()
    await expect(localStorage.getItem(TRACKING_CONSENT_KEY)).toBe('not-granted')
  },
}
