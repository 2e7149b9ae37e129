import { lazy, Suspense, useState } from 'react'
import { callApi, useConfirm, useLoadWhenIdle, useLocale, useToast } from '#engine'
import { invalidateApi, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { Dependent } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'
import { isCovered } from '#schemas/membership-states.ts'
import { relationshipWord } from '../kit/format/relationships.ts'
import { Button } from '../kit/ui/button.tsx'
import { changeWords } from './change-words.ts'
import { newPaymentKey } from './format.ts'
import { useDates } from '../kit/format/dates.ts'
import { AFFECTED } from './household.ts'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/** The add and edit dialog, with its form, loads once the page is idle, or when it first opens. */
const loadDependentDialog = () => import('./dependent-dialog.tsx')
const DependentDialog = lazy(loadDependentDialog)

/** The member's dependents: add, edit, remove, each on the member's plan or their own. */
export function Dependents({ settings }: { settings: DashboardSettings }) {
  const { data } = useApiQuery(dashboardQueries.dependents)
  const { data: info } = useApiQuery(dashboardQueries.info)
  const { data: plans } = useApiQuery(dashboardQueries.plans)
  const confirm = useConfirm()
  const toast = useToast()
  const dates = useDates()
  const language = useLocale()
  const [editing, setEditing] = useState<Dependent | 'new'>()
  useLoadWhenIdle(loadDependentDialog)
  const planName = (planId: number | null) =>
    planId === null
      ? `${info.subscription?.planName ?? 'Your plan'} (yours)`
      : (plans.plans.find((plan) => plan.id === planId)?.name ?? 'Another plan')
  const remove = useApiMutation(memberApi.removeDependent, {
    onSuccess: (_result, _input, client) => {
      void invalidateApi(client, ...AFFECTED)
      toast.add({ severity: 'success', summary: 'Dependent removed', life: 5000 })
    },
    onError: (error) =>
      toast.add({ severity: 'error', summary: 'The dependent was not removed', detail: error.message, life: 8000 }),
  })
  const [key, setKey] = useState(newPaymentKey)
  const askToRemove = async (dependent: Dependent) => {
    const name = `${dependent.firstName} ${dependent.lastName}`
    try {
      // A family kept for joining again has no membership to price: nothing is refunded then.
      const covered = info.subscription && isCovered(info.subscription.status)
      const quote = covered
        ? await callApi(memberApi.householdQuote, { body: { change: 'remove', id: dependent.id } })
        : undefined
      const agreed = await confirm({
        title: fillText(settings.remove_dependent_title, { name }),
        message: fillText(settings.remove_dependent_message, {
          name,
          now: quote ? changeWords(quote, settings, language) : '',
        }),
        okText: settings.remove_dependent,
        severity: 'danger',
      })
      if (agreed)
        remove.mutate(
          {
            params: { id: dependent.id },
            body: { confirmedCents: quote?.dueNowCents ?? 0, idempotencyKey: key },
          },
          { onSettled: () => setKey(newPaymentKey()) },
        )
    } catch (error) {
      toast.add({
        severity: 'error',
        summary: 'The dependent was not removed',
        detail: error instanceof Error ? error.message : String(error),
        life: 8000,
      })
    }
  }
  return (
    <div className="flex flex-col gap-4">
      {data.dependents.length ? (
        <ul className="flex flex-col divide-y divide-gray-200" aria-label={settings.dependents_heading}>
          {data.dependents.map((dependent) => (
            <li key={dependent.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex flex-col">
                <span className="font-semibold">
                  {dependent.firstName} {dependent.lastName}
                </span>
                <span className="text-sm text-gray-700">
                  {fillText(settings.dependent_line, {
                    relationship: relationshipWord(settings, dependent.relationship) ?? '',
                    birth_date: dates.short(dependent.dateOfBirth),
                    plan: planName(dependent.planId),
                  })}
                </span>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" onClick={() => setEditing(dependent)}>
                  Edit
                  <span className="sr-only">
                    {' '}
                    {dependent.firstName} {dependent.lastName}
                  </span>
                </Button>
                <Button variant="outline" onClick={() => void askToRemove(dependent)} disabled={remove.isPending}>
                  {settings.remove_dependent}
                  <span className="sr-only">
                    {' '}
                    {dependent.firstName} {dependent.lastName}
                  </span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>{settings.no_dependents}</p>
      )}
      {/* Family is added to a membership that covers: without one, joining (again) comes first. */}
      {info.subscription && isCovered(info.subscription.status) && (
        <div>
          <Button variant="primary" onClick={() => setEditing('new')}>
            {settings.add_dependent}
          </Button>
        </div>
      )}
      {editing && (
        <Suspense fallback={null}>
          <DependentDialog
            settings={settings}
            dependent={editing === 'new' ? undefined : editing}
            plans={plans.plans.map((plan) => ({ value: String(plan.id), label: plan.name }))}
            ownPlan={planName(null)}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      )}
    </div>
  )
}
