import { Field, FormAlert } from '#blocks/kit/forms/field.tsx'
import { staffMembersApi } from '#schemas/api/members.console.routes.ts'
import type { StaffMemberRecord } from '#schemas/api/members.ts'
import { useScreenQuery } from '../frame/data.ts'
import { control, fieldIssue, messageOf } from '../frame/form.tsx'
import { day, moment } from '../frame/page.tsx'
import { ActionDialog } from './actions.tsx'
import { reinstatementQuery } from './queries.ts'

/**
 * Member services putting things right (issue 40 §6): renewal back on, reinstating an ended
 * membership, the renewal notice again, a written cancellation request with its date. Each is an
 * `ActionDialog`: a reason, the server's refusal said in the dialog, the record updated when done.
 */

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** How the member was told the renewal price they were last told (subscriptions.renewal_told_by). */
const TOLD_BY: Record<string, string> = {
  joined: 'when joining',
  notice: 'in the renewal notice',
  notice_resent: 'in the renewal notice, sent again by member services',
  price_change: 'in a price-change notice',
  member_change: 'when the membership was changed',
  renewal: 'at the last renewal',
  reinstated: 'when member services reinstated it',
}

/**
 * The time zone of the member's days (their membership's, from the state of their address): staff
 * see the dates the member sees. UTC without a membership.
 */
export const zoneOf = (member: Pick<StaffMemberRecord, 'subscription'>) => member.subscription?.timeZone ?? 'UTC'

/** The renewal price the member was last told, when and how: beside the plan. */
export function renewalToldFacts(
  member: Pick<StaffMemberRecord, 'renewalTold' | 'subscription'>,
): [string, string | null][] {
  const told = member.renewalTold
  const s = member.subscription
  return [
    [
      'Renewal price last told',
      told
        ? `${dollars(told.amountCents)}${told.at ? ` on ${day(told.at, zoneOf(member))}` : ''}${told.by ? `, ${TOLD_BY[told.by] ?? told.by}` : ''}`
        : 'None recorded',
    ],
    ['Next renewal charges', s && s.autoRenew ? dollars(s.renewalCents) : null],
  ]
}

/**
 * The history's lines: the lifecycle's events and the written cancellation requests, newest first,
 * at the member's time (their time zone, named).
 */
export function historyLines(member: Pick<StaffMemberRecord, 'history' | 'writtenCancellations' | 'subscription'>) {
  const zone = zoneOf(member)
  const events = member.history.map((event) => ({
    at: event.at,
    key: `${event.at}-${event.event}`,
    text: `${moment(event.at, zone)}: ${event.event.replace(/_/g, ' ')} by ${event.by}${event.refundedCents ? `, ${dollars(event.refundedCents)} refunded` : ''}${event.chargedCents ? `, ${dollars(event.chargedCents)} charged` : ''}`,
  }))
  const requests = member.writtenCancellations.map((request) => ({
    at: request.recordedAt,
    key: `written-${request.recordedAt}`,
    text: `${moment(request.recordedAt, zone)}: written cancellation request dated ${day(request.requestedOn)} recorded by staff (${request.outcome === 'now' ? `cancelled as of that day${request.refundCents > 0 ? `, ${dollars(request.refundCents)} refunded` : ''}` : `ends on ${day(request.endsAt, zone)}`})`,
  }))
  return [...events, ...requests].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
}

type Act = { memberId: number; onDone: (message: string) => void }

/** The actions that put a membership right, as its state allows them. */
export function PutRightActions({ member, ...act }: Act & { member: StaffMemberRecord }) {
  const s = member.subscription
  if (!s) return null
  const id = act.memberId
  const ended = s.status === 'cancelled' || s.status === 'expired'
  const on = (iso: string) => day(iso, s.timeZone)
  return (
    <>
      {s.status === 'ending' && !s.autoRenew && (
        <ActionDialog
          {...act}
          opener="Turn automatic renewal back on"
          title="Turn automatic renewal back on"
          submit="Turn renewal on"
          action={staffMembersApi.autoRenewOn}
          input={(reason) => ({ params: { id }, body: { reason } })}
        >
          {() => (
            <p>
              The membership renews on {on(s.renewsAt)} at {dollars(s.renewalCents)} instead of ending, and the member
              is mailed.
            </p>
          )}
        </ActionDialog>
      )}
      {ended && (
        <ActionDialog
          {...act}
          opener="Reinstate the membership"
          title="Reinstate the membership"
          submit="Reinstate"
          action={staffMembersApi.reinstate}
          input={(reason, form) => ({ params: { id }, body: { reason, charge: form.get('charge') === 'yes' } })}
        >
          {() => <ReinstateChoice memberId={id} />}
        </ActionDialog>
      )}
      {s.status === 'active' && s.autoRenew && (
        <ActionDialog
          {...act}
          opener="Send the renewal notice again"
          title="Send the renewal notice again"
          submit="Send the notice"
          action={staffMembersApi.resendRenewalNotice}
          input={(reason) => ({ params: { id }, body: { reason } })}
        >
          {() => (
            <p>
              The member is mailed the notice of the renewal on {on(s.renewsAt)} again, with its amount, and the record
              keeps that they were told.
            </p>
          )}
        </ActionDialog>
      )}
      {!ended && (
        <ActionDialog
          {...act}
          opener="Record a written cancellation"
          title="Record a written cancellation request"
          submit="Record and cancel"
          action={staffMembersApi.writtenCancellation}
          input={(reason, form) => {
            const requestedOn = form.get('requestedOn')
            return { params: { id }, body: { reason, requestedOn: typeof requestedOn === 'string' ? requestedOn : '' } }
          }}
        >
          {(error) => (
            <>
              <p>
                The membership is cancelled as of the day the member wrote, by the rules of that day: the refund window
                counts to it. The member is mailed.
              </p>
              <Field
                label="Date of the written request"
                hint="The day the member made it (on the letter, form or email), today or before."
                error={fieldIssue(error, 'requestedOn')}
              >
                {(ids) => <input {...control(ids)} name="requestedOn" type="date" required />}
              </Field>
            </>
          )}
        </ActionDialog>
      )}
    </>
  )
}

/** With a charge or without: what each would do now, by the rules, asked when the dialog opens. */
function ReinstateChoice({ memberId }: { memberId: number }) {
  const quote = useScreenQuery(reinstatementQuery(memberId))
  if (quote.isPending) return <p>Asking what the rules give…</p>
  if (quote.error) return <FormAlert>{messageOf(quote.error, 'What reinstating would do is not known.')}</FormAlert>
  const { charge, free } = quote.data
  const checked = charge.possible || !free.possible ? 'yes' : 'no'
  const option = (value: 'yes' | 'no', label: string, what: typeof charge) => (
    <label className="flex items-start gap-2">
      <input type="radio" name="charge" value={value} defaultChecked={checked === value} className="mt-1" />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-sm text-slate-700">
          {what.possible ? what.message : `Not possible: ${what.message}`}
        </span>
      </span>
    </label>
  )
  return (
    <fieldset className="flex flex-col gap-2 rounded border border-slate-200 p-2">
      <legend className="px-1 text-sm font-medium">Charge</legend>
      {option('yes', `With a charge${charge.possible ? ` of ${dollars(charge.amountCents)}` : ''}`, charge)}
      {option('no', 'Without a charge', free)}
    </fieldset>
  )
}
