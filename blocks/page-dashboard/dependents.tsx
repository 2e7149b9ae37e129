import { useState } from 'react'
import { useConfirm, useToast } from '#engine'
import { Dialog } from '#engine/dialog'
import { invalidateApi, useApiMutation, useApiQuery } from '#engine/data'
import { memberApi, type Dependent } from '#schemas/api/member.ts'
import { DEPENDENT_FIELDS, DependentFields, dependentFormSchema, dependentFormValues, RELATIONSHIPS } from '../kit/dependent-fields.tsx'
import { FormAlert, showServerError, useZodForm } from '../kit/form.tsx'
import { shortDate } from './format.ts'
import { dashboardQueries } from './queries.ts'

/** What changes when the household changes: the lists, the cards, the prices. */
const AFFECTED = [memberApi.dependents, memberApi.info, memberApi.balance, memberApi.idCard]

/** The member's dependents: add, edit, remove, each on the member's plan or their own. */
export function Dependents() {
  const { data } = useApiQuery(dashboardQueries.dependents)
  const { data: info } = useApiQuery(dashboardQueries.info)
  const { data: plans } = useApiQuery(dashboardQueries.plans)
  const confirm = useConfirm()
  const toast = useToast()
  const [editing, setEditing] = useState<Dependent | 'new'>()
  const planName = (planId: number | null) => (planId === null ? `${info.subscription?.planName ?? 'Your plan'} (yours)` : (plans.plans.find((plan) => plan.id === planId)?.name ?? 'Another plan'))
  const remove = useApiMutation(memberApi.removeDependent, {
    onSuccess: (_result, _input, client) => {
      void invalidateApi(client, ...AFFECTED)
      toast.add({ severity: 'success', summary: 'Dependent removed', life: 5000 })
    },
    onError: (error) => toast.add({ severity: 'error', summary: 'The dependent was not removed', detail: error.message, life: 8000 }),
  })
  const askToRemove = async (dependent: Dependent) => {
    const name = `${dependent.firstName} ${dependent.lastName}`
    if (await confirm({ title: `Remove ${name}?`, message: `${name} leaves your membership and their ID card stops working. Your price changes from your next renewal.`, okText: 'Remove', severity: 'danger' })) {
      remove.mutate({ params: { id: dependent.id } })
    }
  }
  return (
    <div className="flex flex-col gap-4">
      {data.dependents.length ? (
        <ul className="flex flex-col divide-y divide-gray-200" aria-label="Dependents">
          {data.dependents.map((dependent) => (
            <li key={dependent.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex flex-col">
                <span className="font-semibold">
                  {dependent.firstName} {dependent.lastName}
                </span>
                <span className="text-sm text-gray-700">
                  {RELATIONSHIPS[dependent.relationship]}, born {shortDate(dependent.dateOfBirth)} · Plan: {planName(dependent.planId)}
                </span>
              </div>
              <div className="flex gap-2">
                <button type="button" className="btn-outline" onClick={() => setEditing(dependent)}>
                  Edit<span className="sr-only"> {dependent.firstName} {dependent.lastName}</span>
                </button>
                <button type="button" className="btn-outline" onClick={() => void askToRemove(dependent)} disabled={remove.isPending}>
                  Remove<span className="sr-only"> {dependent.firstName} {dependent.lastName}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>No dependents on your membership yet.</p>
      )}
      <div>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          Add a dependent
        </button>
      </div>
      {editing && <DependentDialog dependent={editing === 'new' ? undefined : editing} plans={plans.plans.map((plan) => ({ value: String(plan.id), label: plan.name }))} ownPlan={planName(null)} onClose={() => setEditing(undefined)} />}
    </div>
  )
}

function DependentDialog({ dependent, plans, ownPlan, onClose }: { dependent?: Dependent | undefined; plans: { value: string; label: string }[]; ownPlan: string; onClose: () => void }) {
  const toast = useToast()
  const [problem, setProblem] = useState<string>()
  const form = useZodForm(dependentFormSchema, dependentFormValues(dependent))
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
  const title = dependent ? `Edit ${dependent.firstName} ${dependent.lastName}` : 'Add a dependent'
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      width="small"
      footer={
        <>
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="dependent-form" className="btn-primary" disabled={add.isPending || update.isPending}>
            {dependent ? 'Save changes' : 'Add dependent'}
          </button>
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
