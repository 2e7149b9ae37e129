import { useRef, useState } from 'react'
import { useToast } from '#engine'
import { Dialog } from '#engine/dialog'
import { invalidateApi, setApiData } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { memberApi } from '#schemas/api/member.routes.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import { CardFields, type CardFieldsHandle } from '../kit/checkout/card-fields.tsx'
import { FormAlert } from '../kit/forms/field.tsx'
import { Button } from '../kit/ui/button.tsx'
import { dashboardQueries } from './queries.ts'
import type { DashboardSettings } from './settings.ts'

/** Replaces the card on file through the processor's card fields: our server gets only a token. */
export default function CardDialog({
  hasCard,
  paymentFields,
  settings,
  onClose,
}: {
  hasCard: boolean
  paymentFields: PublicConfig['paymentFields']
  settings: DashboardSettings
  onClose: () => void
}) {
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const fields = useRef<CardFieldsHandle>(null)
  const toast = useToast()
  const mutation = useApiMutation(memberApi.updateBilling, {
    onSuccess: (info, _input, client) => {
      setApiData(client, dashboardQueries.info, info)
      // A past-due membership was charged with the new card: its receipt, balance, cards and history changed.
      void invalidateApi(client, memberApi.receipts, memberApi.balance, memberApi.idCard, memberApi.history)
      onClose()
      toast.add({
        severity: 'success',
        summary: 'Card updated',
        detail: `${info.paymentMethod?.brand ?? 'Card'} ending ${info.paymentMethod?.last4 ?? ''} is on file.`,
        life: 6000,
      })
    },
    onError: (error) => setProblem(error.message),
  })
  const save = async () => {
    if (busy || mutation.isPending) return
    setProblem(undefined)
    setBusy(true)
    try {
      const token = await fields.current!.tokenize()
      mutation.mutate({ body: { cardToken: token.token } })
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={hasCard ? settings.update_card_title : settings.add_card}
      width="small"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" disabled={busy || mutation.isPending} onClick={() => void save()}>
            {busy || mutation.isPending ? 'Saving…' : settings.save_card}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {problem && <FormAlert>{problem}</FormAlert>}
        <CardFields
          ref={fields}
          config={paymentFields}
          purpose="update"
          onSubmitRequest={() => void save()}
          texts={settings}
        />
      </div>
    </Dialog>
  )
}
