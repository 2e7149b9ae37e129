/**
 * Cancelling a membership from the dashboard, on servers of their own (each test cancels): a member
 * who joined through the checkout today cancels within the refund window (the refund on the receipt,
 * the ID cards not valid, the mail); one whose period began 40 days ago (moved back in PostgreSQL)
 * ends at the period's end and keeps the membership with one click; and the cancel path by keyboard.
 */
import type { Locator, Page } from '@playwright/test'
import { axeViolations, expect, memberDates, outboxMailsTo as mails, test, waitForHydration } from './fixtures.ts'
import { BUYER, testCardToken, visitor } from './support/http-client.ts'
import { startPostgres, startServer, stop, tempDir, type Postgres, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

/** The buyer's dates, in California's time zone as the site writes them. */
const longDate = memberDates(BUYER.address.state).long
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`
const DEPENDENT = { firstName: 'Kai', lastName: 'Kim', dateOfBirth: '2016-03-03', relationship: 'child' }

/** Joins through the checkout's API (plan, account, a dependent, the card): what the checkout charged. */
async function join(base: string, email: string): Promise<number> {
  const buyer = await visitor(base)
  try {
    await buyer.call('POST', '/api/km/checkout/temp_token')
    const plan = { planId: 102, officeId: 1001, billingCycle: 'monthly' }
    expect((await buyer.call('PUT', '/api/km/checkout/member/plan', plan)).status).toBe(200)
    expect((await buyer.call('POST', '/api/km/checkout/account', { ...BUYER, email })).status).toBe(200)
    expect((await buyer.call('POST', '/api/km/checkout/member', DEPENDENT)).status).toBe(201)
    const paid = await buyer.call<{ receipt: { amountCents: number } }>('POST', '/api/km/checkout/payment', {
      cardToken: testCardToken(),
      autoRenewalConsent: true,
    })
    expect(paid.status).toBe(201)
    return paid.body.receipt.amountCents
  } finally {
    await buyer.dispose()
  }
}

/** Signs in through the form, as a person does, and waits for the dashboard. */
async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/member-login?redirect=%2Fdashboard`)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible()
  await waitForHydration(page)
}

const membership = (page: Page) => page.getByRole('region', { name: 'Membership' })
const status = (page: Page) => membership(page).locator('dt:text-is("Status") + dd')

/** A server of its own on the embedded database in a fresh folder, without the timed jobs. */
async function ownServer(prefix: string) {
  const data = tempDir(prefix)
  const server = await startServer({ DATA_DIR: data.dir, JOBS: 'off', EXPOSE_OUTBOX: 'true' })
  return {
    server,
    close: async () => {
      await stop(server)
      data.remove()
    },
  }
}

/** What the ID cards say, each. */
async function expectCardsNotValid(page: Page, names: string[], date: string) {
  const cards = page.getByRole('region', { name: 'ID cards' })
  for (const name of names)
    await expect(cards.getByRole('group', { name: `ID card of ${name}` })).toContainText(
      `Not valid: membership ended on ${date}`,
    )
}

for (const width of [1280, 375]) {
  test(`within the refund window (${width} px): the dialog says the refund; confirmed, the membership is cancelled, the receipt shows the refund, the ID cards say not valid, the mail is sent`, async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: 900 })
    const { server, close } = await ownServer('membership-cancel-')
    try {
      const email = `cancel-${width}@example.com`
      const paid = await join(server.base, email)
      await signIn(page, server.base, email)
      const today = longDate(new Date())
      const cancel = membership(page).getByRole('button', { name: 'Cancel membership' })
      await cancel.click()
      const dialog = page.getByRole('dialog', { name: 'Cancel membership' })
      await expect(dialog).toContainText(
        `Your membership, and your dependents’ cover, end today, ${today}. ${money(paid)} is refunded to the card ending 4242`,
      )
      expect(await axeViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Yes, cancel my membership' }).click()
      await expect(dialog).toBeHidden()

      await expect(status(page)).toHaveText('Cancelled')
      await expect(cancel).toBeHidden()
      const receipts = page.getByRole('region', { name: 'Receipts' })
      await expect(receipts.getByRole('cell', { name: `${money(paid)} refunded` })).toBeVisible()
      await expectCardsNotValid(
        page,
        [`${BUYER.firstName} ${BUYER.lastName}`, `${DEPENDENT.firstName} ${DEPENDENT.lastName}`],
        today,
      )

      await membership(page).getByText('Membership history').click()
      const history = membership(page).getByRole('table', { name: 'Membership history, newest first' })
      await expect(history.getByRole('row').nth(1)).toContainText(`Cancelled${money(paid)} refunded`)
      await expect(history.getByRole('row').nth(2)).toContainText(`Joined${money(paid)} charged`)
      expect(await axeViolations(page)).toEqual([])

      const sent = (await mails(server.base, email)).filter((mail) => /is cancelled/.test(mail.subject))
      expect(sent).toHaveLength(1)
      expect(sent[0]!.body).toContain(`${money(paid)} is refunded to the card ending 4242`)
    } finally {
      await close()
    }
  })
}

test.describe('after the refund window (PostgreSQL)', () => {
  let pg: Postgres
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    pg = await startPostgres()
  })
  test.afterAll(async () => {
    await pg.stop()
  })

  for (const width of [1280, 375]) {
    test(`(${width} px) the dialog says when it ends; confirmed, it is ending; Keep my membership makes it active again in one click`, async ({
      page,
    }) => {
      test.setTimeout(180_000)
      await page.setViewportSize({ width, height: 900 })
      const url = await pg.database(`after_window_${width}`)
      let server: ServerProcess | undefined
      try {
        server = await startServer({ DATABASE_URL: url, JOBS: 'off', EXPOSE_OUTBOX: 'true' })
        const email = `after-window-${width}@example.com`
        await join(server.base, email)
        // The period began and was paid 40 days ago: past the 30-day refund window (its renewal date stays).
        const { default: pgClient } = await import('pg')
        const client = new pgClient.Client({ connectionString: url })
        await client.connect()
        await client.query(
          "UPDATE receipts SET paid_at = now() - interval '40 days' WHERE member_id = (SELECT id FROM users WHERE email = $1)",
          [email],
        )
        const { rows } = await client.query<{ renews_at: Date }>(
          "UPDATE subscriptions SET period_started_at = now() - interval '40 days' WHERE member_id = (SELECT id FROM users WHERE email = $1) RETURNING renews_at",
          [email],
        )
        await client.end()
        const endsOn = longDate(rows[0]!.renews_at)

        await signIn(page, server.base, email)
        await membership(page).getByRole('button', { name: 'Cancel membership' }).click()
        const dialog = page.getByRole('dialog', { name: 'Cancel membership' })
        await expect(dialog).toContainText(`Your membership stays active until ${endsOn}, then ends`)
        await dialog.getByRole('button', { name: 'Yes, cancel my membership' }).click()
        await expect(dialog).toBeHidden()

        await expect(status(page)).toHaveText('Ending')
        const keep = membership(page).getByRole('button', { name: 'Keep my membership' })
        await expect(keep).toHaveAccessibleDescription(
          new RegExp(`Your membership ends on ${endsOn}\\. Keep it and it renews on that day`),
        )
        expect(await axeViolations(page)).toEqual([])
        await keep.click()
        await expect(status(page)).toHaveText('Active')
        await expect(keep).toBeHidden()
        await expect(membership(page).getByRole('switch', { name: /Renew automatically/ })).toBeChecked()
        // Still covered: the cards say nothing of an end.
        await expect(page.getByRole('region', { name: 'ID cards' })).not.toContainText('Not valid')
      } finally {
        if (server) await stop(server)
      }
    })
  }
})

/** Presses Tab until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${target.toString()}`)
}

test('the cancel path with the keyboard alone: focus into the dialog, Escape closes it and focus comes back; Enter on the confirm cancels', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const { server, close } = await ownServer('membership-cancel-keys-')
  try {
    const email = 'cancel-keys@example.com'
    const paid = await join(server.base, email)
    await signIn(page, server.base, email)
    const cancel = membership(page).getByRole('button', { name: 'Cancel membership' })
    await tabTo(page, cancel)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Cancel membership' })
    await expect(dialog).toContainText(`${money(paid)} is refunded`)
    // Focus is in the dialog, and stays there.
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(cancel).toBeFocused()
    await expect(status(page)).toHaveText('Active')

    await page.keyboard.press('Enter')
    const confirm = dialog.getByRole('button', { name: 'Yes, cancel my membership' })
    await expect(confirm).toBeVisible()
    await tabTo(page, confirm, 10)
    // Held until the overlay that covers the cancelling has been seen.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/v4/member/cancel', async (route) => {
      await held
      await route.continue()
    })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Cancelling your membership…' })).toBeVisible()
    release()
    await expect(page.getByRole('dialog', { name: 'Cancelling your membership…' })).toHaveCount(0)
    await expect(dialog).toBeHidden()
    await expect(status(page)).toHaveText('Cancelled')
  } finally {
    await close()
  }
})
