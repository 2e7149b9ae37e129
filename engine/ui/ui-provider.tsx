import type { ReactNode } from 'react'
import { ConfirmProvider } from './confirm.tsx'
import { LoadingProvider } from './loading.tsx'
import { ToastProvider } from './toasts.tsx'

/** The engine's global interface services: toasts, the confirm dialog and the loading overlay. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <ConfirmProvider>
        <LoadingProvider>{children}</LoadingProvider>
      </ConfirmProvider>
    </ToastProvider>
  )
}
