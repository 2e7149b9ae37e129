import {
  ComplianceText,
  Copyright,
  FooterLanguageAssistance,
  FooterLogo,
  FooterNav,
  Sponsor,
} from '../kit/chrome/footer-parts.tsx'
import type { FooterProps } from '../kit/chrome/footer-props.ts'

/** 1_footer: dark, two columns, compliance text and copyright below a rule. */
export default function FooterClassic(props: FooterProps) {
  const onTop = props.footer.show_copyright_on_top
  return (
    <footer className="bg-gray-900 text-gray-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <FooterLogo props={props} />
          <Sponsor props={props} className="text-gray-300" />
        </div>
        <div className="md:justify-self-end">
          {onTop && <Copyright props={props} className="mb-3 text-gray-300" />}
          <FooterNav props={props} className="grid grid-cols-2 gap-x-8 gap-y-2" />
        </div>
      </div>
      <div className="border-t border-gray-700">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6">
          <ComplianceText html={props.footer.footer_txt} className="text-gray-300" />
          <FooterLanguageAssistance props={props} className="text-gray-300" />
          {!onTop && <Copyright props={props} className="text-gray-300" />}
        </div>
      </div>
    </footer>
  )
}
