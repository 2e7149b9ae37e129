import { lazy, Suspense } from 'react'
import { loadBeforeHydration } from '#engine'
import { AccountActions } from './header-parts.tsx'
import type { LoginDropdown as LoginDropdownComponent } from './login-dropdown.tsx'
import { SiteLink } from './site-link.tsx'
import type { HeaderState } from './use-header-state.ts'
import { buttonClass } from '../ui/button.tsx'

/**
 * The Login dropdown is a chunk of its own (with its menu library): only the tenants whose
 * content hides the top bar show it, and only they load it. The server renders it in full.
 */
let loaded: typeof LoginDropdownComponent | undefined
const loadLoginDropdown = () =>
  import('./login-dropdown.tsx').then((module) => {
    loaded = module.LoginDropdown
    return { default: module.LoginDropdown }
  })
const LazyLoginDropdown = lazy(loadLoginDropdown)
// A page whose server HTML has the dropdown loads its code before hydration: hydrated together with
// the header, it answers a key pressed as soon as the page is interactive.
if (typeof document !== 'undefined' && document.querySelector('[data-part="login-dropdown"]'))
  loadBeforeHydration(loadLoginDropdown())

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
export function VisitorActions({
  state,
  signedIn,
  className,
  linkClassName = 'font-medium hover:text-brand',
  outlineClassName = buttonClass('outline'),
  joinClassName = buttonClass('primary'),
}: VisitorActionsProps) {
  if (signedIn)
    return (
      <AccountActions
        texts={state.texts}
        className={className}
        linkClassName={linkClassName}
        buttonClassName={outlineClassName}
      />
    )
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className ?? ''}`}>
      {state.showLoginDropdown ? (
        <Suspense fallback={<LoginFallback className={outlineClassName} />}>
          <LoginDropdown items={state.loginItems} texts={state.texts} triggerClassName={outlineClassName} />
        </Suspense>
      ) : (
        <SiteLink href={state.memberLoginHref} className={linkClassName}>
          {state.texts.member_login}
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

/** The dropdown: at once when its code is here, otherwise once it has loaded. */
function LoginDropdown(props: Parameters<typeof LoginDropdownComponent>[0]) {
  const Loaded = loaded
  return Loaded ? <Loaded {...props} /> : <LazyLoginDropdown {...props} />
}

/** While the dropdown's code loads (a client render only; the server's HTML has the real one). */
function LoginFallback({ className }: { className: string }) {
  return (
    <button type="button" className={className} disabled>
      Login
    </button>
  )
}
