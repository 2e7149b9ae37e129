import { lazy, Suspense, useState } from 'react'
import { Button } from '../kit/ui/button.tsx'
import type { DashboardSettings } from './settings.ts'

/** The dialog, its form and the API's contract load when it first opens. */
const PasswordDialog = lazy(() => import('./password-dialog.tsx'))

/** "Change password": opens the dialog asking for the current password, then the new one. */
export function ChangePassword({ email, settings }: { email: string; settings: DashboardSettings }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {settings.change_password}
        </Button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <PasswordDialog email={email} settings={settings} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
