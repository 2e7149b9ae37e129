import type { ReactNode } from 'react'
import { Link } from '#engine'

interface SiteLinkProps {
  href: string
  external?: boolean | undefined
  className?: string | undefined
  children: ReactNode
  onClick?: (() => void) | undefined
}

const isAbsolute = (href: string) => /^(https?:|mailto:|tel:)/.test(href)

/**
 * A link from content: site paths navigate inside the app, absolute addresses are plain
 * anchors, and links flagged external open in a new tab.
 */
export function SiteLink({ href, external, className, children, onClick }: SiteLinkProps) {
  if (external) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    )
  }
  if (isAbsolute(href) || href.startsWith('#')) {
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    )
  }
  return (
    <Link to={href} className={className} onClick={onClick}>
      {children}
    </Link>
  )
}
