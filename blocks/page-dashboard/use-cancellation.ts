import type { QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLoading, useLocale, useToast } from '#engine'
import { invalidateApi } from '#engine/data'
import { useApiMutation } from '#engine/mutation'
import type { CancellationQuote, Subscription } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'
import { fillText } from '#schemas/fill-text.ts'
import { longDate } from '../kit/format/dates.ts'
import { money } from '../kit/format/money.ts'
import type { DashboardSettings } from './settings.ts'

/** What the toast says once cancelled: today, or at the period's end on its date; and any refund. */
export function cancelledWords(
  { subscription, outcome }: { subscription: Subscription; outcome: CancellationQuote },
  settings: DashboardSettings,
  language: string,
): { summary: string; detail: string | undefined } {
  return {
    summary:
      outcome.kind === 'now'
        ? settings.cancelled_now
        : fillText(settings.cancelled_at_period_end, {
            date: longDate(outcome.endsAt, subscription.timeZone, language),
          }),
    detail:
      outcome.refundCents > 0
        ? fillText(settings.cancelled_refund, { amount: money(outcome.refundCents), last4: outcome.cardLast4 ?? '' })
        : undefined,
  }
}

/**
 * The cancellation's one confirm: the overlay while it is done (it must not be interrupted), then
 * the dashboard updated, the dialog closed and a toast; or the server's reason in the dialog.
 */
export function useCancellation({
  settings,
  onClose,
  onCancelled,
}: {
  settings: DashboardSettings
  onClose: () => void
  /** Puts the cancelled membership into the dashboard's cache (its queries stay out of this chunk). */
  onCancelled: (client: QueryClient, subscription: Subscription) => void
}) {
  const toast = useToast()
  const language = useLocale()
  const loading = useLoading()
  const [problem, setProblem] = useState<string>()
  const mutation = useApiMutation(memberApi.cancel, {
    // Cancelling must not be interrupted: the overlay covers the page while it is done.
    onMutate: () => loading.show(settings.cancel_working),
    onSuccess: (result, _input, client) => {
      // Hidden before the dialog closes, so the dialog gives focus back to its button on the page.
      loading.hide()
      onCancelled(client, result.subscription)
      void invalidateApi(
        client,
        memberApi.receipts,
        memberApi.balance,
        memberApi.idCard,
        memberApi.history,
        memberApi.cancellationQuote,
      )
      onClose()
      toast.add({ severity: 'success', ...cancelledWords(result, settings, language), life: 8000 })
    },
    onError: (error) => {
      loading.hide()
      setProblem(error.message)
    },
  })
  return {
    /** Why the cancellation failed, in the dialog. */
    problem,
    pending: mutation.isPending,
    /** Cancels (once at a time). */
    confirm: () => {
      if (mutation.isPending) return
      setProblem(undefined)
      mutation.mutate({})
    },
  }
}
