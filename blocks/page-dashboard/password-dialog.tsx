import { Dialog } from '#engine/dialog'
import { FormAlert } from '../kit/forms/form.tsx'
import { NewPasswordFields, PasswordField, ShowPasswords } from '../kit/forms/password-fields.tsx'
import { Button } from '../kit/ui/button.tsx'
import type { DashboardSettings } from './settings.ts'
import { usePasswordChange } from './use-password-change.ts'

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
  const { form, problem, shown, show, busy, submit } = usePasswordChange({ saved: settings.password_saved, onClose })
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
        <PasswordField
          form={form}
          name="currentPassword"
          label={settings.current_password_label}
          shown={shown}
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} texts={settings} shown={shown} email={email} />
        <ShowPasswords label={settings.show_passwords} shown={shown} onChange={show} />
      </form>
    </Dialog>
  )
}
