import {
  ComplianceText,
  Copyright,
  FooterLanguageAssistance,
  FooterLogo,
  FooterNav,
  Sponsor,
} from '../kit/chrome/footer-parts.tsx'
import type { FooterProps } from '../kit/chrome/footer-props.ts'

/** nx_footer_1: everything centred on the brand colour. */
export default function FooterNx(props: FooterProps) {
  const onTop = props.footer.show_copyright_on_top
  return (
    <footer className="bg-brand text-brand-contrast">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-12 text-center">
        <FooterLogo props={props} className="h-12 w-auto self-center" />
        {onTop && <Copyright props={props} className="opacity-90" />}
        <FooterNav
          props={props}
          className="flex flex-wrap justify-center gap-x-6 gap-y-2"
          linkClassName="font-medium underline-offset-4 hover:underline"
        />
        <Sponsor props={props} className="justify-center opacity-90" />
        <ComplianceText html={props.footer.footer_txt} className="max-w-3xl opacity-90" />
        <FooterLanguageAssistance props={props} className="max-w-5xl opacity-90" />
        {!onTop && <Copyright props={props} className="opacity-90" />}
      </div>
    </footer>
  )
}
