import { useState } from 'react'
import { callApi, useToast } from '#engine'
import { invalidateApi } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { ChangeQuote, Dependent, dependentInputSchema, HouseholdChange } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'
import type { z } from '#schemas/engine/zod.ts'
import { DEPENDENT_FIELDS, dependentForm, dependentFormValues } from '../kit/forms/dependent-fields.tsx'
import { showServerError, useZodForm } from '../kit/forms/form.tsx'
import { newPaymentKey } from './format.ts'
import { AFFECTED } from './household.ts'

type DependentInput = z.output<typeof dependentInputSchema>

/** The price of a change as entered (the form's values, as text), from the server, shown before it is confirmed. */
export interface PricedChange {
  entered: string
  quote: ChangeQuote
}

/** The change to price: a dependent added, or one changed. */
export const householdChange = (dependent: Dependent | undefined, body: DependentInput): HouseholdChange =>
  dependent ? { change: 'update', id: dependent.id, dependent: body } : { change: 'add', dependent: body }

/** A change that costs nothing, now or at renewal (a name), is saved without asking again. */
export const costsNothing = (quote: ChangeQuote) => quote.dueNowCents === 0 && quote.differenceCents === 0

/** The quote to confirm: the one priced for exactly what the form holds now (any edit asks again). */
export const quoteToConfirm = (priced: PricedChange | undefined, entered: string): ChangeQuote | undefined =>
  priced?.entered === entered ? priced.quote : undefined

/**
 * Adding a dependent or editing one: the form, then, for a change that moves the price, the
 * server's quote (`shown`) and a second submit to confirm it. One key per dialog: a resubmit of the
 * confirmed change charges once.
 */
export function useDependentChange({ dependent, onClose }: { dependent?: Dependent | undefined; onClose: () => void }) {
  const toast = useToast()
  const [problem, setProblem] = useState<string>()
  const [priced, setPriced] = useState<PricedChange>()
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
    const confirming = quoteToConfirm(priced, entered)
    if (confirming) return save(body, confirming)
    try {
      const quote = await callApi(memberApi.householdQuote, { body: householdChange(dependent, body) })
      if (costsNothing(quote)) return save(body, quote)
      setPriced({ entered, quote })
    } catch (error) {
      setProblem(showServerError(form, error, DEPENDENT_FIELDS))
    }
  })
  return {
    form,
    /** The form's alert: what no field took. */
    problem,
    /** The quote to confirm, while the form holds what it priced. */
    shown: quoteToConfirm(priced, JSON.stringify(form.watch())),
    saving: add.isPending || update.isPending,
    submit,
  }
}
