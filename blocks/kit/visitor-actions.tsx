import { AccountActions } from './header-parts.tsx'
import { LoginDropdown } from './login-dropdown.tsx'
import { SiteLink } from './site-link.tsx'
import type { HeaderState } from './use-header-state.ts'

interface VisitorActionsProps {
  state: HeaderState
  signedIn: boolean
  className?: string
  /** Classes of the text links (Member login, Dashboard). */
  linkClassName?: string
  /** Classes of the outlined buttons (Login dropdown, Logout). */
  outlineClassName?: string
  joinClassName?: string
}

/**
 * The visitor's actions: signed in, Dashboard and Logout; signed out, the member login link
 * (or the Login dropdown when the top bar is hidden) and the join-now button (hidden on join
 * pages).
 */
export function VisitorActions({ state, signedIn, className, linkClassName = 'font-medium hover:text-brand', outlineClassName = 'btn-outline', joinClassName = 'btn-primary' }: VisitorActionsProps) {
  if (signedIn) return <AccountActions className={className} linkClassName={linkClassName} buttonClassName={outlineClassName} />
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className ?? ''}`}>
      {state.showLoginDropdown ? (
        <LoginDropdown items={state.loginItems} triggerClassName={outlineClassName} />
      ) : (
        <SiteLink href={state.memberLoginHref} className={linkClassName}>
          Member login
        </SiteLink>
      )}
      {state.showJoin && (
        <SiteLink href={state.joinHref} className={joinClassName}>
          {state.joinText}
        </SiteLink>
      )}
    </div>
  )
}
