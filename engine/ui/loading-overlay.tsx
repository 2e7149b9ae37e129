import * as Dialog from '@radix-ui/react-dialog'
import type { LoadingState } from '#schemas/engine/ui.ts'
import { Spinner } from './spinner.tsx'

/** The loading overlay: a modal with a dark backdrop (black 60 %, 2px blur), no header, no way out. */
export default function LoadingOverlay({ state }: { state: LoadingState }) {
  return (
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
  )
}
