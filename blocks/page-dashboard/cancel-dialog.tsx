import { useLocale } from '#engine'
import type { QueryClient } from '@tanstack/react-query'
import { DataBoundary, useApiQuery } from '#engine/data'
import { Dialog } from '#engine/dialog'
import type { CancellationQuote, Subscription } from '#schemas/api/members.ts'
import { longDate } from '../kit/format/dates.ts'
import { fillText } from '#schemas/fill-text.ts'
import { money } from '../kit/format/money.ts'
import { FormAlert } from '../kit/forms/field.tsx'
import { Button } from '../kit/ui/button.tsx'
import { lifecycleQueries } from './lifecycle-queries.ts'
import type { DashboardSettings } from './settings.ts'
import { useCancellation } from './use-cancellation.ts'

/** What cancelling does, in the dialog's words: today with a refund, today without one, or at the period's end (with what was paid ahead back). */
export function cancellationSentence(
  quote: CancellationQuote,
  settings: DashboardSettings,
  timeZone: string,
  language: string,
): string {
  const date = longDate(quote.endsAt, timeZone, language)
  const refund = { date, amount: money(quote.refundCents), last4: quote.cardLast4 ?? '' }
  if (quote.kind === 'at_period_end')
    return quote.refundCents > 0
      ? fillText(settings.cancel_at_period_end_refund, refund)
      : fillText(settings.cancel_at_period_end, { date })
  if (quote.refundCents > 0) return fillText(settings.cancel_now_refund, refund)
  return fillText(settings.cancel_now_no_refund, { date })
}

/** One dialog: what cancelling would do now (the server's quote), then one confirm. */
export default function CancelDialog({
  settings,
  timeZone,
  onClose,
  onCancelled,
}: {
  settings: DashboardSettings
  /** The membership's time zone: the dates said are the member's days. */
  timeZone: string
  onClose: () => void
  /** Puts the cancelled membership into the dashboard's cache (its queries stay out of this chunk). */
  onCancelled: (client: QueryClient, subscription: Subscription) => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={settings.cancel_button} width="small">
      <DataBoundary
        title={settings.cancel_quote_of}
        // A membership that cannot be cancelled now (being renewed, already ended): the server says why.
        explain={(error) => (
          <div className="flex flex-col gap-4">
            <FormAlert>{error.message}</FormAlert>
            <div className="flex justify-end">
              <Button variant="outline" onClick={onClose}>
                {settings.cancel_dismiss}
              </Button>
            </div>
          </div>
        )}
      >
        <Confirm settings={settings} timeZone={timeZone} onClose={onClose} onCancelled={onCancelled} />
      </DataBoundary>
    </Dialog>
  )
}

function Confirm({
  settings,
  timeZone,
  onClose,
  onCancelled,
}: {
  settings: DashboardSettings
  timeZone: string
  onClose: () => void
  onCancelled: (client: QueryClient, subscription: Subscription) => void
}) {
  const { data: quote } = useApiQuery(lifecycleQueries.cancellationQuote)
  const language = useLocale()
  const { problem, pending, confirm } = useCancellation({ settings, onClose, onCancelled })
  return (
    <div className="flex flex-col gap-4">
      <p>{cancellationSentence(quote, settings, timeZone, language)}</p>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          {settings.cancel_dismiss}
        </Button>
        <Button variant="primary" aria-busy={pending} onClick={confirm}>
          {settings.cancel_confirm}
        </Button>
      </div>
    </div>
  )
}
