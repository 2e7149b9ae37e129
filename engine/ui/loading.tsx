import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import type { LoadingState } from '#schemas/engine/ui.ts'
import { LOADING_DEFAULTS } from '#schemas/engine/ui-values.ts'
import { definedOnly } from './defined-only.ts'
import { useLatched } from './use-latched.ts'

export interface LoadingApi {
  state: LoadingState
  /** Shows the overlay: with a message (spinner and message), or options (overlayOnly: backdrop alone). */
  show: (message?: string | { message?: string; overlayOnly?: boolean }) => void
  hide: () => void
}

const HIDDEN: LoadingState = LOADING_DEFAULTS
const LoadingContext = createContext<LoadingApi | null>(null)

/** The overlay's code (Radix's dialog) loads when it is first shown. */
const LoadingOverlay = lazy(() => import('./loading-overlay.tsx'))

/** The global loading overlay: a modal with a dark backdrop (black 60 %, 2px blur) and no header. */
export function LoadingProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LoadingState>(HIDDEN)
  // Mounted from the first show on (so hiding it closes it as a dialog closes).
  const shown = useLatched(state.isLoading)
  const show = useCallback<LoadingApi['show']>((input) => {
    const options = typeof input === 'string' || input === undefined ? { message: input } : input
    setState({ ...LOADING_DEFAULTS, ...definedOnly(options), isLoading: true })
  }, [])
  const hide = useCallback(() => setState(HIDDEN), [])
  const api = useMemo(() => ({ state, show, hide }), [state, show, hide])
  return (
    <LoadingContext value={api}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <LoadingOverlay state={state} />
        </Suspense>
      )}
    </LoadingContext>
  )
}

export function useLoading(): LoadingApi {
  const api = useContext(LoadingContext)
  if (!api) throw new Error('useLoading: render inside the engine (LoadingProvider)')
  return api
}
