import type { Meta, StoryObj } from '@storybook/react-vite'
import { argTypesFromSchema } from '#engine/tools'
import { phone, showsHeading } from '../kit/testing/section-stories.ts'
import { sectionHeroPropsSchema } from './props.ts'
import SectionHero from './section-hero.tsx'

const meta = {
  title: 'Sections/section-hero · Hero',
  component: SectionHero,
  args: {
    eyebrow: 'Spring offer',
    headline: 'Your first month on us',
    text: 'Use the code <strong>SPRING</strong> at checkout.',
    ctaText: 'Join now',
    ctaUrl: '/join-now',
    tone: 'brand',
  },
  argTypes: argTypesFromSchema(sectionHeroPropsSchema),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SectionHero>

export default meta
type Story = StoryObj<typeof meta>

export const Brand: Story = { play: showsHeading('Your first month on us') }
export const Light: Story = { args: { tone: 'light' }, play: showsHeading('Your first month on us') }
export const WithoutButton: Story = { args: { ctaText: undefined }, play: showsHeading('Your first month on us') }
export const Phone: Story = { ...phone, play: showsHeading('Your first month on us') }
