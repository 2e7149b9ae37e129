import { describe, expect, it } from 'vitest'
import { cancellationSentence } from './cancel-dialog.tsx'
import { dashboardSettingsSchema } from './settings.ts'

const settings = dashboardSettingsSchema.parse({})
const quote = { endsAt: '2027-06-01T18:00:00.000Z', cardLast4: '4242' }

describe('what the cancellation dialog says', () => {
  it('at the period’s end with months paid ahead: the end date and what comes back', () => {
    expect(
      cancellationSentence(
        { ...quote, kind: 'at_period_end', reason: 'period_end', refundCents: 2990 },
        settings,
        'UTC',
        'en',
      ),
    ).toBe(
      'Your membership stays active until June 1, 2027, then ends, for you and your dependents. It does not renew, and the $29.90 you paid ahead is refunded to the card ending 4242.',
    )
  })
  it('at the period’s end with nothing paid ahead: nothing is said of a refund', () => {
    expect(
      cancellationSentence(
        { ...quote, kind: 'at_period_end', reason: 'period_end', refundCents: 0 },
        settings,
        'UTC',
        'en',
      ),
    ).not.toMatch(/refund/)
  })
  it('today within the window: the refund and its card', () => {
    expect(
      cancellationSentence(
        { ...quote, kind: 'now', reason: 'refund_window', refundCents: 1495 },
        settings,
        'UTC',
        'en',
      ),
    ).toContain('$14.95 is refunded to the card ending 4242')
  })
})
