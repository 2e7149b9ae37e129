import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { argTypesFromSchema } from '#engine/tools'
import { PHONE } from '../kit/testing/story-fixtures.ts'
import { pageContentPropsSchema } from './props.ts'
import PageContent from './page-content.tsx'
import { contentPageSettingsSchema } from './settings.ts'

const settings = contentPageSettingsSchema.parse({
  title: 'Terms of membership',
  updated: 'January 5, 2026',
  intro: 'Please read these terms before you join. <strong>This plan is not insurance.</strong>',
  sections: [
    {
      block: 'section-rich-text',
      props: { title: 'Cancelling', body: '<p>Cancel within 30 days of joining for a full refund.</p>' },
    },
    { block: 'section-notice', props: { title: 'Not insurance', body: 'This is a discount plan.' } },
  ],
})

const meta = {
  title: 'Pages/home, faq, terms, privacy, arizona · Content page',
  component: PageContent,
  args: { settings, pageTitle: 'Terms of Service' },
  argTypes: argTypesFromSchema(pageContentPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageContent>

export default meta
type Story = StoryObj<typeof meta>

/** The heading, the date, the introduction, then each section in order. */
export const Policy: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of membership' })).toBeVisible()
    await expect(page.getByText('Last updated January 5, 2026')).toBeVisible()
    await expect(await page.findByRole('heading', { level: 2, name: 'Cancelling' })).toBeVisible()
    await expect(await page.findByRole('note', { name: 'Not insurance' })).toBeVisible()
  },
}

/** Above a hero, the heading is for screen readers only; without its own title, the page's title. */
export const HiddenHeading: Story = {
  args: {
    settings: contentPageSettingsSchema.parse({
      hide_title: true,
      sections: [{ block: 'section-hero', props: { headline: 'Save on dental care' } }],
    }),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
    await expect(await page.findByRole('heading', { level: 2, name: 'Save on dental care' })).toBeVisible()
  },
}

export const Phone: Story = { globals: PHONE }
