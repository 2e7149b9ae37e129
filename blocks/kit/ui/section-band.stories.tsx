import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { SectionBand } from './section-band.tsx'

/** A section block's frame: a band of colour across the page and a centred column. */
const meta = {
  title: 'Kit/Section band',
  component: SectionBand,
  args: {
    name: 'note',
    tone: 'surface',
    width: '3xl',
    className: 'flex flex-col gap-4 py-10',
    'aria-labelledby': 'band-heading',
    children: (
      <>
        <h2 id="band-heading" className="text-2xl font-bold">
          Questions?
        </h2>
        <p>Call us on weekdays from 8 to 5.</p>
      </>
    ),
  },
  argTypes: {
    tone: { control: 'inline-radio', options: ['white', 'surface', 'brand', 'brand-secondary'] },
    width: { control: 'inline-radio', options: ['3xl', '5xl', '6xl'] },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SectionBand>
export default meta
type Story = StoryObj<typeof meta>

/** On the surface colour: the band is the section, marked with the block's name; the column is centred. */
export const Surface: Story = {
  play: async ({ canvasElement }) => {
    const band = within(canvasElement).getByRole('region', { name: 'Questions?' })
    await expect(band).toHaveAttribute('data-section', 'note')
    await expect(band).toHaveClass('bg-surface', 'text-body')
    await expect(band.firstElementChild).toHaveClass('mx-auto', 'max-w-3xl', 'px-4', 'flex', 'py-10')
  },
}

/** On the brand's colour, wider. */
export const Brand: Story = {
  args: { tone: 'brand', width: '5xl' },
  play: async ({ canvasElement }) => {
    const band = within(canvasElement).getByRole('region', { name: 'Questions?' })
    await expect(band).toHaveClass('bg-brand', 'text-brand-contrast')
    await expect(band.firstElementChild).toHaveClass('max-w-5xl')
  },
}

/** The secondary brand colour, white text. */
export const BrandSecondary: Story = { args: { tone: 'brand-secondary', width: '6xl' } }
