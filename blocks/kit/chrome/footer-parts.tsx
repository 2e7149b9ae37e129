import { RichText, staticPart } from '#engine'
import type { FooterProps } from './footer-props.ts'
import { LinkList } from './header-parts.tsx'
import { normalizeLink } from './links.ts'
import { SiteLink } from './site-link.tsx'
import { fillText } from '#schemas/fill-text.ts'

/** The language assistance: kept as the server wrote it, its code loaded only to render it in the browser. */
const LanguageAssistancePart = staticPart('language-assistance', () => import('./language-assistance.tsx'))

/** The notice of free language assistance and its taglines, where the site gives them (California). */
export function FooterLanguageAssistance({ props, className }: { props: FooterProps; className?: string }) {
  if (!props.languageAssistance) return null
  return (
    <LanguageAssistancePart
      assistance={props.languageAssistance}
      phone={props.phone}
      id="footer-language-assistance"
      className={className}
    />
  )
}

/** The footer's links, normalised like the header's, and the privacy choices where visitors are asked. */
export function FooterNav({
  props,
  className,
  linkClassName = 'hover:underline',
}: {
  props: FooterProps
  className?: string
  linkClassName?: string
}) {
  const links = props.footer.footer_nav.map((item) => ({
    title: item.title,
    href: normalizeLink(item.link, props.siteSlug, item.query),
    external: item.external,
  }))
  return (
    <LinkList
      links={links}
      label={props.footer.texts.footer_menu}
      newTab={props.footer.texts.new_tab}
      className={className}
      linkClassName={linkClassName}
    >
      {/* Looks like its neighbours, but goes nowhere: the engine's privacy choices open on a click on
          any [data-privacy-choices] (engine/tracking-choices.tsx), as consent managers' links do. */}
      {props.privacyChoices && (
        <li>
          <button type="button" data-privacy-choices className={`cursor-pointer ${linkClassName}`}>
            {props.footer.texts.privacy_choices}
          </button>
        </li>
      )}
    </LinkList>
  )
}

export function FooterLogo({
  props,
  className = 'h-12 w-auto self-start',
}: {
  props: FooterProps
  className?: string
}) {
  const { footer, siteName } = props
  return footer.footer_logo ? (
    <img
      src={footer.footer_logo}
      alt={footer.footer_logo_alt ?? siteName}
      width={300}
      height={73}
      className={className}
      // Below the fold on nearly every page: fetched and painted when it comes near the view.
      loading="lazy"
    />
  ) : (
    <p className="text-2xl font-bold">{siteName}</p>
  )
}

/** Sponsor text and logo (linked when the content gives a link), and the membership programme logo. */
export function Sponsor({ props, className }: { props: FooterProps; className?: string }) {
  const { footer } = props
  if (!footer.sponsored_by_text && !footer.sponsored_logo && !footer.logoMembersy) return null
  const logo = footer.sponsored_logo ? (
    <img src={footer.sponsored_logo} alt={footer.texts.sponsor_logo} className="h-8 w-auto" loading="lazy" />
  ) : null
  return (
    <div className={`flex flex-wrap items-center gap-3 text-sm ${className ?? ''}`} data-part="sponsor">
      {footer.sponsored_by_text && <span>{footer.sponsored_by_text}</span>}
      {logo && footer.sponsored_link ? (
        <SiteLink href={normalizeLink(footer.sponsored_link, props.siteSlug)} newTab={footer.texts.new_tab}>
          {logo}
        </SiteLink>
      ) : (
        logo
      )}
      {footer.logoMembersy && (
        <img src={footer.logoMembersy} alt={footer.texts.programme_logo} className="h-8 w-auto" loading="lazy" />
      )}
    </div>
  )
}

/** The compliance text: rich text, sanitised by the engine. */
export function ComplianceText({ html, className }: { html: string | undefined; className?: string }) {
  if (!html) return null
  return (
    <div data-part="compliance">
      <RichText html={html} className={`text-xs leading-relaxed [&_a]:underline ${className ?? ''}`} />
    </div>
  )
}

/** The copyright line in content's words: `© {year} {company}. All rights reserved.` by default (one full stop, whether the name ends in one or not). */
export const copyrightLine = (props: FooterProps) =>
  fillText(props.footer.texts.copyright, { year: props.year, company: props.companyName.replace(/\.$/, '') })

export function Copyright({ props, className }: { props: FooterProps; className?: string }) {
  return (
    <p className={`text-sm ${className ?? ''}`} data-part="copyright">
      {copyrightLine(props)}
    </p>
  )
}
