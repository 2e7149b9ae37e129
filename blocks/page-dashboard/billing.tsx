import { lazy, Suspense, useState } from 'react'
import { useConfirm, useLoadWhenIdle, useToast } from '#engine'
import { invalidateApi, useApiQuery } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { memberApi } from '#schemas/api/members.routes.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import { money } from '../kit/format/money.ts'
import { Button } from '../kit/ui/button.tsx'
import { useDates } from '../kit/format/dates.ts'
import { memberZone, newPaymentKey } from './format.ts'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'
import { fillText } from '#schemas/fill-text.ts'

/** The card dialog (the payment fields) loads once the page is idle, or when it first opens. */
const loadCardDialog = () => import('./card-dialog.tsx')
const CardDialog = lazy(loadCardDialog)

/** What the member owes, paying it, and the card on file. */
export function BalanceAndBilling({
  paymentFields,
  settings,
}: {
  paymentFields: PublicConfig['paymentFields']
  settings: DashboardSettings
}) {
  const { data: balance } = useApiQuery(dashboardQueries.balance)
  const { data: info } = useApiQuery(dashboardQueries.info)
  const dates = useDates()
  const card = info.paymentMethod
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium">{settings.balance_due}</dt>
        <dd className={balance.balanceCents > 0 ? 'font-semibold text-red-800' : ''}>{money(balance.balanceCents)}</dd>
        <dt className="font-medium">{settings.next_charge}</dt>
        <dd>
          {balance.nextChargeCents !== null && balance.nextChargeAt
            ? fillText(settings.next_charge_value, {
                amount: money(balance.nextChargeCents),
                date: dates.short(balance.nextChargeAt, memberZone(info)),
              })
            : settings.no_next_charge}
        </dd>
        <dt className="font-medium">{settings.card_on_file}</dt>
        <dd>
          {card
            ? fillText(settings.card_value, {
                brand: card.brand,
                last4: card.last4,
                month: String(card.expMonth).padStart(2, '0'),
                year: card.expYear,
              })
            : settings.no_card}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        {balance.balanceCents > 0 && (
          <PayBalance amountCents={balance.balanceCents} hasCard={card !== null} settings={settings} />
        )}
        <UpdateCard hasCard={card !== null} paymentFields={paymentFields} settings={settings} />
      </div>
    </div>
  )
}

function PayBalance({
  amountCents,
  hasCard,
  settings,
}: {
  amountCents: number
  hasCard: boolean
  settings: DashboardSettings
}) {
  const amount = money(amountCents)
  const confirm = useConfirm()
  const toast = useToast()
  // One key per attempt: a double click or a resubmit of this attempt charges once.
  const [key, setKey] = useState(newPaymentKey)
  const mutation = useApiMutation(memberApi.payBalance, {
    onSuccess: (result, _input, client) => {
      setKey(newPaymentKey())
      void invalidateApi(client, memberApi.balance, memberApi.receipts, memberApi.info)
      toast.add({
        severity: 'success',
        summary: 'Balance paid',
        detail: `${money(result.receipt.amountCents)} charged to the card ending ${result.receipt.cardLast4}.`,
        life: 6000,
      })
    },
    onError: (error) =>
      toast.add({ severity: 'error', summary: 'The payment did not go through', detail: error.message, life: 10000 }),
  })
  const pay = async () => {
    if (!hasCard)
      return toast.add({
        severity: 'warn',
        summary: 'Add a card first',
        detail: 'Update your card, then pay the balance.',
        life: 6000,
      })
    if (
      await confirm({
        title: settings.pay_confirm_title,
        message: fillText(settings.pay_confirm_message, { amount }),
        okText: fillText(settings.pay_button, { amount }),
      })
    ) {
      mutation.mutate({ body: { idempotencyKey: key } })
    }
  }
  return (
    <Button variant="primary" disabled={mutation.isPending} onClick={() => void pay()}>
      {mutation.isPending ? 'Paying…' : fillText(settings.pay_button, { amount })}
    </Button>
  )
}

/** Replaces the card on file; the dialog (and the card fields' code) loads when it opens. */
export function UpdateCard({
  hasCard,
  paymentFields,
  settings,
}: {
  hasCard: boolean
  paymentFields: PublicConfig['paymentFields']
  settings: DashboardSettings
}) {
  const [open, setOpen] = useState(false)
  useLoadWhenIdle(loadCardDialog)
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {hasCard ? settings.update_card : settings.add_card}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CardDialog
            hasCard={hasCard}
            paymentFields={paymentFields}
            settings={settings}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}
