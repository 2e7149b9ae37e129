import { useState, type ReactNode, type SyntheticEvent } from 'react'
import { setApiData } from '#engine/data'
import { Dialog } from '#engine/dialog'
import { useApiMutation } from '#engine/mutation'
import { Field, FormAlert } from '#blocks/kit/forms/field.tsx'
import { Button } from '#blocks/kit/ui/button.tsx'
import type { memberActionResultSchema, StaffMemberRecord } from '#schemas/api/members.ts'
import type { ApiContract, ContractInput, ContractRef } from '#schemas/engine/contract.ts'
import type { z } from '#schemas/engine/zod.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, fieldIssue, messageOf, Outcome } from '../frame/form.tsx'
import { day } from '../frame/page.tsx'
import { cancellationQuery, memberQuery } from './queries.ts'

/** A contract of an action on a member: it answers the record as it now is, and a sentence for staff. */
export type MemberAction = ApiContract<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, typeof memberActionResultSchema>

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/**
 * An action on a member in the dialog: what it does, a reason (required: it goes into the audit
 * trail), the action's own fields, and its button. Done, the record shows the result and the
 * message is said on the page; Escape or Cancel closes it, and focus returns to its opener.
 */
export function ActionDialog<C extends MemberAction>({
  memberId,
  opener,
  title,
  submit,
  children,
  action,
  input,
  onDone,
}: {
  memberId: number
  opener: string
  title: string
  submit: string
  children?: (error: unknown) => ReactNode
  /** The action's contract. */
  action: ContractRef<C>
  /**
   * The call's input from the reason and the form. `key`: new each time the dialog opens, so a
   * retry of one request is the same request (a refund's idempotency key).
   */
  input: (reason: string, form: FormData, key: string) => ContractInput<C>
  onDone: (message: string) => void
}) {
  const [open, setOpen] = useState(false)
  const [key, setKey] = useState('')
  // Every action answers the same way, whatever it takes: the mutation is of that common shape.
  const contract: ContractRef<MemberAction> = action
  const send = useApiMutation(contract, {
    input: ({ reason, form }: { reason: string; form: FormData }): ContractInput<MemberAction> =>
      input(reason, form, key),
    onSuccess: (result, _sent, client) => {
      setApiData(client, memberQuery(memberId), result.member)
      setOpen(false)
      onDone(result.message)
    },
  })
  const show = () => {
    send.reset()
    setKey(crypto.randomUUID())
    setOpen(true)
  }
  const sendForm = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const reason = form.get('reason')
    send.mutate({ reason: typeof reason === 'string' ? reason.trim() : '', form })
  }
  const reasonIssue = fieldIssue(send.error, 'reason')
  const other = send.error && !reasonIssue ? messageOf(send.error, 'That did not work. Try again.') : undefined
  return (
    <>
      <Button variant="outline" onClick={show}>
        {opener}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={title}>
        <form onSubmit={sendForm} noValidate className="flex flex-col gap-3">
          {children?.(send.error)}
          <Field label="Reason" hint="Kept in the audit trail with what changed." error={reasonIssue}>
            {(ids) => <textarea {...control(ids)} name="reason" rows={2} required />}
          </Field>
          <Outcome error={other} />
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" type="submit" disabled={send.isPending}>
              {send.isPending ? 'Working…' : submit}
            </Button>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  )
}

/** What cancelling would do now, by the rules, asked when the dialog opens (its date the member's day in `timeZone`). */
export function CancellationQuote({ memberId, timeZone }: { memberId: number; timeZone: string }) {
  const quote = useScreenQuery(cancellationQuery(memberId))
  if (quote.isPending) return <p>Asking what the rules give…</p>
  if (quote.error) return <FormAlert>{messageOf(quote.error, 'What cancelling would do is not known.')}</FormAlert>
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
      {(ids) => <input {...control(ids)} name="amount" inputMode="decimal" />}
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
      {(ids) => <input {...control(ids)} name={name} type={type} defaultValue={value} />}
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
