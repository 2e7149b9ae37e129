import type { InputHTMLAttributes, ReactNode } from 'react'
import { CONTROL, Field } from './field.tsx'

/**
 * A labelled input of a light form (kit/forms/light-form.ts): named for the form's FormData, with
 * its hint and its error.
 */
export function TextInput({
  label,
  error,
  hint,
  ...input
}: { label: string; name: string; error?: string | undefined; hint?: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id'
>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input id={id} className={CONTROL} aria-invalid={invalid} aria-describedby={describedBy} {...input} />
      )}
    </Field>
  )
}
