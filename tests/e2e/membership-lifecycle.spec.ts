/**
 * A membership over months, in Chromium, on the built server and a PostgreSQL of its own: time
 * moves with the jobs' CLI (`npm run jobs -- --now`), which runs against DATABASE_URL while the
 * server runs, as an operator would. Two members joined today go through the same months, one
 * seen at 1280 px and one at 375 px: renewed at the date, declined after a card switch (past due,
 * the banner, the mails), one pays with a new card, the other runs out of retries and expires
 * (the ID card says so), then joins again from the dashboard.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { z } from '#schemas/engine/zod.ts'
import { axeViolations, memberDates, waitForHydration } from './fixtures.ts'
import { checkoutToPayment, testCardToken, visitor, BUYER } from './support/http-client.ts'
import { freePort, startPostgres, startServer, stop, type Postgres, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

const ROOT = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
const DAY = 86_400_000

let pg: Postgres | undefined
let server: ServerProcess | undefined
let databaseUrl: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const postgres = await startPostgres()
  pg = postgres
  databaseUrl = await postgres.database('lifecycle')
  server = await startServer({
    DATABASE_URL: databaseUrl,
    // The jobs run in their own process, as with several servers: this test moves their time.
    JOBS: 'off',
    EXPOSE_OUTBOX: 'true',
    PAYMENT_FIELDS_PORT: String(await freePort()),
  })
})
test.afterAll(async () => {
  if (server) await stop(server)
  await pg?.stop()
})
const base = () => {
  if (!server) throw new Error('The server starts in beforeAll')
  return server.base
}

/** `npm run jobs -- --now <at>`: everything due by then, once; answers what it printed. */
async function jobsAt(at: Date): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/jobs.mjs'), '--now', at.toISOString()], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', JOBS: 'off' },
  })
  return stdout
}

const mailSchema = z.object({
  mails: z.array(z.object({ recipient: z.string(), subject: z.string(), body: z.string() })),
})
/** The sandbox mail server's inbox for one address, newest first. */
async function mailsTo(recipient: string) {
  const response = await fetch(`${base()}/dev/outbox.json`)
  return mailSchema.parse(await response.json()).mails.filter((mail) => mail.recipient === recipient)
}

interface Member {
  email: string
  page: Page
  width: number
}

/** Joins through the checkout's API (the checkout's pages are tested in checkout.spec.ts), then signs in on a page of `width`. */
async function join(browser: Browser, name: string, width: number): Promise<Member> {
  const email = `${name}-${Date.now()}@example.com`
  const buyer = await visitor(base())
  await checkoutToPayment(buyer, email, { planId: 102, officeId: 1001, billingCycle: 'monthly' })
  const paid = await buyer.call('POST', '/api/km/checkout/payment', {
    cardToken: testCardToken(),
    autoRenewalConsent: true,
  })
  expect(paid.status, JSON.stringify(paid.body)).toBe(201)
  await buyer.dispose()
  const context = await browser.newContext({ baseURL: base(), viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto('/member-login?redirect=/dashboard')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  return { email, page, width }
}

const area = (page: Page, name: string) => page.getByRole('region', { name })
/** The buyers' dates: in California's time zone, as the dashboard and the mails write them. */
const dates = memberDates(BUYER.address.state)

async function dashboard(member: Member) {
  await member.page.goto('/dashboard')
  await waitForHydration(member.page)
  expect(await axeViolations(member.page), `${member.width} px`).toEqual([])
}

/** Puts a card in through the processor's hosted fields, in the dashboard's card dialog. */
async function switchCard(member: Member, number: string) {
  const { page } = member
  await area(page, 'Balance and billing').getByRole('button', { name: 'Update card' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update your card' })
  await expect(dialog).toBeVisible()
  const frame = page.frameLocator('iframe[title^="Card details"]')
  await frame.getByLabel('Card number').fill(number)
  await frame.getByLabel('Expiry date (MM/YY)').fill('12/31')
  await frame.getByLabel('Security code (CVC)').fill('123')
  await frame.getByLabel('Billing ZIP code').fill('90210')
  await dialog.getByRole('button', { name: 'Save card' }).click()
  await expect(dialog).toBeHidden()
}

test('months of a membership: renewed on the date, declined and past due, paid with a new card, expired after the last retry, then joined again from the dashboard; at 1280 and 375 px', async ({
  browser,
}) => {
  test.setTimeout(420_000)
  const wide = await join(browser, 'wide', 1280)
  const narrow = await join(browser, 'narrow', 375)
  const both = [wide, narrow]
  const joined = new Date()
  // Monthly: the same day next month, in the member's time zone (schemas/periods.ts).
  const renewal = dates.periodEnd(joined, 'monthly')
  const next = dates.periodEnd(joined, 'monthly', 2)

  // The renewal date: a receipt for the renewal, the next date, the mail.
  expect(await jobsAt(new Date(renewal.getTime() + DAY))).toMatch(/\d+ renewed/)
  for (const member of both) {
    await dashboard(member)
    await expect(area(member.page, 'Receipts')).toContainText(/renewal/)
    await expect(area(member.page, 'Membership')).toContainText(dates.short(next))
    const [mail] = await mailsTo(member.email)
    expect(mail?.subject).toMatch(/is renewed/)
  }

  // Both switch to the card that pays now and is declined later; the next renewal is declined.
  for (const member of both) await switchCard(member, '4000 0000 0000 0341')
  await jobsAt(new Date(next.getTime() + DAY))
  for (const member of both) {
    await dashboard(member)
    // The banner at the top: the failed payment, the next try, and the card dialog at hand.
    const banner = member.page.getByRole('alert')
    await expect(banner).toContainText('did not go through. We try your card again on')
    await expect(banner.getByRole('button', { name: 'Update card' })).toBeVisible()
    await expect(area(member.page, 'Membership')).toContainText('Payment due')
    const [mail] = await mailsTo(member.email)
    expect(mail?.subject).toMatch(/could not renew/)
    expect(mail?.body).toMatch(/Update your card on your dashboard/)
  }

  // The wide member updates the card: the retry runs at once, paid, active.
  await switchCard(wide, '4242 4242 4242 4242')
  await wide.page.reload()
  await waitForHydration(wide.page)
  await expect(wide.page.getByRole('alert')).toHaveCount(0)
  await expect(area(wide.page, 'Membership')).toContainText('Active')

  // The narrow member's retries (days 1, 3 and 7) are all declined: expired.
  const out = await jobsAt(new Date(next.getTime() + 8 * DAY))
  expect(out).toMatch(/1 expired/)
  await dashboard(narrow)
  await expect(area(narrow.page, 'Membership')).toContainText('Expired')
  await expect(area(narrow.page, 'ID cards')).toContainText('Not valid: membership ended on')
  const [ended] = await mailsTo(narrow.email)
  expect(ended?.subject).toMatch(/has ended/)
  expect(ended?.body).toMatch(/join again/i)

  // Joining again from the dashboard: the checkout's steps with the account known.
  const { page } = narrow
  await area(page, 'Membership').getByRole('button', { name: 'Join again' }).click()
  const dialog = page.getByRole('dialog', { name: /^Join / })
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('heading', { name: 'Family', exact: true })).toBeFocused()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('heading', { name: 'Payment', exact: true })).toBeFocused()
  const frame = page.frameLocator('iframe[title^="Card details"]')
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242')
  await frame.getByLabel('Expiry date (MM/YY)').fill('12/31')
  await frame.getByLabel('Security code (CVC)').fill('123')
  await frame.getByLabel('Billing ZIP code').fill('90210')
  await dialog.getByRole('checkbox', { name: /^I agree to the automatic renewal terms above/ }).check()
  await dialog.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: /^Pay \$[\d.]+ and join$/ }).click()
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(area(page, 'Membership')).toContainText('Active')
  await expect(area(page, 'ID cards')).not.toContainText('Not valid')
})

test('an annual plan’s renewal notice arrives 30 days before the renewal (California: 15 to 45), once, with the price, the date and a one-click link that turns renewal off without signing in', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const email = `annual-${Date.now()}@example.com`
  const buyer = await visitor(base())
  // Essential, annual, at office 1003: $149.00 a year after the enrollment.
  await checkoutToPayment(buyer, email)
  const paid = await buyer.call('POST', '/api/km/checkout/payment', {
    cardToken: testCardToken(),
    autoRenewalConsent: true,
  })
  expect(paid.status, JSON.stringify(paid.body)).toBe(201)
  await buyer.dispose()
  const joined = new Date()
  const renewal = dates.periodEnd(joined, 'annual')
  const notices = async () => (await mailsTo(email)).filter((mail) => /renews on/.test(mail.subject))
  await jobsAt(new Date(renewal.getTime() - 31 * DAY))
  expect(await notices()).toEqual([])
  await jobsAt(new Date(renewal.getTime() - 29 * DAY))
  await jobsAt(new Date(renewal.getTime() - 28 * DAY))
  const [notice, ...more] = await notices()
  expect(more).toEqual([])
  const date = dates.long(renewal)
  expect(notice?.subject).toContain(date)
  expect(notice?.body).toContain('$149.00 a year')
  expect(notice?.body).toMatch(/turn automatic renewal off with one click/)
  expect(notice?.body).toMatch(/https?:\/\/\S+\/dashboard/)

  // The link, opened without signing in (on this server: the mail names the tenant's public address).
  const link = new URL(/https?:\/\/\S+\/renewal\?token=\S+/.exec(notice!.body)![0])
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${base()}${link.pathname}${link.search}`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Automatic renewal' })).toBeVisible()
  await expect(page.getByText(`renews automatically on ${date} at $149.00`)).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  // One click, with the keyboard alone: Tab to the button, Enter.
  const button = page.getByRole('button', { name: 'Turn off automatic renewal' })
  for (let tabs = 0; tabs < 40 && !(await button.evaluate((element) => element === document.activeElement)); tabs += 1)
    await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Automatic renewal is off.' })).toContainText(
    `ends on ${date}, and nothing more is charged`,
  )
  await expect
    .poll(async () => (await mailsTo(email)).filter((mail) => /will end on/.test(mail.subject)))
    .toHaveLength(1)
  // Opened again, on a phone: it says renewal is already off, and offers nothing to click twice.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await waitForHydration(page)
  await expect(
    page.getByText(`Automatic renewal is already off. Your Essential membership ends on ${date}.`),
  ).toBeVisible()
  await expect(button).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
  // A changed link says so, in words.
  await page.goto(`${base()}/renewal?token=${link.searchParams.get('token')!.slice(0, -3)}abc`)
  await expect(page.getByText('This link has expired or is not valid.')).toBeVisible()
})
