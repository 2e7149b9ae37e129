import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { formatPhone, phoneHref } from '../format/phone.ts'
import type { HeaderProps } from './header-props.ts'
import { normalizeLink } from './links.ts'

/** Menu items a signed-in member does not see. */
export const HIDDEN_WHEN_SIGNED_IN: ReadonlySet<string> = new Set(['Savings Summary', 'Find a Dentist'])
/** How far the page scrolls before a fixing header fixes itself, in pixels. */
export const FIX_AFTER_PX = 120

const subscribeScroll = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}

/** Whether a fixing header is fixed: the page has scrolled past it (never on the server). */
export function useFixedOnScroll(enabled: boolean): boolean {
  return useSyncExternalStore(
    subscribeScroll,
    () => enabled && window.scrollY > FIX_AFTER_PX,
    () => false,
  )
}

/** A content link, ready for a header: normalised, with its query, and whether it opens a new tab. */
export interface HeaderLink {
  title: string
  href: string
  external: boolean
  icon?: string | undefined
}

/**
 * Everything the header variants share: which parts show, the links as normalised, the phone,
 * the join target, the mobile menu (closed on scroll and on every path change) and whether the
 * header is fixed after scrolling.
 */
export function useHeaderState(props: HeaderProps) {
  const { header, signedIn, pathname, siteSlug } = props
  // The menu is open for the path it was opened on: any path change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const menuOpen = openOn === pathname
  const toggleMenu = useCallback(() => setOpenOn((current) => (current === pathname ? null : pathname)), [pathname])
  const closeMenu = useCallback(() => setOpenOn(null), [])

  useEffect(() => {
    if (!menuOpen) return undefined
    const close = () => setOpenOn(null)
    window.addEventListener('scroll', close, { passive: true, once: true })
    return () => window.removeEventListener('scroll', close)
  }, [menuOpen])

  const link = (item: {
    title: string
    link: string
    external: boolean
    query?: Record<string, string | null> | undefined
    icon?: string | undefined
  }): HeaderLink => ({
    title: item.title,
    href: normalizeLink(item.link, siteSlug, item.query),
    external: item.external,
    icon: item.icon,
  })
  const menu = header.header_menu.filter((item) => !signedIn || !HIDDEN_WHEN_SIGNED_IN.has(item.title)).map(link)
  /** The first top-bar link always opens in a new tab. */
  const topLinks = header.header_top_right_nav.map((item, index) => ({
    ...link(item),
    external: index === 0 || item.external,
  }))
  const directoryHref = header.header_top_right_directory
    ? normalizeLink(header.header_top_right_directory, siteSlug)
    : undefined
  /** The external office login: public runtime configuration first, then the content. */
  const officeLoginHref = props.officeLoginUrl ?? header.header_top_right_office_login
  const topBarLinks: HeaderLink[] = [
    ...topLinks,
    ...(directoryHref && !topLinks.some((item) => item.href === directoryHref)
      ? [{ title: header.texts.provider_directory, href: directoryHref, external: false }]
      : []),
    ...(officeLoginHref ? [{ title: header.texts.office_login, href: officeLoginHref, external: true }] : []),
  ]
  const phone = header.header_phone_number
    ? {
        display: formatPhone(header.header_phone_number),
        href: header.header_phone_link ?? phoneHref(header.header_phone_number),
      }
    : undefined

  return {
    menu,
    menuOpen,
    toggleMenu,
    closeMenu,
    fixed: useFixedOnScroll(props.fixOnScroll),
    /** The top bar: for signed-out visitors, unless the content hides it. */
    showTopBar: !signedIn && !header.hide_top_header,
    /** The Login dropdown stands in for the hidden top bar's login links. */
    showLoginDropdown: !signedIn && header.hide_top_header && header.header_menu_login_dropdown.length > 0,
    loginItems: header.header_menu_login_dropdown.map(link),
    /** The top bar's right-hand links: the content's, the directory and the office login. */
    topBarLinks,
    showJoin: !signedIn && !pathname.includes('join-now'),
    joinHref: normalizeLink(header.header_join_now_link ?? props.joinLink ?? props.paths.findDentist, siteSlug),
    joinText: header.header_join_now_text ?? 'Join now',
    memberLoginHref: normalizeLink(header.header_top_right_member_login ?? props.paths.memberLogin, siteSlug),
    logoHref: normalizeLink(header.header_log_link ?? props.paths.home, siteSlug),
    phone,
    hours: header.header_timing,
    banner: header.showHeaderBanner ? header.headerBannerText : undefined,
    /** The header's words (content, today's wording by default). */
    texts: header.texts,
  }
}

export type HeaderState = ReturnType<typeof useHeaderState>
