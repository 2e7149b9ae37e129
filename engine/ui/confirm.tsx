import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react'
import type { ConfirmInput, ConfirmOptions, ConfirmSeverity } from '#schemas/engine/ui.ts'
import { CONFIRM_DEFAULTS } from '#schemas/engine/ui-values.ts'
import { definedOnly } from './defined-only.ts'

/** The dialog's code (Radix's alert dialog) loads when a question is first asked. */
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx'))

/** Asks the visitor to confirm; resolves true on OK, false on Cancel (or Escape). */
export type Confirm = (options: ConfirmInput) => Promise<boolean>

const ConfirmContext = createContext<Confirm | null>(null)

export const CONFIRM_BUTTON: Record<ConfirmSeverity, string> = {
  primary: 'bg-brand text-brand-contrast',
  danger: 'bg-red-700 text-white',
  success: 'bg-green-700 text-white',
  warning: 'bg-amber-500 text-gray-950',
}

interface Pending {
  options: ConfirmOptions
  resolve: (answer: boolean) => void
}

/** The confirm dialog service: one modal question at a time, answered through a promise. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null)
  const confirm = useCallback<Confirm>(
    (input) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.resolve(false)
          return { options: { ...CONFIRM_DEFAULTS, ...definedOnly(input) }, resolve }
        })
      }),
    [],
  )
  const answer = (value: boolean) => {
    pending?.resolve(value)
    setPending(null)
  }
  return (
    <ConfirmContext value={confirm}>
      {children}
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialog options={pending.options} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext>
  )
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext)
  if (!confirm) throw new Error('useConfirm: render inside the engine (ConfirmProvider)')
  return confirm
}
