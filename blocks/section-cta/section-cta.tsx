import { SiteLink } from '../kit/chrome/site-link.tsx'
import { SectionBand } from '../kit/ui/section-band.tsx'
import type { SectionCtaProps } from './props.ts'

export default function SectionCta({
  headline,
  text,
  button_text,
  button_url,
  secondary_text,
  secondary_url,
}: SectionCtaProps) {
  return (
    <SectionBand
      name="cta"
      tone="brand-secondary"
      width="5xl"
      className="flex flex-col items-start gap-4 py-12 md:flex-row md:items-center md:justify-between"
    >
      <div className="flex flex-col gap-2">
        <h2 className="text-3xl font-bold">{headline}</h2>
        {text && <p className="max-w-2xl text-lg opacity-95">{text}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <SiteLink
          href={button_url}
          className="inline-flex items-center rounded-md bg-white px-6 py-3 font-semibold text-gray-900 hover:bg-gray-100"
        >
          {button_text}
        </SiteLink>
        {secondary_text && secondary_url && (
          <SiteLink href={secondary_url} className="font-semibold underline">
            {secondary_text}
          </SiteLink>
        )}
      </div>
    </SectionBand>
  )
}
