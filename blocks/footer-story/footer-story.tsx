import { Icon } from '#engine'
import {
  ComplianceText,
  Copyright,
  FooterLanguageAssistance,
  FooterLogo,
  FooterNav,
  Sponsor,
} from '../kit/chrome/footer-parts.tsx'
import type { FooterProps } from '../kit/chrome/footer-props.ts'
import { fillText } from '#schemas/fill-text.ts'

/** 2_footer: the brand's description beside its links, and the "made with love in {country}" line. */
export default function FooterStory(props: FooterProps) {
  const { footer } = props
  const onTop = footer.show_copyright_on_top
  return (
    <footer className="border-t-4 border-accent bg-brand-secondary text-white">
      {onTop && (
        <div className="bg-black/20">
          <Copyright props={props} className="mx-auto max-w-7xl px-4 py-2 text-white" />
        </div>
      )}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <FooterLogo props={props} />
          {footer.footer_description && (
            <p className="max-w-xl text-lg text-white/90" data-part="description">
              {footer.footer_description}
            </p>
          )}
          <Sponsor props={props} className="text-white/85" />
        </div>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white/80 uppercase">{footer.texts.explore}</h2>
          <FooterNav props={props} className="flex flex-col gap-2" linkClassName="font-medium hover:underline" />
        </div>
      </div>
      <div className="bg-black/20">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6">
          <ComplianceText html={footer.footer_txt} className="text-white/85" />
          <FooterLanguageAssistance props={props} className="text-white/85" />
          <div className="flex flex-wrap items-center justify-between gap-3">
            {!onTop && <Copyright props={props} className="text-white/90" />}
            {footer.country && (
              <p className="inline-flex items-center gap-1.5 text-sm text-white/90" data-part="made-with-love">
                {fillText(footer.texts.made_with_love, { country: footer.country })}
                <Icon name="heart" size={14} className="text-accent" />
              </p>
            )}
          </div>
        </div>
      </div>
    </footer>
  )
}
