import { useState } from 'react'
import { useToast } from '#engine'
import { Dialog } from '#engine/dialog'
import { invalidateApi } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { Dependent } from '#schemas/api/member.ts'
import { memberApi } from '#schemas/api/member.routes.ts'
import {
  DEPENDENT_FIELDS,
  DependentFields,
  dependentForm,
  dependentFormValues,
} from '../kit/forms/dependent-fields.tsx'
import { FormAlert, showServerError, useZodForm } from '../kit/forms/form.tsx'
import { Button } from '../kit/ui/button.tsx'
import { AFFECTED } from './household.ts'
import type { DashboardSettings } from './settings.ts'

/** Adds a dependent or edits one, on the member's plan or their own. */
export default function DependentDialog({
  dependent,
  plans,
  ownPlan,
  settings,
  onClose,
}: {
  dependent?: Dependent | undefined
  plans: { value: string; label: string }[]
  ownPlan: string
  settings: DashboardSettings
  onClose: () => void
}) {
  const toast = useToast()
  const [problem, setProblem] = useState<string>()
  const form = useZodForm(dependentForm, dependentFormValues(dependent))
  const done = (summary: string) => ({
    onSuccess: (_result: unknown, _input: unknown, client: Parameters<typeof invalidateApi>[0]) => {
      void invalidateApi(client, ...AFFECTED)
      toast.add({ severity: 'success', summary, life: 5000 })
      onClose()
    },
    onError: (error: unknown) => setProblem(showServerError(form, error, DEPENDENT_FIELDS)),
  })
  const add = useApiMutation(memberApi.addDependent, done('Dependent added'))
  const update = useApiMutation(memberApi.updateDependent, done('Dependent updated'))
  const submit = form.handleSubmit((body) => {
    setProblem(undefined)
    if (dependent) update.mutate({ params: { id: dependent.id }, body })
    else add.mutate({ body })
  })
  const title = dependent ? `Edit ${dependent.firstName} ${dependent.lastName}` : settings.add_dependent
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      width="small"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="dependent-form" disabled={add.isPending || update.isPending}>
            {dependent ? settings.save_dependent : settings.add_dependent_button}
          </Button>
        </>
      }
    >
      <form id="dependent-form" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        {problem && <FormAlert>{problem}</FormAlert>}
        <DependentFields form={form} plans={plans} ownPlan={ownPlan} />
      </form>
    </Dialog>
  )
}
