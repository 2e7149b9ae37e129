import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ApiRequestError } from '#engine'
import type { DataColumn } from '#engine/table'
import { staffMembersApi } from '#schemas/api/members.console.routes.ts'
import type { StaffMemberRecord } from '#schemas/api/members.ts'
import { useScreenQuery } from '../frame/data.ts'
import { Outcome } from '../frame/form.tsx'
import { ListTable } from '../frame/list-screen.tsx'
import { day, Facts, LoadFailed, moment, NotFound, PageTitle, RecordPart } from '../frame/page.tsx'
import { CATEGORY_LABELS, STATUS_LABELS } from '../grievances/index.ts'
import { ActionDialog, CancellationQuote, centsOf, contactChange, ContactFields, RefundFields } from './actions.tsx'
import { MEMBERSHIP_LABELS } from './labels.ts'
import { historyLines, PutRightActions, renewalToldFacts, zoneOf } from './put-right.tsx'
import { memberQuery } from './queries.ts'

type Receipt = StaffMemberRecord['receipts'][number]
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`
/** A language code in the console's English, with the code: `Spanish (es)`. */
const languageName = (code: string) =>
  `${new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code} (${code})`

/** A member's record, as the member's own pages show it and with the mails sent, and what member services can do. */
export default function MemberRecord() {
  const id = Number(useParams().id)
  const [done, setDone] = useState<string>()
  const record = useScreenQuery(memberQuery(id), { enabled: Number.isInteger(id) && id > 0 })
  if (!Number.isInteger(id) || id <= 0) return <NotFound />
  if (record.isPending) return <p>Loading the member…</p>
  if (record.error) {
    if (record.error instanceof ApiRequestError && record.error.status === 404) return <NotFound />
    return <LoadFailed what="The member" error={record.error} onRetry={() => void record.refetch()} />
  }
  const m = record.data
  const s = m.subscription
  const act = { memberId: id, onDone: setDone }
  // The membership's dates as the member sees them: days in their time zone, said beside them.
  const zone = zoneOf(m)
  const on = (iso: string) => day(iso, zone)
  const zoneNote = <p className="text-sm text-slate-700">Dates in {zone}, the member’s time zone.</p>
  const receiptColumns: DataColumn<Receipt>[] = [
    { header: 'Receipt', rowHeader: true, className: 'p-2', cell: (receipt) => String(receipt.id) },
    { header: 'Paid', className: 'p-2', cell: (receipt) => on(receipt.paidAt) },
    { header: 'For', className: 'p-2', cell: (receipt) => receipt.description },
    { header: 'Amount', className: 'p-2', cell: (receipt) => dollars(receipt.amountCents) },
    {
      header: 'Refunded',
      className: 'p-2',
      cell: (receipt) =>
        receipt.refunds.length === 0
          ? '—'
          : receipt.refunds.map((refund) => `${dollars(refund.amountCents)} on ${on(refund.at)}`).join('; '),
    },
    {
      header: 'Actions',
      className: 'p-2',
      cell: (receipt) => (
        <span className="flex flex-wrap gap-2">
          <ActionDialog
            {...act}
            opener={`Resend receipt ${receipt.id}`}
            title={`Mail receipt ${receipt.id} to the member again`}
            submit="Mail the receipt"
            action={staffMembersApi.resendReceipt}
            input={(reason) => ({ params: { id, receiptId: receipt.id }, body: { reason } })}
          />
          {receipt.amountCents > receipt.refundedCents && <RefundDialog {...act} receipt={receipt} />}
        </span>
      ),
    },
  ]
  return (
    <article className="flex flex-col gap-6">
      <p>
        <Link className="cs-link" to="/members">
          Find another member
        </Link>
      </p>
      <header className="flex flex-col gap-1">
        <PageTitle>
          {m.firstName} {m.lastName}
        </PageTitle>
        <p>Member number {m.memberNumber}</p>
      </header>
      <Outcome done={done} />

      <RecordPart title="Contact details">
        <Facts
          facts={[
            ['Email', m.email],
            ['Phone', m.phone],
            ['Address', m.address ? `${m.address.line}, ${m.address.city}, ${m.address.state} ${m.address.zip}` : null],
            ['Date of birth', m.dateOfBirth ? day(m.dateOfBirth) : null],
            ['Account since', on(m.joinedAt)],
            ['Language of mail', languageName(m.language)],
          ]}
        />
        <ActionDialog
          {...act}
          opener="Correct contact details"
          title="Correct the contact details"
          submit="Save the corrections"
          action={staffMembersApi.correctContact}
          input={(reason, form) => ({ params: { id }, body: { reason, ...contactChange(m, form) } })}
        >
          {(error) => <ContactFields member={m} error={error} />}
        </ActionDialog>
      </RecordPart>

      <RecordPart title="Membership">
        {s ? (
          <>
            <Facts
              facts={[
                ['Plan', `${s.planName}, ${s.billingCycle}`],
                ['Status', MEMBERSHIP_LABELS[s.status]],
                ['Office', s.officeName],
                ['Member since', on(s.startedAt)],
                [s.endsAt ? 'Ends' : 'Renews', on(s.endsAt ?? s.renewsAt)],
                ['Automatic renewal', s.autoRenew ? 'On' : 'Off'],
                ...renewalToldFacts(m),
                ['Card on file', m.card ? `${m.card.brand} ending ${m.card.last4}` : 'None'],
                ['Time zone', zone],
              ]}
            />
            <div className="mt-3 flex flex-wrap gap-2">
              <ActionDialog
                {...act}
                opener="Resend the ID cards"
                title="Mail the ID cards to the member again"
                submit="Mail the ID cards"
                action={staffMembersApi.resendIdCard}
                input={(reason) => ({ params: { id }, body: { reason } })}
              />
              {s.autoRenew && (
                <ActionDialog
                  {...act}
                  opener="Turn automatic renewal off"
                  title="Turn automatic renewal off"
                  submit="Turn renewal off"
                  action={staffMembersApi.autoRenewOff}
                  input={(reason) => ({ params: { id }, body: { reason } })}
                >
                  {() => <p>The membership ends on {on(s.renewsAt)}, and the member is mailed.</p>}
                </ActionDialog>
              )}
              <PutRightActions {...act} member={m} />
              {s.status !== 'cancelled' && s.status !== 'expired' && (
                <ActionDialog
                  {...act}
                  opener="Cancel the membership"
                  title="Cancel the membership"
                  submit="Cancel the membership"
                  action={staffMembersApi.cancel}
                  input={(reason) => ({ params: { id }, body: { reason } })}
                >
                  {() => <CancellationQuote memberId={id} timeZone={zone} />}
                </ActionDialog>
              )}
            </div>
          </>
        ) : (
          <p>No membership.</p>
        )}
      </RecordPart>

      <RecordPart title="Dependents">
        {m.dependents.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="ml-5 list-disc">
            {m.dependents.map((dependent) => (
              <li key={dependent.id}>
                {dependent.firstName} {dependent.lastName} ({dependent.relationship}, born {day(dependent.dateOfBirth)})
              </li>
            ))}
          </ul>
        )}
      </RecordPart>

      <RecordPart title="Receipts">
        {m.receipts.length === 0 ? (
          <p>None.</p>
        ) : (
          <>
            {zoneNote}
            <ListTable
              name="receipts"
              caption="Receipts, newest first"
              minWidth="min-w-[44rem]"
              rows={m.receipts}
              columns={receiptColumns}
              rowClassName={() => 'align-top'}
              inCard
            />
          </>
        )}
      </RecordPart>

      <RecordPart title="History of the membership">
        {zoneNote}
        <ol className="flex flex-col gap-1">
          {historyLines(m).map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ol>
      </RecordPart>

      <RecordPart title="Grievances">
        {m.grievances.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="ml-5 list-disc">
            {m.grievances.map((grievance) => (
              <li key={grievance.id}>
                <Link className="cs-link" to={`/grievances/${grievance.id}`}>
                  {grievance.reference}
                </Link>{' '}
                ({CATEGORY_LABELS[grievance.category]}, {STATUS_LABELS[grievance.status]}, filed{' '}
                {day(grievance.filedAt)}
                {grievance.urgent ? ', urgent' : ''})
              </li>
            ))}
          </ul>
        )}
      </RecordPart>

      <RecordPart title="Mails sent">
        {m.mails.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="ml-5 list-disc">
            {m.mails.map((mail, index) => (
              <li key={`${mail.at}-${index}`}>
                {moment(mail.at)}: {mail.subject}
                {mail.sentAt ? '' : ' (in the outbox, not sent yet)'}
              </li>
            ))}
          </ul>
        )}
      </RecordPart>
    </article>
  )
}

/** A refund of a receipt: the amount (empty: all that is left), once per opening of the dialog and amount. */
function RefundDialog({
  memberId,
  receipt,
  onDone,
}: {
  memberId: number
  receipt: Receipt
  onDone: (message: string) => void
}) {
  return (
    <ActionDialog
      memberId={memberId}
      onDone={onDone}
      opener={`Refund receipt ${receipt.id}`}
      title={`Refund receipt ${receipt.id}`}
      submit="Refund"
      action={staffMembersApi.refund}
      input={(reason, form, key) => {
        // The dialog's key and the amount: sent again as it is, the same refund (the server refunds it once).
        const amountCents = centsOf(form)
        return {
          params: { id: memberId, receiptId: receipt.id },
          body: {
            reason,
            idempotencyKey: `${key}:${amountCents ?? 'all'}`,
            ...(amountCents === undefined ? {} : { amountCents }),
          },
        }
      }}
    >
      {(error) => <RefundFields left={receipt.amountCents - receipt.refundedCents} error={error} />}
    </ActionDialog>
  )
}
