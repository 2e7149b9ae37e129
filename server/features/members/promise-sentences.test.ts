import { describe, expect, it } from 'vitest'
import type { CmsContent } from '#schemas/cms.ts'
import { DAY_MS, memberTimeZone } from '#schemas/membership-policy.ts'
import { periodEnd } from '#schemas/periods.ts'
import { addDays, dayIn, startOfDay } from '#schemas/zoned-days.ts'
import { tenants } from '#site-config/tenants.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { members } from './members.ts'
import { sandboxTokenize } from '../../platform/payments/sandbox-processor.ts'
import { DATABASES, defaultTenant, ESSENTIAL, joinedMember, useTestServer } from '../../test-harness.ts'
import { runDue, type JobsDeps } from '../registry.ts'

/**
 * The promise test (issue 40): every sentence of the site that promises a date, an amount or a
 * right, read as the member reads it (the tenant's published content, its policy filled in), next
 * to what a simulation of that very case does, for a member in California, in Arizona and in
 * Texas. A sentence and an outcome that disagree fail here, whichever of the two changed.
 */
const groupKey = defaultTenant.groupKey
const at = (iso: string) => new Date(iso)
const hours = (date: Date, count: number) => new Date(date.getTime() + count * 3_600_000)
const plain = (html: string) => html.replace(/<[^>]*>/g, '')

/** The number a sentence promises: the first group of `pattern` in `text`, which must say it. */
function promised(text: string, pattern: RegExp): number {
  const match = pattern.exec(plain(text))
  expect(match, `the site no longer says ${pattern}: ${text}`).not.toBeNull()
  return Number(match![1])
}

/** The texts that promise, as the site shows and mails them. */
function promises(content: CmsContent) {
  const pages = content.pages as Record<
    string,
    { sections?: { props: { title?: string; body?: string } }[] } & Record<string, unknown>
  >
  const section = (page: string, title: string) =>
    pages[page]?.sections?.find((item) => item.props.title === title)?.props.body ?? ''
  const consent = pages['checkout-payment']?.['auto_renewal_terms']
  return {
    terms: {
      renewal: section('terms', '3. Automatic renewal'),
      cancelling: section('terms', '4. Cancelling and refunds'),
      changes: section('terms', '6. Changes to these terms'),
    },
    arizona: section('arizona', "Cancelling with 30 days' written notice"),
    consent: typeof consent === 'string' ? consent : '',
  }
}

describe.each(DATABASES)('every promise is what happens (%s)', (kind) => {
  let clock = at('2027-01-01T00:00:00Z')
  const server = useTestServer(kind, { now: () => clock })
  const deps = (): JobsDeps => ({ ...server.deps, tenants })
  const texts = async () => promises(await server.deps.content.get(groupKey))

  describe.each(['CA', 'AZ', 'TX'])('a member in %s', (state) => {
    const email = (what: string) => `${what}-${state.toLowerCase()}@promise.test`
    // The member's days: their state's time zone, as the policy says.
    const zone = memberTimeZone(defaultTenant.policy, state)

    it('“within N days of a payment … refunded in full”: to the end of the Nth day (the member’s), all of it back; a minute later, not', async () => {
      const { terms, consent, arizona } = await texts()
      const days = promised(
        terms.cancelling,
        /within (\d+) days of a payment, your membership ends at once and we refund that payment in full/,
      )
      // The consent beside the checkbox and the Arizona notice say the same number.
      expect(
        promised(
          consent,
          /within (\d+) days of a payment, your membership ends at once and that payment is refunded in full/,
        ),
      ).toBe(days)
      expect(promised(arizona, /within (\d+) days of a payment, that payment is refunded in full/)).toBe(days)
      const joinedAt = at('2027-01-01T18:00:00Z')
      const member = await joinedMember(server, { email: email('window'), state, cycle: 'monthly', joinedAt })
      // The day after the Nth begins, in the member's time zone.
      const dayAfter = startOfDay(addDays(dayIn(joinedAt, zone), days + 1), zone)
      const inside = await lifecycle.cancellationQuote(
        deps(),
        groupKey,
        member.id,
        new Date(dayAfter.getTime() - 60_000),
      )
      expect(inside).toMatchObject({ kind: 'now', refundCents: member.paidCents })
      const after = await lifecycle.cancellationQuote(
        deps(),
        groupKey,
        member.id,
        new Date(dayAfter.getTime() + 60_000),
      )
      // “After that, cancellation takes effect at the end of the period you have paid for.”
      expect(terms.cancelling).toContain(
        'After that, cancellation takes effect at the end of the period you have paid for.',
      )
      expect(after).toMatchObject({
        kind: 'at_period_end',
        refundCents: 0,
        endsAt: periodEnd(joinedAt, 'monthly', zone),
      })
    })

    it('a yearly membership cancelled after the window: ends at once with the unused whole months back, less the enrollment fee, only where the Terms name the state', async () => {
      const { terms } = await texts()
      const days = promised(
        terms.cancelling,
        /In [A-Za-z ,]+, a yearly membership cancelled after (\d+) days ends at once/,
      )
      const proRata = new RegExp(
        `In [A-Za-z ,]*${state === 'AZ' ? 'Arizona' : state === 'CA' ? 'California' : 'Texas'}[A-Za-z ,]*, a yearly membership`,
      ).test(plain(terms.cancelling))
      const joinedAt = at('2027-01-01T18:00:00Z')
      const member = await joinedMember(server, { email: email('yearly'), state, cycle: 'annual', joinedAt })
      // 45 days in: January and February are begun; ten whole months are not.
      const outcome = await lifecycle.cancellationQuote(deps(), groupKey, member.id, hours(joinedAt, (days + 15) * 24))
      if (proRata) expect(outcome).toMatchObject({ kind: 'now', refundCents: Math.floor((ESSENTIAL.annual * 10) / 12) })
      else
        expect(outcome).toMatchObject({
          kind: 'at_period_end',
          refundCents: 0,
          endsAt: periodEnd(joinedAt, 'annual', zone),
        })
      expect(proRata).toBe(state === 'AZ')
    })

    it('“at most M months ahead (M′ in Arizona)”: one year ahead is taken or refused as the Terms say', async () => {
      const { terms, arizona } = await texts()
      const months = promised(terms.cancelling, /You can pay ahead for at most (\d+) months/)
      const arizonaMonths = promised(terms.cancelling, /\((\d+) in Arizona\)/)
      expect(promised(arizona, /You can pay ahead for at most (\d+) months/)).toBe(arizonaMonths)
      const limit = state === 'AZ' ? arizonaMonths : months
      clock = at('2027-03-10T12:00:00Z')
      const member = await joinedMember(server, {
        email: email('ahead'),
        state,
        cycle: 'annual',
        joinedAt: at('2027-03-01T18:00:00Z'),
      })
      const row = await lifecycle.row(
        server.deps.db,
        (await members.subscription(server.deps.db, groupKey, member.id))!.id,
      )
      const ahead = lifecycle.nextPaidAhead(deps(), server.deps.db, row, clock)
      // One more year from a year paid is 24 months ahead, less the 9 days gone.
      if (limit >= 24) await expect(ahead).resolves.toEqual(periodEnd(at('2027-03-01T18:00:00Z'), 'annual', zone, 2))
      else await expect(ahead).rejects.toThrow(`more than ${limit} months ahead`)
    })

    it('“a reminder D days before a yearly renewal, with its price and date”: mailed then, not a day sooner', async () => {
      const { terms } = await texts()
      const days = promised(
        terms.renewal,
        /We send a reminder (\d+) days before a yearly renewal, with its price and date/,
      )
      const joinedAt = at('2027-02-01T18:00:00Z')
      const member = await joinedMember(server, { email: email('reminder'), state, cycle: 'annual', joinedAt })
      const renewal = periodEnd(joinedAt, 'annual', zone)
      const reminders = async () =>
        (await outbox(server.deps.db, groupKey, 500)).filter(
          (mail) => mail.recipient === member.email && /renews on/.test(mail.subject),
        )
      await runDue(deps(), new Date(renewal.getTime() - (days + 1) * DAY_MS))
      expect(await reminders()).toEqual([])
      await runDue(deps(), hours(new Date(renewal.getTime() - days * DAY_MS), 1))
      const [reminder] = await reminders()
      expect(reminder?.subject).toContain('February 1, 2028')
      expect(reminder?.body).toContain(`$${(ESSENTIAL.annual / 100).toFixed(2)} a year`)
    })

    it('“declined: tried again after 1, 3 and 7 days, valid meanwhile”: the retries on those days, covered until the last', async () => {
      const { terms } = await texts()
      const retries =
        /If the card is declined, we try it again after ([\d, and]+) days, and your membership stays valid meanwhile/.exec(
          plain(terms.renewal),
        )
      expect(retries).not.toBeNull()
      const retryDays = retries![1]!.split(/, | and /).map(Number)
      const joinedAt = at('2027-01-10T18:00:00Z')
      const member = await joinedMember(server, { email: email('declined'), state, cycle: 'monthly', joinedAt })
      // A card that pays only while its holder is there: every renewal is declined.
      await members.saveCard(
        server.deps.db,
        groupKey,
        member.id,
        sandboxTokenize({ number: '4000000000000341', expMonth: 12, expYear: 2099, cvc: '123', zip: '85001' }),
      )
      const renewal = periodEnd(joinedAt, 'monthly', zone)
      await runDue(deps(), hours(renewal, 1))
      for (const day of retryDays.slice(0, -1)) {
        await runDue(deps(), hours(new Date(renewal.getTime() + day * DAY_MS), 1))
        expect(await members.subscription(server.deps.db, groupKey, member.id)).toMatchObject({ status: 'past_due' })
      }
      const last = new Date(renewal.getTime() + retryDays.at(-1)! * DAY_MS)
      await runDue(deps(), hours(last, 1))
      expect(await members.subscription(server.deps.db, groupKey, member.id)).toMatchObject({
        status: 'expired',
        endsAt: last.toISOString(),
      })
    })
  })

  it('“at least P days’ written notice before a higher fee”: a price raised P − 1 days before a renewal is not charged at it', async () => {
    const { terms } = await texts()
    const days = promised(terms.changes, /at least (\d+) days' written notice before a higher fee/)
    const joinedAt = at('2027-01-05T18:00:00Z')
    const member = await joinedMember(server, { email: 'notice@promise.test', state: 'CA', cycle: 'monthly', joinedAt })
    const renewal = periodEnd(joinedAt, 'monthly', memberTimeZone(defaultTenant.policy, 'CA'))
    await runDue(deps(), new Date(renewal.getTime() - days * DAY_MS + 3_600_000))
    await server.deps.db.query('UPDATE plans SET monthly_price_cents = 1995 WHERE id = $1', [ESSENTIAL.id])
    try {
      await runDue(deps(), new Date(renewal.getTime() - (days - 1) * DAY_MS))
      await runDue(deps(), hours(renewal, 1))
      const [receipt] = await members.receipts(server.deps.db, groupKey, member.id)
      expect(receipt?.amountCents).toBe(ESSENTIAL.monthly)
    } finally {
      await server.deps.db.query('UPDATE plans SET monthly_price_cents = $2 WHERE id = $1', [
        ESSENTIAL.id,
        ESSENTIAL.monthly,
      ])
    }
  })
})
