import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react'
import type { StaffMemberRecord } from '#schemas/api/staff-members.ts'
import { api } from './api.ts'
import { Field, fieldIssue, messageOf, Outcome } from './form.tsx'
import { day } from './page.tsx'

type Result = { member: StaffMemberRecord; message: string }
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/**
 * An action on a member in a modal dialog: what it does, a reason (required: it goes into the audit
 * trail), the action's own fields, and its button. Done, the record shows the result and the
 * message is said on the page; Escape or Cancel closes it, and focus returns to its opener.
 */
export function ActionDialog({
  memberId,
  opener,
  title,
  submit,
  children,
  run,
  onDone,
}: {
  memberId: number
  opener: string
  title: string
  submit: string
  children?: (error: unknown) => ReactNode
  /** `key`: new each time the dialog opens, so a retry of one request is the same request (a refund's idempotency key). */
  run: (reason: string, form: FormData, key: string) => Promise<Result>
  onDone: (message: string) => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  const [key, setKey] = useState('')
  const queryClient = useQueryClient()
  const action = useMutation({
    mutationFn: ({ reason, form }: { reason: string; form: FormData }) => run(reason, form, key),
    onSuccess: (result) => {
      queryClient.setQueryData(['member', memberId], result.member)
      dialog.current?.close()
      onDone(result.message)
    },
  })
  const show = () => {
    action.reset()
    setKey(crypto.randomUUID())
    setOpen(true)
    dialog.current?.showModal()
  }
  const send = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const reason = form.get('reason')
    action.mutate({ reason: typeof reason === 'string' ? reason.trim() : '', form })
  }
  const reasonIssue = fieldIssue(action.error, 'reason')
  const other = action.error && !reasonIssue ? messageOf(action.error, 'That did not work. Try again.') : undefined
  return (
    <>
      <button type="button" className="cs-button" onClick={show}>
        {opener}
      </button>
      <dialog
        ref={dialog}
        aria-label={title}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded border border-slate-400 p-0 backdrop:bg-slate-900/50"
      >
        {open && (
          <form onSubmit={send} noValidate className="flex flex-col gap-3 p-4">
            <h2 className="text-lg font-semibold">{title}</h2>
            {children?.(action.error)}
            <Field label="Reason" hint="Kept in the audit trail with what changed." error={reasonIssue}>
              {(props) => <textarea {...props} name="reason" rows={2} required className="cs-input" />}
            </Field>
            <Outcome error={other} />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="cs-button-primary" disabled={action.isPending}>
                {action.isPending ? 'Working…' : submit}
              </button>
              <button type="button" className="cs-button" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  )
}

/** What cancelling would do now, by the rules, asked when the dialog opens (its date the member's day in `timeZone`). */
export function CancellationQuote({ memberId, timeZone }: { memberId: number; timeZone: string }) {
  const quote = useQuery({ queryKey: ['cancellation', memberId], queryFn: () => api.cancellation(memberId) })
  if (quote.isPending) return <p>Asking what the rules give…</p>
  if (quote.error) return <p role="alert">{messageOf(quote.error, 'What cancelling would do is not known.')}</p>
  const q = quote.data
  return (
    <p>
      {q.kind === 'now'
        ? `Cover ends today${q.refundCents > 0 ? `, and ${dollars(q.refundCents)} is refunded${q.cardLast4 ? ` to the card ending ${q.cardLast4}` : ''}` : ', with nothing to refund'}.`
        : `Past the refund window: the membership ends on ${day(q.endsAt, timeZone)}, with nothing refunded.`}{' '}
      The member is mailed.
    </p>
  )
}

/** The refund's amount, in dollars: empty refunds all that is left. */
export function RefundFields({ left, error }: { left: number; error: unknown }) {
  return (
    <Field
      label="Amount to refund (dollars)"
      hint={`Leave it empty to refund all that is left: ${dollars(left)}.`}
      error={fieldIssue(error, 'amountCents')}
    >
      {(props) => <input {...props} name="amount" inputMode="decimal" className="cs-input" />}
    </Field>
  )
}

/** A text field of a form ('' when absent). */
const textOf = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/** Cents from what was typed in dollars (undefined: empty; NaN: not an amount, which the server refuses). */
export function centsOf(form: FormData): number | undefined {
  const text = textOf(form, 'amount').replace(/[$,\s]/g, '')
  if (!text) return undefined
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN
}

/** The contact fields, filled with today's values; only the changed ones are sent. */
export function ContactFields({ member, error }: { member: StaffMemberRecord; error: unknown }) {
  const input = (name: string, label: string, value: string, type = 'text') => (
    <Field label={label} error={fieldIssue(error, name)}>
      {(props) => <input {...props} name={name} type={type} defaultValue={value} className="cs-input" />}
    </Field>
  )
  return (
    <>
      {input('email', 'Email', member.email, 'email')}
      {input('phone', 'Phone', member.phone ?? '', 'tel')}
      <fieldset className="flex flex-col gap-2 rounded border border-slate-200 p-2">
        <legend className="px-1 text-sm font-medium">Address</legend>
        {input('line', 'Street address', member.address?.line ?? '')}
        {input('city', 'City', member.address?.city ?? '')}
        {input('state', 'State (two letters)', member.address?.state ?? '')}
        {input('zip', 'ZIP code', member.address?.zip ?? '')}
      </fieldset>
    </>
  )
}

export function contactChange(member: StaffMemberRecord, form: FormData) {
  const text = (name: string) => textOf(form, name)
  const address = { line: text('line'), city: text('city'), state: text('state').toUpperCase(), zip: text('zip') }
  const same =
    member.address &&
    address.line === member.address.line &&
    address.city === member.address.city &&
    address.state === member.address.state &&
    address.zip === member.address.zip
  const empty = !address.line && !address.city && !address.state && !address.zip
  return {
    ...(text('email') !== member.email ? { email: text('email') } : {}),
    ...(text('phone') !== (member.phone ?? '') && text('phone').replace(/\D/g, '') !== member.phone
      ? { phone: text('phone') }
      : {}),
    ...(same || empty ? {} : { address }),
  }
}
