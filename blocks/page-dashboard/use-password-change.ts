import { useState } from 'react'
import { useToast } from '#engine'
import { useApiMutation } from '#engine/mutation'
import { authApi } from '#schemas/api/members.routes.ts'
import { showServerError, useZodForm } from '../kit/forms/form.tsx'

const passwordForm = () => import('./password-form.ts').then((module) => module.changePasswordFormSchema)

/**
 * Changing the password: the current one, then the new one with the reset page's rules. The
 * server's problems show at their fields (or in the alert); once changed, the dialog closes with a
 * toast (the server ends the account's other sessions, this one stays).
 */
export function usePasswordChange({ saved, onClose }: { saved: string; onClose: () => void }) {
  const form = useZodForm(passwordForm, { currentPassword: '', password: '', confirm: '' })
  const [problem, setProblem] = useState<string>()
  const [shown, setShown] = useState(false)
  const toast = useToast()
  const change = useApiMutation(authApi.changePassword, {
    onSuccess: (answer) => {
      onClose()
      toast.add({ severity: 'success', summary: answer.message ?? saved, life: 8000 })
    },
    onError: (error) => setProblem(showServerError(form, error, ['currentPassword', 'password'])),
  })
  const submit = form.handleSubmit(({ currentPassword, password }) => {
    setProblem(undefined)
    change.mutate({ body: { currentPassword, password } })
  })
  return {
    form,
    problem,
    /** The passwords shown as typed (one switch for all three fields). */
    shown,
    show: setShown,
    busy: form.formState.isSubmitting || change.isPending,
    submit,
  }
}
