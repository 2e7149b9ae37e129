/**
 * The site's one way of writing forms: react-hook-form with its zod resolver, over the same zod
 * schema the server's endpoint parses with. Errors show at each field (linked by
 * aria-describedby), the first one takes the focus, and a server error never clears what was
 * typed. Imported only by block chunks, so form code stays out of the entry chunk.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { ApiRequestError } from '#engine'

/** A form over a zod schema: validated on submit, then as each field is corrected. */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(schema: Schema, defaultValues?: z.input<Schema>) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...(defaultValues ? { defaultValues: defaultValues as never } : {}),
  })
}

/**
 * Puts a server error where it belongs: each issue at its field (the path after `body`), the
 * first field focused. Returns the message for the form's alert when no field took it.
 * Nothing typed is reset.
 */
export function showServerError<Values extends FieldValues, Out>(form: UseFormReturn<Values, unknown, Out>, error: unknown, fields: readonly string[]): string | undefined {
  if (!(error instanceof ApiRequestError)) return error instanceof Error ? error.message : 'Something went wrong. Please try again.'
  let placed = false
  for (const issue of error.issues) {
    const path = (issue.path[0] === 'body' ? issue.path.slice(1) : issue.path).join('.')
    if (!fields.some((field) => path === field || path.startsWith(`${field}.`))) continue
    form.setError(path as Path<Values>, { type: 'server', message: issue.message }, { shouldFocus: !placed })
    placed = true
  }
  return placed ? undefined : error.status === 429 ? waitMessage(error) : error.message
}

/** The throttling answer as a sentence with the wait, from the server's Retry-After. */
function waitMessage(error: ApiRequestError): string {
  const seconds = error.retryAfterSeconds
  if (!seconds) return error.message
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  return `${error.message.replace(/ Try again later\.?$/, '')} Try again in ${wait}.`
}

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
          {error}
        </p>
      )}
    </div>
  )
}

const CONTROL = 'rounded border border-gray-400 bg-white px-3 py-2 text-body aria-[invalid=true]:border-red-700 focus-visible:outline-2 focus-visible:outline-offset-1'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'form'>

/** A text-like input bound to a form field. */
export function TextField<Values extends FieldValues, Out>({
  form,
  name,
  label,
  hint,
  ...input
}: { form: UseFormReturn<Values, unknown, Out>; name: Path<Values>; label: string; hint?: ReactNode } & InputProps) {
  const error = errorAt(form, name)
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => <input id={id} className={CONTROL} aria-invalid={invalid} aria-describedby={describedBy} {...input} {...form.register(name)} />}
    </Field>
  )
}

/** A select bound to a form field. */
export function SelectField<Values extends FieldValues, Out>({
  form,
  name,
  label,
  options,
  hint,
  ...select
}: {
  form: UseFormReturn<Values, unknown, Out>
  name: Path<Values>
  label: string
  options: readonly { value: string; label: string }[]
  hint?: ReactNode
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'form'>) {
  const error = errorAt(form, name)
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className={CONTROL} aria-invalid={invalid} aria-describedby={describedBy} {...select} {...form.register(name)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** The message of a field's error, however deep the field. */
function errorAt<Values extends FieldValues, Out>(form: UseFormReturn<Values, unknown, Out>, name: Path<Values>): string | undefined {
  const error = form.getFieldState(name, form.formState).error
  return typeof error?.message === 'string' ? error.message : undefined
}

/** A form-level message (a failure no field took, or a confirmation). */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const style = tone === 'error' ? 'border-red-700 bg-red-50 text-red-900' : tone === 'success' ? 'border-green-700 bg-green-50 text-green-900' : 'border-gray-400 bg-gray-50 text-gray-900'
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded border-l-4 p-3 ${style}`}>
      {children}
    </div>
  )
}
