import { useState, type SyntheticEvent } from 'react'
import { apiQuery } from '#engine'
import { invalidateApi } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { DataColumn } from '#engine/table'
import { Field } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'
import { staffPlansApi } from '#schemas/api/plans.console.routes.ts'
import type { PlanPriceChange, PricePeriod, StaffPlan } from '#schemas/api/plans.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, fieldIssue, messageOf, Outcome } from '../frame/form.tsx'
import { ListTable } from '../frame/list-screen.tsx'
import { day, LoadFailed, PageTitle } from '../frame/page.tsx'

/** The plans, their prices and every change of them. */
const plansQuery = apiQuery(staffPlansApi.plans)

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`
const PERIOD_WORDS: Record<PricePeriod, string> = { month: 'a month', year: 'a year' }
const STATUS_WORDS: Record<PlanPriceChange['status'], string> = {
  scheduled: 'Scheduled',
  applied: 'In effect',
  cancelled: 'Cancelled',
}

/** A new price for one plan from a day on, with the reason the audit trail keeps. */
function PriceForm({
  plan,
  earliestIncreaseOn,
  noticeDays,
}: {
  plan: StaffPlan
  earliestIncreaseOn: string
  noticeDays: number
}) {
  const [form, setForm] = useState({
    period: 'month' as PricePeriod,
    dollars: '',
    effectiveOn: earliestIncreaseOn,
    reason: '',
  })
  const schedule = useApiMutation(staffPlansApi.schedulePrice, {
    onSuccess: async (_scheduled, _sent, client) => {
      setForm({ ...form, dollars: '', reason: '' })
      await invalidateApi(client, staffPlansApi.plans)
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    schedule.mutate({
      params: { planId: plan.id },
      body: {
        period: form.period,
        amountCents: Math.round(Number(form.dollars) * 100),
        effectiveOn: form.effectiveOn,
        reason: form.reason,
      },
    })
  }
  const headingId = `price-heading-${plan.id}`
  return (
    <Card as="form" padding="md" aria-labelledby={headingId} className="flex flex-col gap-3" onSubmit={submit}>
      <h2 id={headingId} className="text-lg font-semibold">
        Change the {plan.name} plan’s price
      </h2>
      <p className="text-sm text-slate-700">
        Today: {dollars(plan.monthlyCents)} a month, {dollars(plan.annualCents)} a year, per person. A higher price
        needs {noticeDays} days’ notice to every member ({day(earliestIncreaseOn)} at the soonest); each member is told
        at their renewal’s notice and charged it from the first renewal that notice allows. A lower price can start
        tomorrow.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Price of" error={fieldIssue(schedule.error, 'period')}>
          {(ids) => (
            <select
              {...control(ids)}
              value={form.period}
              onChange={(event) => setForm({ ...form, period: event.target.value as PricePeriod })}
            >
              <option value="month">A month</option>
              <option value="year">A year</option>
            </select>
          )}
        </Field>
        <Field label="New price in dollars" error={fieldIssue(schedule.error, 'amountCents')}>
          {(ids) => (
            <input
              {...control(ids)}
              inputMode="decimal"
              autoComplete="off"
              value={form.dollars}
              onChange={(event) => setForm({ ...form, dollars: event.target.value })}
            />
          )}
        </Field>
        <Field label="From the day" error={fieldIssue(schedule.error, 'effectiveOn')}>
          {(ids) => (
            <input
              {...control(ids)}
              type="date"
              value={form.effectiveOn}
              onChange={(event) => setForm({ ...form, effectiveOn: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field label="Reason" hint="Kept in the audit trail." error={fieldIssue(schedule.error, 'reason')}>
        {(ids) => (
          <textarea
            {...control(ids)}
            rows={2}
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
        )}
      </Field>
      <Outcome
        error={schedule.error ? messageOf(schedule.error, 'The price could not be scheduled.') : undefined}
        done={
          schedule.data
            ? `Scheduled: ${dollars(schedule.data.amountCents)} ${PERIOD_WORDS[schedule.data.period]} from ${day(schedule.data.effectiveOn)}, for ${schedule.data.members} ${schedule.data.members === 1 ? 'membership' : 'memberships'} renewing on their own.`
            : undefined
        }
      />
      <div>
        <Button variant="primary" type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? 'Scheduling…' : 'Schedule the price'}
        </Button>
      </div>
    </Card>
  )
}

/** A scheduled change's cancellation, with its reason. */
function CancelChange({ change, planName }: { change: PlanPriceChange; planName: string }) {
  const [reason, setReason] = useState('')
  const cancel = useApiMutation(staffPlansApi.cancelPrice, {
    onSuccess: (_cancelled, _sent, client) => invalidateApi(client, staffPlansApi.plans),
  })
  return (
    <div className="flex flex-col gap-1">
      <Field
        label={`Why cancel ${planName}’s change of ${day(change.effectiveOn)}`}
        error={fieldIssue(cancel.error, 'reason')}
      >
        {(ids) => <input {...control(ids)} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      <Outcome error={cancel.error ? messageOf(cancel.error, 'The change could not be cancelled.') : undefined} />
      <div>
        <Button
          variant="outline"
          onClick={() => cancel.mutate({ params: { planId: change.planId, changeId: change.id }, body: { reason } })}
          disabled={cancel.isPending}
        >
          Cancel the change
        </Button>
      </div>
    </div>
  )
}

/** Plans and their prices (administrators): today's prices, every change, a new one. */
export default function PlansScreen() {
  const list = useScreenQuery(plansQuery)
  const [chosen, setChosen] = useState<number | undefined>()
  const plans = list.data?.plans ?? []
  const plan = plans.find((item) => item.id === chosen) ?? plans[0]
  const changes = plans.flatMap((item) => item.changes.map((change) => ({ ...change, planName: item.name })))
  const columns: DataColumn<(typeof changes)[number]>[] = [
    { header: 'Plan', rowHeader: true, className: 'p-2', cell: (row) => row.planName },
    {
      header: 'Price',
      className: 'p-2',
      cell: (row) => `${dollars(row.previousCents)} → ${dollars(row.amountCents)} ${PERIOD_WORDS[row.period]}`,
    },
    { header: 'From', className: 'p-2', cell: (row) => day(row.effectiveOn) },
    { header: 'Memberships', className: 'p-2', cell: (row) => String(row.members) },
    { header: 'Status', className: 'p-2', cell: (row) => STATUS_WORDS[row.status] },
    { header: 'By', className: 'p-2', cell: (row) => row.createdBy ?? '—' },
    {
      header: 'Cancel',
      className: 'p-2',
      cell: (row) => (row.status === 'scheduled' ? <CancelChange change={row} planName={row.planName} /> : '—'),
    },
  ]
  return (
    <section className="flex flex-col gap-4">
      <PageTitle>Plans and prices</PageTitle>
      {list.isPending && <p>Loading the plans…</p>}
      {list.error && <LoadFailed what="The plans" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && plan && (
        <>
          <Field label="Plan">
            {(ids) => (
              <select
                {...control(ids, 'max-w-xs')}
                value={plan.id}
                onChange={(event) => setChosen(Number(event.target.value))}
              >
                {plans.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}: {dollars(item.monthlyCents)} a month, {dollars(item.annualCents)} a year
                  </option>
                ))}
              </select>
            )}
          </Field>
          <PriceForm
            key={plan.id}
            plan={plan}
            earliestIncreaseOn={list.data.earliestIncreaseOn}
            noticeDays={list.data.noticeDays}
          />
          <ListTable
            name="price-changes"
            caption="Price changes"
            minWidth="min-w-[56rem]"
            rows={changes}
            columns={columns}
          />
          {changes.length === 0 && <p>No price has been changed here yet.</p>}
        </>
      )}
    </section>
  )
}
