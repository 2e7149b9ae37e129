import { useState } from 'react'
import { useToast } from '#engine'
import { Dialog } from '#engine/dialog'
import { useApiMutation } from '#engine/mutation'
import { authApi } from '#schemas/api/auth.routes.ts'
import { FormAlert, showServerError, TextField, useZodForm } from '../kit/forms/form.tsx'
import { PasswordRules } from '../kit/forms/password-rules.tsx'
import { Button } from '../kit/ui/button.tsx'
import type { DashboardSettings } from './settings.ts'

const passwordForm = () => import('./password-form.ts').then((module) => module.changePasswordFormSchema)
const FORM_ID = 'change-password-form'

/**
 * The current password, then the new one with the reset page's rules. The server ends the
 * account's other sessions; this one stays, so the dialog closes with a toast.
 */
export default function PasswordDialog({
  email,
  settings,
  onClose,
}: {
  email: string
  settings: DashboardSettings
  onClose: () => void
}) {
  const form = useZodForm(passwordForm, { currentPassword: '', password: '', confirm: '' })
  const [problem, setProblem] = useState<string>()
  const [shown, setShown] = useState(false)
  const toast = useToast()
  const password = form.watch('password')
  const change = useApiMutation(authApi.changePassword, {
    onSuccess: (answer) => {
      onClose()
      toast.add({ severity: 'success', summary: answer.message ?? settings.password_saved, life: 8000 })
    },
    onError: (error) => setProblem(showServerError(form, error, ['currentPassword', 'password'])),
  })
  const submit = form.handleSubmit(({ currentPassword, password: chosen }) => {
    setProblem(undefined)
    change.mutate({ body: { currentPassword, password: chosen } })
  })
  const busy = form.formState.isSubmitting || change.isPending
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={settings.change_password}
      width="small"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={FORM_ID} disabled={busy}>
            {settings.save_password}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3"
        aria-label={settings.change_password}
      >
        {problem && <FormAlert>{problem}</FormAlert>}
        {/* The account's email, for password managers (hidden, read by them only). */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          form={form}
          name="currentPassword"
          label={settings.current_password_label}
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
        />
        <TextField
          form={form}
          name="password"
          label={settings.new_password_label}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          hint={<PasswordRules password={password} email={email} texts={settings} />}
        />
        <TextField
          form={form}
          name="confirm"
          label={settings.confirm_password_label}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={shown}
            onChange={(event) => setShown(event.target.checked)}
            className="size-4"
          />
          {settings.show_passwords}
        </label>
      </form>
    </Dialog>
  )
}
