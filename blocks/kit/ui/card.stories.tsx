import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Card } from './card.tsx'

/** The site's card: white, a grey border, rounded; drawn on the element that gives it its role. */
const meta = {
  title: 'Kit/Card',
  component: Card,
  args: { padding: 'lg', className: 'm-6 flex flex-col gap-2', children: 'Your next payment is due on 1 December.' },
  argTypes: {
    padding: { control: 'inline-radio', options: ['md', 'lg'] },
    raised: { control: 'boolean' },
  },
} satisfies Meta<typeof Card>
export default meta
type Story = StoryObj<typeof meta>

/** A card on a `div`, its layout from its own classes. */
export const Plain: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByText('Your next payment is due on 1 December.')
    await expect(card.tagName).toBe('DIV')
    await expect(card).toHaveClass('rounded-lg', 'border', 'border-gray-300', 'bg-white', 'p-5', 'flex', 'gap-2')
    await expect(card).not.toHaveClass('shadow-sm')
  },
}

/** Cards with roles: a raised panel named by its heading, and the cards of a list. */
export const WithRoles: Story = {
  render: () => (
    <div className="flex flex-col gap-4 p-6">
      <Card as="section" padding="lg" raised aria-labelledby="card-heading" className="flex flex-col gap-2">
        <h2 id="card-heading" className="text-xl font-semibold">
          Balance and billing
        </h2>
        <p>Nothing is due.</p>
      </Card>
      <ul aria-label="Offices near you" className="grid gap-3 md:grid-cols-2">
        {['Beverly Hills Family Dentistry', 'Sunset Smiles'].map((name) => (
          <Card key={name} as="li" padding="md">
            {name}
          </Card>
        ))}
      </ul>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panel = canvas.getByRole('region', { name: 'Balance and billing' })
    await expect(panel).toHaveClass('p-5', 'shadow-sm')
    const offices = within(canvas.getByRole('list', { name: 'Offices near you' })).getAllByRole('listitem')
    await expect(offices).toHaveLength(2)
    await expect(offices[0]).toHaveClass('p-4')
  },
}
