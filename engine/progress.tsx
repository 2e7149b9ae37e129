import { useContext, useSyncExternalStore, type ReactNode } from 'react'
import { UNSAFE_DataRouterContext, useLocation } from 'react-router-dom'

/** Work a page does before it navigates (showProgress), still running. */
let pending = 0
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of [...listeners]) listener()
}
const subscribePending = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * Shows the page's progress until `work` settles: for what a page does before it navigates (a
 * search form checks its fields first, and that check may have to load), so that the visitor sees
 * at once that the click was taken. A navigation shows it by itself.
 */
export function showProgress<T>(work: Promise<T>): Promise<T> {
  pending += 1
  notify()
  return work.finally(() => {
    pending -= 1
    notify()
  })
}

const never = () => () => {}

/**
 * Whether the page shown is not (yet) the one the router is at: a navigation is loading, work before
 * one runs, or the next page is loaded but not rendered yet. The router's own state is read (at
 * once: the bar is drawn in the very next frame) and compared with the location rendered (which
 * RouterProvider renders as a transition, later): the address may change before the page does.
 */
function useBusy(): boolean {
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const rendered = useLocation()
  const routerAt = useSyncExternalStore(
    router ? (listener) => router.subscribe(listener) : never,
    () =>
      router && router.state.navigation.state !== 'idle' ? undefined : (router?.state.location.key ?? rendered.key),
    () => rendered.key,
  )
  const working = useSyncExternalStore(
    subscribePending,
    () => pending > 0,
    () => false,
  )
  return routerAt !== rendered.key || working
}

/**
 * The page's progress on a slow network: a bar along the top of the window from the first frame
 * (the address and the page change only once the next page is ready), and a polite announcement.
 * A live region without a role, always there, so that assistive technology hears it change.
 */
export function NavigationProgress() {
  const busy = useBusy()
  return (
    <>
      {busy && (
        <div
          role="progressbar"
          aria-label="Loading the page"
          className="navigation-progress fixed inset-x-0 top-0 z-50 h-1 overflow-hidden print:hidden"
        >
          <span className="block h-full w-2/5 bg-accent" />
        </div>
      )}
      <div aria-live="polite" className="sr-only">
        {busy ? 'Loading the page…' : ''}
      </div>
    </>
  )
}

/**
 * The page's landmark, marked busy (and dimmed) while the next page loads: what it shows may no
 * longer be what the address says (back and forward change the address first). Only this element
 * renders again: its children are the same elements.
 */
export function PageMain({ children }: { children: ReactNode }) {
  const busy = useBusy()
  return (
    <main id="main" className="flex-1" aria-busy={busy || undefined}>
      {children}
    </main>
  )
}
