import type { Meta, StoryObj } from '@storybook/react-vite'
import { useRef, useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { Button, ButtonLink, buttonClass } from './button.tsx'

/** The site's buttons: one component per element, one variant per look (the btn-* classes of site-config/styles.css). */
const meta = {
  title: 'Kit/Button',
  component: Button,
  args: { variant: 'primary', children: 'Join now' },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'outline', 'link'] } },
} satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

/** The button's own controls: the variant is a control, every other prop is the button's. */
export const Primary: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Join now' })
    await expect(button).toHaveClass('btn-primary')
    // A button submits nothing unless it says so.
    await expect(button).toHaveAttribute('type', 'button')
  },
}

function Variants() {
  const [clicks, setClicks] = useState(0)
  const focusTarget = useRef<HTMLButtonElement>(null)
  return (
    <form className="flex flex-wrap items-center gap-3 p-6" onSubmit={(event) => event.preventDefault()}>
      <Button variant="primary" type="submit">
        Save
      </Button>
      <Button variant="outline" ref={focusTarget} onClick={() => setClicks((count) => count + 1)}>
        Cancel
      </Button>
      <Button variant="link" className="text-sm">
        Remove the coupon
      </Button>
      <Button variant="primary" disabled>
        Sending…
      </Button>
      <ButtonLink variant="outline" to="/find-a-dentist">
        Find a dentist
      </ButtonLink>
      <a href="#top" className={buttonClass('primary', 'self-start')}>
        A link from content
      </a>
      <Button variant="link" onClick={() => focusTarget.current?.focus()}>
        Focus Cancel
      </Button>
      <p role="status">Cancelled {clicks} times</p>
    </form>
  )
}

/** Every look, a submit button, a disabled one, a link that looks like a button, and a ref to a button. */
export const AllVariants: Story = {
  render: () => <Variants />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit')
    const cancel = canvas.getByRole('button', { name: 'Cancel' })
    await expect(cancel).toHaveClass('btn-outline')
    await userEvent.click(cancel)
    await expect(canvas.getByRole('status')).toHaveTextContent('Cancelled 1 times')
    await expect(canvas.getByRole('button', { name: 'Remove the coupon' })).toHaveClass('underline', 'text-sm')
    await expect(canvas.getByRole('button', { name: 'Sending…' })).toBeDisabled()
    const link = canvas.getByRole('link', { name: 'Find a dentist' })
    await expect(link).toHaveClass('btn-outline')
    await expect(link).toHaveAttribute('href', '/find-a-dentist')
    await expect(canvas.getByRole('link', { name: 'A link from content' })).toHaveClass('btn-primary', 'self-start')
    await userEvent.click(canvas.getByRole('button', { name: 'Focus Cancel' }))
    await expect(cancel).toHaveFocus()
  },
}
