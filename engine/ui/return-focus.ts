import { useRef } from 'react'

/**
 * Returns focus to where it was when a dialog opened, also when the dialog was opened from
 * code rather than by a trigger element (Radix returns focus to its trigger only).
 */
export function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = previous.current
      if (target?.isConnected) {
        event.preventDefault()
        target.focus()
      }
    },
  }
}
