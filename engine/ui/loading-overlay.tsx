import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useState, type RefObject } from 'react'
import type { LoadingState } from '#schemas/engine/ui.ts'
import { Spinner } from './spinner.tsx'

/**
 * The loading overlay: a modal with a dark backdrop (black 60 %, 2px blur), no header, no way out.
 * Its message names the dialog (read as focus moves in) and is said again by a live region, also
 * when it changes while shown; on closing, focus goes back to `returnToRef`.
 */
export default function LoadingOverlay({
  state,
  returnToRef,
}: {
  state: LoadingState
  returnToRef: RefObject<Element | null>
}) {
  const message = state.message || 'Loading'
  return (
    <Dialog.Root open={state.isLoading}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1000] bg-black/60 backdrop-blur-[2px]" data-loading-overlay="" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-[1001] flex flex-col items-center justify-center gap-4 outline-none"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            // Never the page's body (Radix's fallback): where focus was, or where another dialog puts it.
            event.preventDefault()
            const target = returnToRef.current
            returnToRef.current = null
            if (target instanceof HTMLElement || target instanceof SVGElement) returnFocus(target)
          }}
        >
          {!state.overlayOnly && <Spinner size="xl" label={message} />}
          <Dialog.Title className={state.overlayOnly || !state.message ? 'sr-only' : 'text-lg font-medium text-white'}>
            {message}
          </Dialog.Title>
          <Announce message={state.isLoading ? message : ''} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * A live region, inside the modal (the page behind it is hidden from screen readers), that says
 * the message: put in after the region is there, since a region born with its text is not read.
 */
function Announce({ message }: { message: string }) {
  const [said, setSaid] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSaid(message), 100)
    return () => clearTimeout(timer)
  }, [message])
  return (
    <p role="status" aria-live="assertive" className="sr-only">
      {said}
    </p>
  )
}

/**
 * Focuses the element focus was on. A control disabled while the overlay showed (the pay button
 * while paying) is enabled by a render soon after the overlay closes: it is tried for a few frames.
 */
function returnFocus(target: HTMLElement | SVGElement, frames = 30) {
  if (!target.isConnected) return
  target.focus()
  if (document.activeElement !== target && frames > 0) requestAnimationFrame(() => returnFocus(target, frames - 1))
}
