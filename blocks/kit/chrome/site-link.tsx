import type { ReactNode } from 'react'
import { NavLink } from '#engine'
import { isOffSite } from './links.ts'

interface SiteLinkProps {
  href: string
  /** When set, the link opens in a new tab, and this is read out after it (content's wording). */
  newTab?: string | undefined
  className?: string | undefined
  children: ReactNode
  onClick?: (() => void) | undefined
  /** For menus: the link of the current page gets `aria-current="page"`. */
  current?: boolean
}

/**
 * A link from content: site paths navigate inside the app, other addresses are plain anchors,
 * and links flagged external open in a new tab (and say so to screen readers, in `newTab`'s words).
 */
export function SiteLink({ href, newTab, className, children, onClick, current = false }: SiteLinkProps) {
  if (newTab) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
        <span className="sr-only"> {newTab}</span>
      </a>
    )
  }
  if (isOffSite(href) || href.startsWith('#')) {
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    )
  }
  return (
    <NavLink to={href} className={className} onClick={onClick} end aria-current={current ? 'page' : undefined}>
      {children}
    </NavLink>
  )
}
