import type { ComponentProps } from 'react'

/** A section's band of colour, across the page. */
const TONES = {
  white: 'bg-white text-body',
  surface: 'bg-surface text-body',
  brand: 'bg-brand text-brand-contrast',
  'brand-secondary': 'bg-brand-secondary text-white',
} as const

/** The width of its centred column. */
const WIDTHS = { '3xl': 'max-w-3xl', '5xl': 'max-w-5xl', '6xl': 'max-w-6xl' } as const

export interface SectionBandProps extends Omit<ComponentProps<'section'>, 'className'> {
  /** The block's name without `section-`: the band's `data-section`, by which tests find it. */
  name: string
  tone: keyof typeof TONES
  width: keyof typeof WIDTHS
  /** Classes of the centred column: its layout and its height (`flex flex-col gap-4 py-10`). */
  className?: string
}

/**
 * The frame of a section block: a `<section>` band of colour across the page, and a column centred
 * in it with the page's side margins. Its other props (`id`, `aria-labelledby`) are the section's.
 * (Not the engine's `Section`, which renders a section of content by its block.)
 */
export function SectionBand({ name, tone, width, className, children, ...props }: SectionBandProps) {
  return (
    <section className={TONES[tone]} data-section={name} {...props}>
      <div className={['mx-auto', WIDTHS[width], 'px-4', className].filter(Boolean).join(' ')}>{children}</div>
    </section>
  )
}
