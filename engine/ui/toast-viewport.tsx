import * as ToastPrimitive from '@radix-ui/react-toast'
import type { Toast, ToastSeverity } from '#schemas/engine/ui.ts'
import { Icon, type IconName } from './icon.tsx'
import { useToast } from './toasts.tsx'

const SEVERITY: Record<ToastSeverity, { className: string; icon: IconName; label: string }> = {
  info: { className: 'border-sky-600 bg-sky-50 text-sky-950', icon: 'info', label: 'Information' },
  success: { className: 'border-green-700 bg-green-50 text-green-950', icon: 'check-circle', label: 'Success' },
  warn: { className: 'border-amber-600 bg-amber-50 text-amber-950', icon: 'alert-triangle', label: 'Warning' },
  error: { className: 'border-red-700 bg-red-50 text-red-950', icon: 'x-circle', label: 'Error' },
  secondary: { className: 'border-slate-500 bg-slate-100 text-slate-900', icon: 'info', label: 'Note' },
  contrast: { className: 'border-gray-950 bg-gray-900 text-white', icon: 'info', label: 'Note' },
}

/** The toasts of one group in their live region (Radix's toast viewport). */
export default function ToastViewport({ group }: { group?: string | undefined }) {
  const { toasts, remove } = useToast()
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={group ? `${group} notifications` : 'Notifications'}>
      {toasts
        .filter((toast) => toast.group === group)
        .map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClosed={() => remove(toast.id)} />
        ))}
      <ToastPrimitive.Viewport
        className="fixed top-5 right-5 z-[1100] m-0 flex w-[min(24rem,calc(100vw-2.5rem))] list-none flex-col gap-3 p-0 outline-none"
        data-toast-group={group ?? 'default'}
      />
    </ToastPrimitive.Provider>
  )
}

function ToastItem({ toast, onClosed }: { toast: Toast; onClosed: () => void }) {
  const severity = SEVERITY[toast.severity]
  return (
    <ToastPrimitive.Root
      duration={toast.life ?? Infinity}
      type={toast.severity === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) onClosed()
      }}
      data-severity={toast.severity}
      className={`toast flex items-start gap-3 rounded-md border-l-4 p-4 shadow-lg ${severity.className} ${toast.styleClass ?? ''}`}
    >
      <Icon name={severity.icon} size={20} className="mt-0.5 shrink-0" />
      <div className={`flex-1 ${toast.contentStyleClass ?? ''}`}>
        <ToastPrimitive.Title className="font-semibold">
          <span className="sr-only">{severity.label}: </span>
          {toast.summary}
        </ToastPrimitive.Title>
        {toast.detail && <ToastPrimitive.Description className="text-sm">{toast.detail}</ToastPrimitive.Description>}
      </div>
      {toast.closable && (
        <ToastPrimitive.Close aria-label="Close" className="rounded p-1 hover:bg-black/10 focus-visible:outline-2">
          <Icon name="close" size={16} />
        </ToastPrimitive.Close>
      )}
    </ToastPrimitive.Root>
  )
}
