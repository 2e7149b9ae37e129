import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { DialogWidth } from '#schemas/engine/ui-values.ts'
import { useLoadWhenIdle } from '../prefetch.tsx'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** small 32rem, medium 42rem (default), large 60rem, xlarge 80rem. */
  width?: DialogWidth
  /** Shown instead of the content, with an error icon. */
  error?: string | undefined
  /** A spinner instead of the content while loading. */
  loading?: boolean
  footer?: ReactNode
  children?: ReactNode
}

const loadModalDialog = () => import('./modal-dialog.tsx')
const ModalDialog = lazy(() => loadModalDialog().then((module) => ({ default: module.ModalDialog })))

/**
 * The generic dialog: modal, without a close X (the footer or Escape closes it). It shows the
 * error panel if there is an error, else a spinner while loading, else its content.
 *
 * A closed dialog renders nothing, so its code (Radix's dialog, focus trap and scroll lock;
 * docs/adr/0009) is not part of the page's start: it loads once the page is idle, or when the dialog
 * first opens, whichever comes first (not ahead with data-saver or 2g, as links).
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open)
  // Once open, it stays mounted, so Radix closes it (focus back where it was, scroll unlocked).
  if (props.open && !opened) setOpened(true)
  useLoadWhenIdle(loadModalDialog)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  )
}
