/**
 * Renew now, then cancel, in Arizona (issue 40), on a server of its own (the embedded database in a
 * fresh folder) whose clock is moved with SANDBOX_CLOCK: two Arizona members join at 9:00 on the first
 * of a 31-day month, then the server is restarted on the same data at 1:00 am on the next month's
 * first, past the refund window of the joining payment (its 30th day in Phoenix) and still inside its month. In the dashboard, the monthly
 * member pays two months ahead with Renew now (the history, the receipts naming the period and the
 * people, the mails); the annual member's Renew now is refused with the server's reason (12 months
 * ahead at most in AZ); then the monthly member cancels: the dialog says the date it ends and that
 * the two months paid ahead come back, and once confirmed the receipts show both refunds.
 */
import type { Browser, Locator, Page } from '@playwright/test'
import { axeViolations, expect, outboxMailsTo as mails, test, waitForHydration, watchConsole } from './fixtures.ts'
import { BUYER, testCardToken, visitor } from './support/http-client.ts'
import { startServer, stop, tempDir, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

const DAY = 86_400_000
const HOUR = 3_600_000
/** As the dashboard writes dates: long (dialogs, receipts) and short (mm/dd/yy), in UTC: 9:00 in Phoenix is the same day there. */
const longDate = (value: Date) =>
  value.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
const shortDate = (value: Date) =>
  value.toLocaleDateString('en-US', { year: '2-digit', month: '2-digit', day: '2-digit', timeZone: 'UTC' })
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`
/** The same day and time `months` months later (every date here is a 1st). */
const monthsAfter = (date: Date, months: number) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate(), date.getUTCHours()))

/**
 * 9:00 in Phoenix (16:00 UTC) on the 1st of the first 31-day month after this one: a monthly period
 * paid then is still under way at 1:00 am on the next month's first, when its refund window (to the end of its 30th day in Phoenix) has closed.
 */
function joiningDay(now = new Date()): Date {
  for (let month = now.getUTCMonth() + 1; ; month += 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), month, 1, 16))
    if (new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate() === 31) return first
  }
}

/** Arizona members (A.R.S. §44-1799.94: at most 12 months paid ahead), at a Phoenix office. */
const PHOENIX_OFFICE = 1006
const ARIZONA = { line: '2 W Roosevelt St', city: 'Phoenix', state: 'AZ', zip: '85003' }
const MONTHLY = {
  email: 'ahead-monthly@example.com',
  firstName: 'Dana',
  lastName: 'Reyes',
  plan: { planId: 102, officeId: PHOENIX_OFFICE, billingCycle: 'monthly' },
  dependent: { firstName: 'Luz', lastName: 'Reyes', dateOfBirth: '2015-09-09', relationship: 'child' },
}
const ANNUAL = {
  email: 'ahead-annual@example.com',
  firstName: 'Sam',
  lastName: 'Ortiz',
  plan: { planId: 101, officeId: PHOENIX_OFFICE, billingCycle: 'annual' },
  dependent: undefined,
}

/** Joins through the checkout's API (its pages are checkout.spec.ts's), with an Arizona address. */
async function join(base: string, member: typeof MONTHLY | typeof ANNUAL) {
  const buyer = await visitor(base)
  try {
    expect((await buyer.call('POST', '/api/km/checkout/temp_token')).status).toBeLessThan(300)
    const plan = await buyer.call('PUT', '/api/km/checkout/member/plan', member.plan)
    expect(plan.status, JSON.stringify(plan.body)).toBe(200)
    const account = await buyer.call('POST', '/api/km/checkout/account', {
      ...BUYER,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      address: ARIZONA,
    })
    expect(account.status, JSON.stringify(account.body)).toBe(200)
    if (member.dependent)
      expect((await buyer.call('POST', '/api/km/checkout/member', member.dependent)).status).toBe(201)
    const paid = await buyer.call('POST', '/api/km/checkout/payment', {
      cardToken: testCardToken(),
      autoRenewalConsent: true,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
  } finally {
    await buyer.dispose()
  }
}

/** The built server on the embedded database in `dir`, its clock started at `clock`. */
const serverAt = (dir: string, clock: Date) =>
  startServer({ DATA_DIR: dir, JOBS: 'off', EXPOSE_OUTBOX: 'true', SANDBOX_CLOCK: clock.toISOString() })

/** A page of its own, signed in through the form as a person does, on the dashboard. */
async function signedIn(browser: Browser, base: string, email: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto('/member-login?redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password)
  await page.getByLabel('Password', { exact: true }).press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible()
  await waitForHydration(page)
  return { page, problems, close: () => context.close() }
}

/** A toast with this title, in the notifications' list (its role="status" announcement lasts a second only). */
const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
const membership = (page: Page) => page.getByRole('region', { name: 'Membership' })
const receipts = (page: Page) => page.getByRole('region', { name: 'Receipts' })
const fact = (page: Page, term: string) => membership(page).locator(`dt:text-is("${term}") + dd`)

/** The renewal amount the dashboard states ("$59.90 a month (2 members)"), in cents. */
async function renewalCents(page: Page, period: 'month' | 'year'): Promise<number> {
  const stated = await fact(page, 'Renewal amount').textContent()
  const amount = new RegExp(`^\\$(\\d+)\\.(\\d\\d) a ${period} `).exec(stated ?? '')
  if (!amount) throw new Error(`The renewal amount reads "${stated}"`)
  return Number(amount[1]) * 100 + Number(amount[2])
}

/** Renew now, confirmed in its question with the keyboard (the pay button focused, Enter). */
async function renewNow(page: Page, cents: number): Promise<void> {
  await membership(page).getByRole('button', { name: 'Renew now' }).click()
  const question = page.getByRole('alertdialog', { name: 'Renew your membership now?' })
  await expect(question).toContainText(
    `${money(cents)} will be charged to your card on file, and your membership extends by one period.`,
  )
  const pay = question.getByRole('button', { name: `Pay ${money(cents)}` })
  await pay.focus()
  await page.keyboard.press('Enter')
  await expect(question).toBeHidden()
}

/** The history's rows below its header, newest first, as their text. */
async function openHistory(page: Page): Promise<Locator> {
  const table = membership(page).getByRole('table', { name: 'Membership history, newest first' })
  if (!(await table.isVisible())) await membership(page).getByText('Membership history', { exact: true }).click()
  await expect(table).toBeVisible()
  return table.getByRole('row')
}

/** The console's problems, less the refused renewal's own (the browser logs a 409 answer as an error). */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.includes('status of 409'))

test('Arizona, after the refund window: Renew now twice pays two months ahead (history, receipts, mails); an annual member’s Renew now is refused past 12 months ahead; cancelling ends the month under way and refunds both months paid ahead', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const data = tempDir('membership-ahead-')
  const joined = joiningDay()
  // 1:00 am on the 1st of the next month in Phoenix: the joining payments' refund window (to the
  // end of its 30th day there) has closed an hour before; the month runs on until 9:00.
  const later = new Date(joined.getTime() + 30 * DAY + 16 * HOUR)
  const renews = monthsAfter(joined, 1)
  let server: ServerProcess | undefined
  try {
    await test.step(`both join on ${joined.toISOString()} (the sandbox clock)`, async () => {
      server = await serverAt(data.dir, joined)
      await join(server.base, MONTHLY)
      await join(server.base, ANNUAL)
      await stop(server)
      server = undefined
    })
    server = await serverAt(data.dir, later)
    const base = server.base

    const monthly = await signedIn(browser, base, MONTHLY.email)
    const { page } = monthly
    const price = await renewalCents(page, 'month')
    const people = `${MONTHLY.firstName} ${MONTHLY.lastName}, ${MONTHLY.dependent.firstName} ${MONTHLY.dependent.lastName}`
    await test.step('the monthly member, 30 days in: active, renewing on the 1st', async () => {
      await expect(fact(page, 'Status')).toHaveText('Active')
      await expect(fact(page, 'Renews on')).toHaveText(shortDate(renews))
    })

    await test.step('Renew now, twice: each pays the next month ahead', async () => {
      for (const months of [1, 2]) {
        await renewNow(page, price)
        await expect(toast(page, 'Membership renewed').last()).toContainText(
          `${money(price)} charged to the card ending 4242.`,
        )
        await expect(fact(page, 'Renews on')).toHaveText(shortDate(monthsAfter(renews, months)))
      }
      const history = await openHistory(page)
      await expect(history).toHaveCount(4)
      await expect(history.nth(1)).toContainText(`Renewed ahead${money(price)} charged`)
      await expect(history.nth(2)).toContainText(`Renewed ahead${money(price)} charged`)
      await expect(history.nth(3)).toContainText('Joined')
      for (const months of [0, 1]) {
        const period = `${longDate(monthsAfter(renews, months))} to ${longDate(monthsAfter(renews, months + 1))}`
        await expect(
          receipts(page)
            .getByRole('row')
            .filter({ hasText: `Family plan, monthly renewal paid ahead: ${period}, for ${people}` }),
        ).toContainText(money(price))
      }
      const renewed = (await mails(base, MONTHLY.email)).filter((mail) => /is renewed/.test(mail.subject))
      expect(renewed).toHaveLength(2)
      expect(renewed.map((mail) => mail.body).join('\n')).toContain(
        `${money(price)} charged to the card ending 4242, for Family plan, monthly renewal paid ahead: ${longDate(monthsAfter(renews, 1))} to ${longDate(monthsAfter(renews, 2))}, for ${people}.\n\nIt renews next on ${longDate(monthsAfter(renews, 2))}`,
      )
    })

    await test.step('the annual member’s Renew now is refused: a year more would be more than 12 months ahead in AZ', async () => {
      const annual = await signedIn(browser, base, ANNUAL.email)
      const yearly = await renewalCents(annual.page, 'year')
      const paidThrough = longDate(monthsAfter(joined, 12))
      await expect(fact(annual.page, 'Renews on')).toHaveText(shortDate(monthsAfter(joined, 12)))
      await renewNow(annual.page, yearly)
      await expect(toast(annual.page, 'The renewal did not go through')).toContainText(
        `Your membership is paid through ${paidThrough}. Paying one more year now would pay more than 12 months ahead, which we do not take in AZ.`,
      )
      // Nothing was charged or changed.
      await expect(fact(annual.page, 'Renews on')).toHaveText(shortDate(monthsAfter(joined, 12)))
      await expect(receipts(annual.page).getByRole('row')).toHaveCount(2)
      const history = await openHistory(annual.page)
      await expect(history).toHaveCount(2)
      await expect(history.nth(1)).toContainText('Joined')
      expect((await mails(base, ANNUAL.email)).filter((mail) => /is renewed/.test(mail.subject))).toEqual([])
      expect(unexpected(annual.problems)).toEqual([])
      await annual.close()
    })

    await test.step('the monthly member cancels: it ends on the 1st, and the two months paid ahead come back', async () => {
      const cancel = membership(page).getByRole('button', { name: 'Cancel membership' })
      await cancel.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Cancel membership' })
      await expect(dialog).toContainText(
        `Your membership stays active until ${longDate(renews)}, then ends, for you and your dependents. It does not renew, and the ${money(2 * price)} you paid ahead is refunded to the card ending 4242.`,
      )
      expect(await axeViolations(page)).toEqual([])
      const confirm = dialog.getByRole('button', { name: 'Yes, cancel my membership' })
      await confirm.focus()
      await page.keyboard.press('Enter')
      await expect(dialog).toBeHidden()
      await expect(toast(page, `Your membership ends on ${longDate(renews)}. Nothing more is charged.`)).toContainText(
        `${money(2 * price)} is refunded to the card ending 4242.`,
      )

      await expect(fact(page, 'Status')).toHaveText('Ending')
      await expect(fact(page, 'Ends on')).toHaveText(shortDate(renews))
      // Each month paid ahead is refunded in full; the month under way is kept, and covers.
      for (const months of [0, 1]) {
        const period = `${longDate(monthsAfter(renews, months))} to ${longDate(monthsAfter(renews, months + 1))}`
        await expect(
          receipts(page)
            .getByRole('row')
            .filter({ hasText: `paid ahead: ${period}` }),
        ).toContainText(`${money(price)} refunded`)
      }
      await expect(receipts(page).getByText(/refunded/)).toHaveCount(2)
      await expect(page.getByRole('region', { name: 'ID cards' })).not.toContainText('Not valid')
      const history = await openHistory(page)
      await expect(history.nth(1)).toContainText(`Set to end (renewal off)${money(2 * price)} refunded`)
      const ending = (await mails(base, MONTHLY.email)).filter((mail) => /will end on/.test(mail.subject))
      expect(ending).toHaveLength(1)
      expect(ending[0]!.subject).toContain(longDate(renews))
      expect(await axeViolations(page)).toEqual([])
      expect(unexpected(monthly.problems)).toEqual([])
    })
    await monthly.close()
  } finally {
    if (server) await stop(server)
    data.remove()
  }
})
