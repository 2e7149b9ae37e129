import { FixingHeader, HeaderLogo } from '../kit/chrome/header-parts.tsx'
import { SiteLink } from '../kit/chrome/site-link.tsx'
import { buttonClass } from '../kit/ui/button.tsx'
import { useFixedOnScroll } from '../kit/chrome/use-header-state.ts'
import type { HeaderLandingProps } from './props.ts'

/** landing_header: the logo and one call-to-action button, nothing else to leave the page by. */
export default function HeaderLanding({ landing, siteName, fallbackLogo, fixOnScroll, languages }: HeaderLandingProps) {
  const fixed = useFixedOnScroll(fixOnScroll)
  return (
    <FixingHeader fixed={fixed} languages={languages} className="border-b border-gray-200 bg-white text-gray-900">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <HeaderLogo src={landing.headerLogo ?? fallbackLogo} alt={siteName} href="/" siteName={siteName} />
        {landing.ctaBtnText && landing.ctaBtnUrl && (
          <SiteLink href={landing.ctaBtnUrl} className={buttonClass('primary')}>
            {landing.ctaBtnText}
          </SiteLink>
        )}
      </div>
    </FixingHeader>
  )
}
