import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageLandingPropsSchema } from './props.ts'
import PageLanding from './page-landing.tsx'

const page = {
  slug: 'family',
  title: 'Family savings',
  headline: 'Save on dental care for the whole family',
  body: 'One membership covers <em>everyone</em>.',
  cta_text: 'See plans',
  cta_url: '/join-now',
  home: false,
  sections: [
    {
      block: 'section-features',
      props: {
        title: 'Why families choose us',
        items: [{ icon: 'check', title: 'No waiting periods', text: 'Start saving at once.' }],
      },
    },
    { block: 'section-faq', props: { title: 'Questions', items: [{ question: 'Is this insurance?', answer: 'No.' }] } },
  ],
}

const meta = {
  title: 'Pages/landing · Landing page',
  component: PageLanding,
  args: { page },
  argTypes: argTypesFromSchema(pageLandingPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageLanding>

export default meta
type Story = StoryObj<typeof meta>

const rendersSections = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement)
  await expect(
    canvas.getByRole('heading', { level: 1, name: 'Save on dental care for the whole family' }),
  ).toBeVisible()
  await expect(await canvas.findByRole('heading', { level: 2, name: 'Why families choose us' })).toBeVisible()
  await expect(await canvas.findByRole('heading', { level: 2, name: 'Questions' })).toBeVisible()
}

export const WithSections: Story = { play: rendersSections }
export const Phone: Story = { globals: PHONE, play: rendersSections }
export const UnknownSection: Story = {
  args: { page: { ...page, sections: [{ block: 'section-gone', props: {} }] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'No block is registered under "section-gone"',
    )
  },
}
