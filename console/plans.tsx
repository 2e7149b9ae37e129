import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { DataTable, type DataColumn } from '#engine/table'
import type { PlanPriceChange, PricePeriod, StaffPlan } from '#schemas/api/staff-plans.ts'
import { api } from './api.ts'
import { Field, fieldIssue, messageOf, Outcome } from './form.tsx'
import { day, LoadFailed, PageTitle } from './page.tsx'

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
  const queryClient = useQueryClient()
  const [form, setForm] = useState({
    period: 'month' as PricePeriod,
    dollars: '',
    effectiveOn: earliestIncreaseOn,
    reason: '',
  })
  const schedule = useMutation({
    mutationFn: () =>
      api.schedulePrice(plan.id, {
        period: form.period,
        amountCents: Math.round(Number(form.dollars) * 100),
        effectiveOn: form.effectiveOn,
        reason: form.reason,
      }),
    onSuccess: async () => {
      setForm({ ...form, dollars: '', reason: '' })
      await queryClient.invalidateQueries({ queryKey: ['staff-plans'] })
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    schedule.mutate()
  }
  const headingId = `price-heading-${plan.id}`
  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-4"
      onSubmit={submit}
    >
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
          {(props) => (
            <select
              {...props}
              className="cs-input"
              value={form.period}
              onChange={(event) => setForm({ ...form, period: event.target.value as PricePeriod })}
            >
              <option value="month">A month</option>
              <option value="year">A year</option>
            </select>
          )}
        </Field>
        <Field label="New price in dollars" error={fieldIssue(schedule.error, 'amountCents')}>
          {(props) => (
            <input
              {...props}
              className="cs-input"
              inputMode="decimal"
              autoComplete="off"
              value={form.dollars}
              onChange={(event) => setForm({ ...form, dollars: event.target.value })}
            />
          )}
        </Field>
        <Field label="From the day" error={fieldIssue(schedule.error, 'effectiveOn')}>
          {(props) => (
            <input
              {...props}
              className="cs-input"
              type="date"
              value={form.effectiveOn}
              onChange={(event) => setForm({ ...form, effectiveOn: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field label="Reason" hint="Kept in the audit trail." error={fieldIssue(schedule.error, 'reason')}>
        {(props) => (
          <textarea
            {...props}
            className="cs-input"
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
        <button type="submit" className="cs-button-primary" disabled={schedule.isPending}>
          {schedule.isPending ? 'Scheduling…' : 'Schedule the price'}
        </button>
      </div>
    </form>
  )
}

/** A scheduled change's cancellation, with its reason. */
function CancelChange({ change, planName }: { change: PlanPriceChange; planName: string }) {
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const cancel = useMutation({
    mutationFn: () => api.cancelPrice(change.planId, change.id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff-plans'] }),
  })
  return (
    <div className="flex flex-col gap-1">
      <Field
        label={`Why cancel ${planName}’s change of ${day(change.effectiveOn)}`}
        error={fieldIssue(cancel.error, 'reason')}
      >
        {(props) => (
          <input {...props} className="cs-input" value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </Field>
      <Outcome error={cancel.error ? messageOf(cancel.error, 'The change could not be cancelled.') : undefined} />
      <div>
        <button type="button" className="cs-button" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          Cancel the change
        </button>
      </div>
    </div>
  )
}

/** Plans and their prices (administrators): today's prices, every change, a new one. */
export function PlansScreen() {
  const list = useQuery({ queryKey: ['staff-plans'], queryFn: api.plans })
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
            {(props) => (
              <select
                {...props}
                className="cs-input max-w-xs"
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
          <div
            role="region"
            aria-labelledby="price-changes-caption"
            tabIndex={0}
            className="overflow-x-auto rounded border border-slate-300 bg-white"
          >
            <DataTable
              caption="Price changes"
              captionId="price-changes-caption"
              className="w-full min-w-[56rem] text-left text-sm"
              headClassName="bg-slate-100"
              rowClassName={() => 'border-t border-slate-200'}
              rowKey={(row) => row.id}
              rows={changes}
              columns={columns}
            />
          </div>
          {changes.length === 0 && <p>No price has been changed here yet.</p>}
        </>
      )}
    </section>
  )
}
