import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useEffect, useState } from 'react'
import type { IdleWarningTexts } from './site.ts'

/** Minutes and seconds, as a clock shows them: 1:05. */
const clockTime = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * The warning before an idle sign-out (WCAG 2.2.1 and 2.2.6): an alert dialog that takes the
 * focus (on "Stay signed in", the safe answer; Escape answers it too), counts down, and lets the
 * member stay or sign out now. Loaded when it first shows.
 */
export default function IdleWarning({
  signOutAt,
  texts,
  onStay,
  onSignOut,
}: {
  signOutAt: number
  texts: IdleWarningTexts
  onStay: () => void
  onSignOut: () => void
}) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [])
  const [before, after = ''] = texts.message.split('{time}')
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onStay()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[1300] bg-black/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[1301] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 text-gray-900 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{texts.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-700">
            {before}
            {/* A timer is not read out at each tick (its live region is off); the whole sentence is read when the dialog opens. */}
            <span role="timer" className="font-semibold tabular-nums">
              {clockTime(signOutAt - now)}
            </span>
            {after}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Action className="btn-outline" onClick={onSignOut}>
              {texts.signOut}
            </AlertDialog.Action>
            <AlertDialog.Cancel
              className="inline-flex items-center rounded-md bg-brand px-5 py-2.5 font-semibold text-brand-contrast focus-visible:outline-3 focus-visible:outline-offset-2"
              onClick={onStay}
            >
              {texts.stay}
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
