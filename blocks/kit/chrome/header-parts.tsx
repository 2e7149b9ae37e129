import type { ReactNode } from 'react'
import { Icon, Link, RichText, staticPart, useEngine, useLogout } from '#engine'
import type { HeaderLink, HeaderState } from './use-header-state.ts'
import type { LanguageLinksProps } from './language-links.ts'
import { SiteLink } from './site-link.tsx'
import { buttonClass } from '../ui/button.tsx'

/** The page in the other languages: kept as the server wrote it until a navigation changes it. */
const LanguageNav = staticPart('languages', () => import('./language-nav.tsx'))

/** The logo, 300 by 73, linking home or to the configured link. */
export function HeaderLogo({
  src,
  alt,
  href,
  siteName,
  className = 'h-12 w-auto md:h-[60px]',
}: {
  src: string | undefined
  alt: string | undefined
  href: string
  siteName: string
  className?: string
}) {
  return (
    <SiteLink
      href={href}
      className="inline-flex shrink-0 items-center rounded focus-visible:outline-3 focus-visible:outline-offset-2"
    >
      {src ? (
        <img src={src} alt={alt ?? siteName} width={300} height={73} className={className} />
      ) : (
        <span className="text-2xl font-bold">{siteName}</span>
      )}
    </SiteLink>
  )
}

/** The phone link: shown formatted, dialling its digits. */
export function PhoneLink({
  phone,
  className,
  showIcon = true,
}: {
  phone: NonNullable<HeaderState['phone']>
  className?: string
  showIcon?: boolean
}) {
  return (
    <a
      href={phone.href}
      className={`inline-flex items-center gap-1.5 font-semibold hover:underline ${className ?? ''}`}
    >
      {showIcon && <Icon name="phone" size={16} />}
      {phone.display}
    </a>
  )
}

/** A list of content links (menu, top-bar links, footer links). */
export function LinkList({
  links,
  className,
  itemClassName,
  linkClassName,
  label,
  newTab,
  children,
}: {
  links: readonly HeaderLink[]
  className?: string
  itemClassName?: string
  linkClassName?: string
  label?: string
  /** Read out after a link that opens a new tab. */
  newTab: string
  /** Items after the links (a button among them). */
  children?: ReactNode
}) {
  const list = (
    <ul className={className}>
      {links.map((item, index) => (
        <li key={`${item.href}-${index}`} className={itemClassName}>
          <SiteLink href={item.href} newTab={item.external ? newTab : undefined} className={linkClassName}>
            {item.icon && <Icon name={item.icon} size={14} className="mr-1 inline" />}
            {item.title}
          </SiteLink>
        </li>
      ))}
      {children}
    </ul>
  )
  return label ? <nav aria-label={label}>{list}</nav> : list
}

/** The signed-out top bar: phone, opening hours and the right-hand links. */
export function TopBar({
  state,
  className,
  innerClassName = 'mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-2',
}: {
  state: HeaderState
  className: string
  innerClassName?: string
}) {
  return (
    <div className={`text-sm ${className}`} data-part="top-bar">
      <div className={innerClassName}>
        <p className="flex flex-wrap items-center gap-x-4">
          {state.phone && <PhoneLink phone={state.phone} />}
          {state.hours && (
            <span className="inline-flex items-center gap-1.5">
              <Icon name="clock" size={16} />
              <span>{state.hours}</span>
            </span>
          )}
        </p>
        <LinkList
          links={state.topBarLinks}
          label={state.texts.top_bar}
          newTab={state.texts.new_tab}
          className="flex flex-wrap items-center gap-x-4"
          // Each link a touch target of 24 px however its words wrap (WCAG 2.5.8).
          linkClassName="inline-flex min-h-6 items-center hover:underline"
        />
      </div>
    </div>
  )
}

/** Dashboard and Logout, for signed-in members. Logout ends the session and goes to the sign-in page. */
export function AccountActions({
  texts,
  className,
  linkClassName,
  buttonClassName = buttonClass('outline'),
}: {
  texts: HeaderState['texts']
  className?: string
  linkClassName?: string
  buttonClassName?: string
}) {
  const logout = useLogout()
  const { pathTo } = useEngine()
  return (
    <div className={`flex items-center gap-3 ${className ?? ''}`}>
      <Link to={pathTo('dashboard')} className={`inline-flex items-center gap-1.5 font-medium ${linkClassName ?? ''}`}>
        <Icon name="dashboard" size={16} />
        {texts.dashboard}
      </Link>
      <button type="button" className={buttonClassName} onClick={() => void logout()}>
        <Icon name="logout" size={16} className="mr-1.5" />
        {texts.logout}
      </button>
    </div>
  )
}

/** The hamburger that opens the menu on small screens. */
export function MenuToggle({
  texts,
  open,
  onToggle,
  controls,
  className,
}: {
  texts: HeaderState['texts']
  open: boolean
  onToggle: () => void
  controls: string
  className?: string
}) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center rounded-md p-2 focus-visible:outline-3 focus-visible:outline-offset-2 lg:hidden ${className ?? ''}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <Icon name={open ? 'close' : 'menu'} size={24} label={open ? texts.close_menu : texts.open_menu} />
    </button>
  )
}

/** The optional banner: rich text, sanitised by the engine. */
export function HeaderBanner({
  html,
  label,
  className = 'bg-accent text-gray-950',
}: {
  html: string
  /** The banner's name (screen readers). */
  label: string
  className?: string
}) {
  return (
    <div
      role="note"
      aria-label={label}
      className={`px-4 py-2 text-center text-sm [&_a]:font-semibold [&_a]:underline ${className}`}
      data-part="banner"
    >
      <RichText html={html} className="mx-auto max-w-7xl" />
    </div>
  )
}

/**
 * Fixes the header at the top (full width, high stacking) once the page scrolls past it; a
 * spacer keeps the page from jumping.
 */
export function FixingHeader({
  fixed,
  children,
  className,
  languages,
}: {
  fixed: boolean
  children: ReactNode
  className?: string
  /** The page in the other languages, above the rest: every variant shows them the same way. */
  languages?: LanguageLinksProps | undefined
}) {
  return (
    <>
      <header
        className={`${fixed ? 'fixed inset-x-0 top-0 z-50 w-full shadow-md' : 'relative'} ${className ?? ''}`}
        data-fixed={fixed}
      >
        {languages && <LanguageNav {...languages} />}
        {children}
      </header>
      {fixed && <div aria-hidden="true" className="h-[var(--header-height,96px)]" />}
    </>
  )
}
