import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { LoadingState } from '#schemas/engine/ui.ts'
import { LOADING_DEFAULTS } from '#schemas/engine/ui-values.ts'
import { definedOnly } from './defined-only.ts'
import { useLatched } from './use-latched.ts'

export interface LoadingApi {
  state: LoadingState
  /**
   * Shows the overlay: with a message (spinner and message), or options (overlayOnly: backdrop alone).
   * The message is the overlay's name and is announced; focus goes back where it was when it hides.
   */
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
  // Where focus was when the overlay was asked for, taken at once: the control that asked (a pay
  // button) may be disabled by the render that follows, before the overlay's code has loaded.
  const returnTo = useRef<Element | null>(null)
  const show = useCallback<LoadingApi['show']>((input) => {
    const options = typeof input === 'string' || input === undefined ? { message: input } : input
    returnTo.current ??= document.activeElement
    setState({ ...LOADING_DEFAULTS, ...definedOnly(options), isLoading: true })
  }, [])
  const hide = useCallback(() => setState(HIDDEN), [])
  const api = useMemo(() => ({ state, show, hide }), [state, show, hide])
  return (
    <LoadingContext value={api}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <LoadingOverlay state={state} returnToRef={returnTo} />
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
