import { RichText } from '#engine'
import { SiteLink } from '../kit/site-link.tsx'
import { buttonClass } from '../kit/ui/button.tsx'
import type { SectionHeroProps } from './props.ts'

export default function SectionHero({ eyebrow, headline, text, ctaText, ctaUrl, tone }: SectionHeroProps) {
  const brand = tone === 'brand'
  return (
    <section className={brand ? 'bg-brand text-brand-contrast' : 'bg-surface text-body'} data-section="hero">
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-4 px-4 py-16 md:py-24">
        {eyebrow && <p className="text-sm font-semibold tracking-wide uppercase opacity-90">{eyebrow}</p>}
        <h2 className="text-4xl font-bold md:text-5xl">{headline}</h2>
        {text && <RichText html={text} className="max-w-2xl text-lg [&_a]:underline" />}
        {ctaText && ctaUrl && (
          <SiteLink
            href={ctaUrl}
            className={
              brand
                ? 'inline-flex items-center rounded-md bg-white px-6 py-3 font-semibold text-gray-900 hover:bg-gray-100'
                : buttonClass('primary')
            }
          >
            {ctaText}
          </SiteLink>
        )}
      </div>
    </section>
  )
}
