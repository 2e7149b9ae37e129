import { lazy, Suspense, useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { sessionQuery } from './data-sources.ts'
import { useEngine } from './engine-context.tsx'
import { keepBeforeIdleSignOut } from './idle-keep.ts'
import { useSiteContent } from './site-context.tsx'
import { useIdleSignOut } from './use-idle.ts'
import { useLogout } from './use-logout.ts'

const IdleWarning = lazy(() => import('./idle-warning.tsx'))
/** The warning shows this long before the idle sign-out. */
export const IDLE_WARNING_MS = 2 * 60_000

/**
 * Where the member returns after signing in again: this page, or, on the sign-in page itself
 * (the long limit reloads it), the page it already returns to.
 */
function returnPath(signInPath: string): string | undefined {
  const { pathname, search } = window.location
  if (pathname !== signInPath) return `${pathname}${search}`
  return new URLSearchParams(search).get('redirect') ?? undefined
}

/**
 * The idle limits of a signed-in member, with the warning before the sign-out. Loaded by the page's
 * frame once a member is signed in (a visitor's pages do not carry it), and kept from then on: the
 * long limit still reloads the page after the short one has signed the member out.
 */
export default function IdleGuard({ signedIn }: { signedIn: boolean }) {
  const engine = useEngine()
  const content = useSiteContent()
  const logout = useLogout()
  const queryClient = useQueryClient()
  const texts = engine.site.idleWarning?.(content)
  const idle = useIdleSignOut({
    active: signedIn,
    authMs: engine.config.idleAuthMilliseconds,
    sessionMs: engine.config.idleSessionMilliseconds,
    warnMs: texts ? Math.min(IDLE_WARNING_MS, engine.config.idleAuthMilliseconds / 2) : 0,
    onAuthIdle: () => {
      keepBeforeIdleSignOut()
      void logout({ returnTo: returnPath(engine.pathTo.signInPath) })
    },
    onSessionIdle: () =>
      void logout({ returnTo: returnPath(engine.pathTo.signInPath) }).then(() => window.location.reload()),
    // The session check touches the session: the server's idle clock follows the member's.
    keepAlive: () => void queryClient.refetchQueries({ queryKey: sessionQuery(engine.sources).queryKey }),
  })
  // Marks the document while the idle clock runs (the end-to-end tests wait for it before moving time).
  useEffect(() => {
    document.documentElement.dataset.idleClock = 'running'
  }, [])
  if (idle.signOutAt === undefined || !texts) return null
  return (
    <Suspense fallback={null}>
      <IdleWarning
        signOutAt={idle.signOutAt}
        texts={texts}
        onStay={() => {
          idle.stay()
          // The server's idle clock starts again too: the session check touches the session.
          void queryClient.refetchQueries({ queryKey: sessionQuery(engine.sources).queryKey })
        }}
        onSignOut={() => {
          idle.stay()
          void logout()
        }}
      />
    </Suspense>
  )
}
