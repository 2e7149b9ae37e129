import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { CSSProperties } from 'react'
import { DIALOG_WIDTHS } from '#schemas/engine/ui-values.ts'
import { Icon } from './icon.tsx'
import { useReturnFocus } from './return-focus.ts'
import type { DialogProps } from './dialog.tsx'
import { Spinner } from './spinner.tsx'

/** Radix's dialog with the site's frame; loaded when a dialog first opens (./dialog.tsx). */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  width = 'medium',
  error,
  loading = false,
  footer,
  children,
}: DialogProps) {
  const focus = useReturnFocus()
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[1200] bg-black/60 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          {...focus}
          aria-describedby={undefined}
          data-width={width}
          style={{ '--dialog-width': DIALOG_WIDTHS[width] } as CSSProperties}
          className="fixed top-1/2 left-1/2 w-[min(var(--dialog-width),calc(100vw-2rem))] z-[1201] max-h-[calc(100vh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-lg bg-white p-6 text-gray-900 shadow-xl"
        >
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          <div className="mt-4">
            {error ? (
              <div
                role="alert"
                className="flex items-start gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
              >
                <Icon name="x-circle" size={20} className="mt-0.5 shrink-0" />
                <p>{error}</p>
              </div>
            ) : loading ? (
              <div className="flex justify-center py-8">
                <Spinner />
              </div>
            ) : (
              children
            )}
          </div>
          {footer && <div className="mt-6 flex justify-end gap-3">{footer}</div>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
