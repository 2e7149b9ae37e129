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
import type { Toast, ToastInput } from '#schemas/engine/ui.ts'
import { TOAST_DEFAULTS } from '#schemas/engine/ui-values.ts'
import { definedOnly } from './defined-only.ts'
import { useLatched } from './use-latched.ts'

const ToastViewport = lazy(() => import('./toast-viewport.tsx'))

export interface ToastApi {
  toasts: readonly Toast[]
  /** Shows a toast; returns its id. */
  add: (toast: ToastInput) => string
  remove: (id: string) => void
  /** Removes every toast, or every toast of a group. */
  clear: (group?: string) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/**
 * Toasts, top right with a 20px offset: they enter in 0.3 s and leave in 0.45 s, close by
 * themselves after `life` milliseconds (the timer pauses while the pointer or focus is on
 * them), and can be closed by hand unless `closable` is false.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const counter = useRef(0)
  const add = useCallback((input: ToastInput) => {
    counter.current += 1
    const toast: Toast = { ...TOAST_DEFAULTS, ...definedOnly(input), id: input.id ?? `toast-${counter.current}` }
    setToasts((current) => [...current.filter((existing) => existing.id !== toast.id), toast])
    return toast.id
  }, [])
  const remove = useCallback((id: string) => setToasts((current) => current.filter((toast) => toast.id !== id)), [])
  const clear = useCallback(
    (group?: string) =>
      setToasts((current) => (group === undefined ? [] : current.filter((toast) => toast.group !== group))),
    [],
  )
  const api = useMemo(() => ({ toasts, add, remove, clear }), [toasts, add, remove, clear])
  // The toaster (Radix's toast) is loaded with the first toast, and stays.
  const used = useLatched(toasts.length > 0)
  return (
    <ToastContext value={api}>
      {children}
      {used && <Toaster />}
    </ToastContext>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast: render inside the engine (ToastProvider)')
  return api
}

/**
 * The toasts of one group, in their own live region (the default toaster, which the engine
 * renders from the first toast on, shows the toasts without a group). Its code loads with it.
 */
export function Toaster({ group }: { group?: string }) {
  return (
    <Suspense fallback={null}>
      <ToastViewport group={group} />
    </Suspense>
  )
}
