import { useState } from 'react'
import { Dialog } from '#engine/dialog'
import { invalidateApi } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { callApi, useToast } from '#engine'
import type { ChangeQuote, Dependent, dependentInputSchema } from '#schemas/api/member.ts'
import type { z } from '#schemas/engine/zod.ts'
import { memberApi } from '#schemas/api/member.routes.ts'
import {
  DEPENDENT_FIELDS,
  DependentFields,
  dependentForm,
  dependentFormValues,
} from '../kit/forms/dependent-fields.tsx'
import { FormAlert, showServerError, useZodForm } from '../kit/forms/form.tsx'
import { Button } from '../kit/ui/button.tsx'
import { changeWords, confirmWords } from './change-words.ts'
import { newPaymentKey } from './format.ts'
import { AFFECTED } from './household.ts'
import type { DashboardSettings } from './settings.ts'

type DependentInput = z.output<typeof dependentInputSchema>

/**
 * Adds a dependent or edits one, on the member's plan or their own. A change that moves the price
 * shows what it charges or refunds now and the renewal after it, then asks again to confirm.
 */
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
  // The price of the change as entered, from the server, shown before the member confirms it; any
  // edit after it asks again.
  const [priced, setPriced] = useState<{ entered: string; quote: ChangeQuote }>()
  const [key] = useState(newPaymentKey)
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
  const save = (body: DependentInput, quote?: ChangeQuote) => {
    const confirmed = { ...body, confirmedCents: quote?.dueNowCents ?? 0, idempotencyKey: key }
    if (dependent) update.mutate({ params: { id: dependent.id }, body: confirmed })
    else add.mutate({ body: confirmed })
  }
  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined)
    const entered = JSON.stringify(form.getValues())
    if (priced?.entered === entered) return save(body, priced.quote)
    try {
      const quote = await callApi(memberApi.householdQuote, {
        body: dependent ? { change: 'update', id: dependent.id, dependent: body } : { change: 'add', dependent: body },
      })
      // A change that costs nothing, now or at renewal (a name), is saved at once.
      if (quote.dueNowCents === 0 && quote.differenceCents === 0) return save(body, quote)
      setPriced({ entered, quote })
    } catch (error) {
      setProblem(showServerError(form, error, DEPENDENT_FIELDS))
    }
  })
  const shown = priced?.entered === JSON.stringify(form.watch()) ? priced : undefined
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
            {shown
              ? confirmWords(shown.quote, settings, settings.change_confirm_button)
              : dependent
                ? settings.save_dependent
                : settings.add_dependent_button}
          </Button>
        </>
      }
    >
      <form id="dependent-form" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        {problem && <FormAlert>{problem}</FormAlert>}
        <DependentFields form={form} plans={plans} ownPlan={ownPlan} />
        {shown && (
          <section aria-labelledby="dependent-change-heading" className="rounded border border-gray-300 p-3">
            <h3 id="dependent-change-heading" className="font-semibold">
              {settings.change_heading}
            </h3>
            <p role="status">{changeWords(shown.quote, settings)}</p>
          </section>
        )}
      </form>
    </Dialog>
  )
}
