import type { ChangeQuote } from '#schemas/api/members.ts'
import { fillText } from '#schemas/fill-text.ts'
import { longDate } from '../kit/format/dates.ts'
import { money } from '../kit/format/money.ts'
import type { DashboardSettings } from './settings.ts'

const PERIOD = { monthly: 'month', annual: 'year' } as const

/**
 * What a change of plan or household does to the member's money, in the content's words, from the
 * server's quote (server/features/members/household-changes.ts): what is charged or refunded now for the
 * paid days left, and what the renewal is after it, its dates in the page's `language`. Said before
 * the member confirms.
 */
export function changeWords(quote: ChangeQuote, settings: DashboardSettings, language: string): string {
  const day = (value: string) => longDate(value, quote.timeZone, language)
  const now =
    quote.dueNowCents === 0
      ? ''
      : fillText(quote.dueNowCents > 0 ? settings.change_charged_now : settings.change_refunded_now, {
          amount: money(Math.abs(quote.dueNowCents)),
          card: quote.cardLast4 ?? '',
          days: String(quote.daysLeft),
          date: day(quote.paidThrough),
        })
  const renewal =
    quote.renewalCents === null || quote.renewsAt === null
      ? fillText(settings.change_no_renewal, { date: day(quote.paidThrough) })
      : fillText(settings.change_renewal, {
          date: day(quote.renewsAt),
          amount: money(quote.renewalCents),
          period: PERIOD[quote.billingCycle],
        })
  return [now, renewal].filter(Boolean).join(' ')
}

/** The button that confirms a change: it names the charge when there is one. */
export const confirmWords = (quote: ChangeQuote, settings: DashboardSettings, otherwise: string) =>
  quote.dueNowCents > 0 ? fillText(settings.pay_button, { amount: money(quote.dueNowCents) }) : otherwise
