/**
 * Labelled controls and form messages without a form library: the pieces every form of the site
 * shares (react-hook-form forms through form.tsx, light GET forms such as a search directly).
 */
import { useId, type ReactNode } from 'react'
import { useMessage } from './message.ts'

interface FieldProps {
  label: string
  /** The field's error, from the form state. */
  error?: string | undefined
  /** Help shown under the label (rules, examples). */
  hint?: ReactNode
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

/** A labelled control with its hint and its error, wired for assistive technology. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId()
  const say = useMessage()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-body">
        {label}
      </label>
      {hint && (
        <div id={hintId} className="text-sm text-gray-700">
          {hint}
        </div>
      )}
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {say(error)}
        </p>
      )}
    </div>
  )
}

export const CONTROL =
  'rounded border border-gray-400 bg-white px-3 py-2 text-body aria-[invalid=true]:border-red-700 focus-visible:outline-2 focus-visible:outline-offset-1'

/** A form-level message (a failure no field took, or a confirmation). */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const style =
    tone === 'error'
      ? 'border-red-700 bg-red-50 text-red-900'
      : tone === 'success'
        ? 'border-green-700 bg-green-50 text-green-900'
        : 'border-gray-400 bg-gray-50 text-gray-900'
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded border-l-4 p-3 ${style}`}>
      {children}
    </div>
  )
}
