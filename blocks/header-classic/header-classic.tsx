import { useId, useState } from 'react'
import { Link, useLogout } from '#engine'
import { formatPhone, phoneHref } from '../kit/phone.ts'
import { SiteLink } from '../kit/site-link.tsx'
import type { HeaderClassicProps } from './block.ts'

const MEMBER_ONLY_HIDDEN = new Set(['Savings Summary', 'Find a Dentist'])
export const DEFAULT_JOIN_LINK = '/find-a-dentist'

export default function HeaderClassic({ header, siteName, signedIn, pathname, officeLoginUrl }: HeaderClassicProps) {
  // The mobile menu is open for the path it was opened on, so it closes on every path change.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const menuOpen = openOn === pathname
  const menuId = useId()
  const logout = useLogout()

  const menu = signedIn ? header.header_menu.filter((item) => !MEMBER_ONLY_HIDDEN.has(item.title)) : header.header_menu
  const showTopBar = !signedIn && !header.hide_top_header
  const showJoin = !signedIn && !pathname.includes('join-now')
  const phone = header.header_phone_number

  return (
    <header className="border-b border-gray-200 bg-white">
      {showTopBar && (
        <div className="bg-brand-secondary text-sm text-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2">
            <p className="flex flex-wrap items-center gap-x-4">
              {phone && (
                <a href={header.header_phone_link ?? phoneHref(phone)} className="font-semibold hover:underline">
                  {formatPhone(phone)}
                </a>
              )}
              {header.header_timing && <span>{header.header_timing}</span>}
            </p>
            <ul className="flex flex-wrap items-center gap-x-4">
              {header.header_top_right_nav.map((item, index) => (
                <li key={`${item.title}-${index}`}>
                  <SiteLink href={item.link} external={index === 0 || item.external} className="hover:underline">
                    {item.title}
                  </SiteLink>
                </li>
              ))}
              {officeLoginUrl && (
                <li>
                  <SiteLink href={officeLoginUrl} external className="hover:underline">
                    Office login
                  </SiteLink>
                </li>
              )}
            </ul>
          </div>
        </div>
      )}
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <SiteLink href={header.header_log_link ?? '/'} className="shrink-0">
          {header.header_log ? (
            <img
              src={header.header_log}
              alt={header.header_log_alt ?? siteName}
              width={300}
              height={73}
              className="h-12 w-auto md:h-[73px]"
            />
          ) : (
            <span className="text-2xl font-bold text-brand">{siteName}</span>
          )}
        </SiteLink>
        <button
          type="button"
          className="rounded border border-gray-300 px-3 py-2 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true">☰</span>
        </button>
        <nav
          id={menuId}
          aria-label="Main"
          className={`${menuOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-full z-40 flex-col gap-2 bg-white p-4 shadow-lg lg:static lg:flex lg:flex-row lg:items-center lg:gap-6 lg:p-0 lg:shadow-none`}
        >
          <ul className="flex flex-col gap-2 lg:flex-row lg:gap-6">
            {menu.map((item, index) => (
              <li key={`${item.title}-${index}`}>
                <SiteLink href={item.link} external={item.external} className="font-medium text-gray-900 hover:text-brand">
                  {item.title}
                </SiteLink>
              </li>
            ))}
          </ul>
          {signedIn ? (
            <div className="flex items-center gap-3">
              <Link to="/dashboard" className="font-medium text-gray-900 hover:text-brand">
                Dashboard
              </Link>
              <button type="button" className="btn-outline" onClick={() => void logout()}>
                Logout
              </button>
            </div>
          ) : (
            <div className="flex items-center gap-3">
              <SiteLink href={header.header_top_right_member_login ?? '/member-login'} className="font-medium text-gray-900 hover:text-brand">
                Member login
              </SiteLink>
              {showJoin && (
                <SiteLink href={header.header_join_now_link ?? DEFAULT_JOIN_LINK} className="btn-primary">
                  {header.header_join_now_text ?? 'Join now'}
                </SiteLink>
              )}
            </div>
          )}
        </nav>
      </div>
    </header>
  )
}
