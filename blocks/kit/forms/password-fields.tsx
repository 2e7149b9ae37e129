/**
 * Password fields as the site's forms share them: each hidden unless the form's “show” checkbox is
 * ticked, and a new password with its rules met as it is typed, then typed again.
 */
import type { ReactNode } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { PasswordRulesTexts } from '../settings.ts'
import { TextField } from './form.tsx'
import { PasswordRules } from './password-rules.tsx'

/** A password input bound to a form field, its text shown while `shown`. */
export function PasswordField<Values extends FieldValues, Out>({
  shown,
  ...field
}: {
  form: UseFormReturn<Values, unknown, Out>
  name: Path<Values>
  label: string
  hint?: ReactNode
  shown: boolean
  autoComplete: 'current-password' | 'new-password'
}) {
  return <TextField {...field} type={shown ? 'text' : 'password'} />
}

/** Shows what is typed in a form's password fields (for a person checking what they typed). */
export function ShowPasswords({
  label,
  shown,
  onChange,
}: {
  label: string
  shown: boolean
  onChange: (shown: boolean) => void
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-body">
      <input type="checkbox" checked={shown} onChange={(event) => onChange(event.target.checked)} className="size-4" />
      {label}
    </label>
  )
}

/** The fields of a form that chooses a new password (kit/forms/new-password-form.ts checks them). */
export interface NewPasswordValues {
  password: string
  confirm: string
}

/** From the settings of the page asking for a new password. */
export type NewPasswordTexts = PasswordRulesTexts & { new_password_label: string; confirm_password_label: string }

/**
 * A new password, with the rules (the server's) marked as met while it is typed, and the same
 * again. The email, when known, makes its rule show.
 */
export function NewPasswordFields<Values extends NewPasswordValues, Out>({
  form,
  texts,
  shown,
  email,
}: {
  form: UseFormReturn<Values, unknown, Out>
  texts: NewPasswordTexts
  shown: boolean
  email?: string | undefined
}) {
  // react-hook-form's paths of a type parameter are a conditional type that TypeScript leaves
  // unresolved, though Values has both fields (a cast as in form.tsx's showServerError).
  const path = (name: keyof NewPasswordValues) => name as Path<Values>
  return (
    <>
      <PasswordField
        form={form}
        name={path('password')}
        label={texts.new_password_label}
        shown={shown}
        autoComplete="new-password"
        hint={<PasswordRules password={form.watch().password} email={email} texts={texts} />}
      />
      <PasswordField
        form={form}
        name={path('confirm')}
        label={texts.confirm_password_label}
        shown={shown}
        autoComplete="new-password"
      />
    </>
  )
}
