import { RichText } from '#engine'
import { SiteLink } from '../kit/chrome/site-link.tsx'
import { buttonClass } from '../kit/ui/button.tsx'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionHeroProps } from './props.ts'

export default function SectionHero({ eyebrow, headline, text, ctaText, ctaUrl, tone }: SectionHeroProps) {
  const brand = tone === 'brand'
  return (
    <SectionBand
      name="hero"
      tone={brand ? 'brand' : 'surface'}
      width="5xl"
      className="flex flex-col items-start gap-4 py-16 md:py-24"
    >
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
    </SectionBand>
  )
}
