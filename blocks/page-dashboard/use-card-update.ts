import { useRef, useState } from 'react'
import { useToast } from '#engine'
import { invalidateApi, setApiData } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import { memberApi } from '#schemas/api/members.routes.ts'
import type { CardFieldsHandle } from '../kit/checkout/card-fields.tsx'
import { dashboardQueries } from './queries.ts'

/**
 * Replacing the card on file: a token from the processor's card fields (`fields`), then the
 * server; the dialog closes with a toast, or says why in its alert. Saved once at a time.
 */
export function useCardUpdate({ onClose }: { onClose: () => void }) {
  const [problem, setProblem] = useState<string>()
  // Asking the processor for a token, before the request.
  const [tokenizing, setTokenizing] = useState(false)
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
  const saving = tokenizing || mutation.isPending
  const save = async () => {
    if (saving) return
    setProblem(undefined)
    setTokenizing(true)
    try {
      const token = await fields.current!.tokenize()
      mutation.mutate({ body: { cardToken: token.token } })
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setTokenizing(false)
    }
  }
  return { problem, saving, fields, save }
}
