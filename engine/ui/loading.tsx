import * as Dialog from '@radix-ui/react-dialog'
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { loadingStateSchema, type LoadingState } from '#schemas/ui.ts'
import { Spinner } from './spinner.tsx'

export interface LoadingApi {
  state: LoadingState
  /** Shows the overlay: with a message (spinner and message), or options (overlayOnly: backdrop alone). */
  show: (message?: string | { message?: string; overlayOnly?: boolean }) => void
  hide: () => void
}

const HIDDEN: LoadingState = loadingStateSchema.parse({ isLoading: false })
const LoadingContext = createContext<LoadingApi | null>(null)

/** The global loading overlay: a modal with a dark backdrop (black 60 %, 2px blur) and no header. */
export function LoadingProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LoadingState>(HIDDEN)
  const show = useCallback<LoadingApi['show']>((input) => {
    const options = typeof input === 'string' || input === undefined ? { message: input } : input
    setState(loadingStateSchema.parse({ isLoading: true, ...options }))
  }, [])
  const hide = useCallback(() => setState(HIDDEN), [])
  const api = useMemo(() => ({ state, show, hide }), [state, show, hide])
  return (
    <LoadingContext value={api}>
      {children}
      <Dialog.Root open={state.isLoading}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[1000] bg-black/60 backdrop-blur-[2px]" data-loading-overlay="" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-0 z-[1001] flex flex-col items-center justify-center gap-4 outline-none"
            onEscapeKeyDown={(event) => event.preventDefault()}
            onPointerDownOutside={(event) => event.preventDefault()}
          >
            <Dialog.Title className="sr-only">{state.message || 'Loading'}</Dialog.Title>
            {!state.overlayOnly && (
              <>
                <Spinner size="xl" label={state.message || 'Loading'} />
                {state.message && <p className="text-lg font-medium text-white">{state.message}</p>}
              </>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </LoadingContext>
  )
}

export function useLoading(): LoadingApi {
  const api = useContext(LoadingContext)
  if (!api) throw new Error('useLoading: render inside the engine (LoadingProvider)')
  return api
}
