import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useEffect, useState } from 'react'
import type { ConfirmOptions } from '#schemas/engine/ui.ts'
import { CONFIRM_BUTTON } from './confirm.tsx'
import { Icon } from './icon.tsx'
import { useReturnFocus } from './return-focus.ts'

/** The open confirm dialog: Escape or Cancel answers false, OK true. */
export default function ConfirmDialog({
  options,
  onAnswer,
}: {
  options: ConfirmOptions
  onAnswer: (value: boolean) => void
}) {
  const focus = useReturnFocus()
  // An HTML message is sanitised with DOMPurify, loaded for it (the site's pages do not carry it).
  const [html, setHtml] = useState<{ message: string; safe: string }>()
  useEffect(() => {
    if (!options.html) return
    let current = true
    void import('../browser-sanitize.ts').then(({ browserSanitize }) => {
      if (current) setHtml({ message: options.message, safe: browserSanitize(options.message) })
    })
    return () => {
      current = false
    }
  }, [options.html, options.message])
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onAnswer(false)
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[1200] bg-black/60 backdrop-blur-[2px]" />
        <AlertDialog.Content
          {...focus}
          data-severity={options.severity}
          className="fixed top-1/2 left-1/2 z-[1201] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 text-gray-900 shadow-xl"
        >
          <div className="flex items-start gap-3">
            {options.icon && <Icon name={options.icon} size={24} className="mt-0.5 shrink-0" />}
            <div className="flex-1">
              <AlertDialog.Title className="text-lg font-semibold">{options.title}</AlertDialog.Title>
              {options.html ? (
                <AlertDialog.Description asChild>
                  <div
                    className="mt-2 text-gray-700"
                    dangerouslySetInnerHTML={{ __html: html?.message === options.message ? html.safe : '' }}
                  />
                </AlertDialog.Description>
              ) : (
                <AlertDialog.Description className="mt-2 text-gray-700">{options.message}</AlertDialog.Description>
              )}
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-3">
            {!options.hideCancelButton && (
              <AlertDialog.Cancel className="btn-outline" onClick={() => onAnswer(false)}>
                {options.cancelText}
              </AlertDialog.Cancel>
            )}
            <AlertDialog.Action
              className={`inline-flex items-center rounded-md px-5 py-2.5 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 ${CONFIRM_BUTTON[options.severity]}`}
              onClick={() => onAnswer(true)}
            >
              {options.okText}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
