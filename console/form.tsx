import { useId, type ReactNode } from 'react'
import { ApiRequestError } from '#engine'

/** The message a failed call shows: the server's words for an API error, a plain one otherwise. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback

/** What the server said about one field of the body (`['body', name]`), if anything. */
export const fieldIssue = (error: unknown, name: string) =>
  error instanceof ApiRequestError
    ? error.issues.find((issue) => issue.path[0] === 'body' && issue.path[1] === name)?.message
    : undefined

/** A labelled field with its hint and its error, both read with it (aria-describedby). */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string
  hint?: string
  error?: string | undefined
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  )
}

/** A form's outcome: an alert when it failed, a status line when it worked. */
export function Outcome({ error, done }: { error?: string | undefined; done?: string | undefined }) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <p
        role="status"
        className={done ? 'rounded border border-green-300 bg-green-50 p-2 text-sm text-green-900' : 'sr-only'}
      >
        {done ?? ''}
      </p>
    </>
  )
}
