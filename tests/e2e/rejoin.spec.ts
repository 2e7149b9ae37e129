/**
 * An account whose membership ended joins again from its dashboard, with the keyboard, at 1280
 * and 375 px. Arranged honestly on a server of its own (its own embedded database, JOBS=off):
 * each account joins through the checkout, turns automatic renewal off through the API, and
 * `npm run jobs -- --now` after the period's end (with the server stopped: it holds the
 * embedded database) expires the membership.
 */
import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { z } from '#schemas/engine/zod.ts'
import { axeViolations } from './fixtures.ts'
import { BUYER, checkoutToPayment, testCardToken, visitor, type Visitor } from './support/http-client.ts'
import { freePort, startServer, stop, tempDir, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

const WIDTHS = [1280, 375] as const
const emailAt = (width: number) => `rejoin-${width}@example.com`
const cardFrame = (page: Page) => page.frameLocator('iframe[title^="Card details"]')

let server: ServerProcess
let data: ReturnType<typeof tempDir>
let fieldsPort: number
const start = async () =>
  (server = await startServer({
    DATA_DIR: data.dir,
    JOBS: 'off',
    EXPOSE_OUTBOX: 'true',
    PAYMENT_FIELDS_PORT: String(fieldsPort),
  }))

test.beforeAll(async () => {
  test.setTimeout(240_000)
  data = tempDir('rejoin-')
  fieldsPort = await freePort()
  await start()
  let endsAt = ''
  for (const width of WIDTHS) {
    const buyer = await visitor(server.base)
    await checkoutToPayment(buyer, emailAt(width))
    const paid = await buyer.call('POST', '/api/km/checkout/payment', {
      cardToken: testCardToken(),
      autoRenewalConsent: true,
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const off = await buyer.call<{ status: string; renewsAt: string }>('POST', '/api/v4/member/autoRenew', {
      autoRenew: false,
    })
    expect(off.body.status).toBe('ending')
    endsAt = off.body.renewsAt
    await buyer.dispose()
  }
  // The jobs work on the embedded database once no server holds it.
  await stop(server)
  const after = new Date(Date.parse(endsAt) + 86_400_000).toISOString()
  // As `npm run jobs -- --now` runs them: the built worker (scripts/jobs.mjs).
  execFileSync(process.execPath, ['scripts/jobs.mjs', '--now', after], {
    env: { ...process.env, DATA_DIR: data.dir, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  })
  await start()
})

test.afterAll(async () => {
  await stop(server)
  data.remove()
})

async function signedIn(width: number): Promise<Visitor> {
  const member = await visitor(server.base)
  expect(await member.signIn({ email: emailAt(width), password: BUYER.password })).toBe(200)
  return member
}

test('without a covering membership the API refuses family, renewal, a switch (409, saying to join again), and quotes a new one', async () => {
  const member = await signedIn(1280)
  const info = await member.call<{ subscription: { status: string } }>('GET', '/api/v4/member/info')
  expect(info.body.subscription.status).toBe('expired')
  const child = { firstName: 'Noa', lastName: 'Kim', dateOfBirth: '2018-01-02', relationship: 'child' }
  expect(await member.call('POST', '/api/v4/member/dependents', child)).toMatchObject({
    status: 409,
    body: {
      message: 'Your membership has expired, so you cannot add family members. Join again from your dashboard first.',
    },
  })
  expect(
    await member.call('POST', '/api/v4/member/renewSubscription', { idempotencyKey: 'e2e-renew-abcdefgh' }),
  ).toMatchObject({ status: 409, body: { message: expect.stringContaining('Join again from your dashboard first') } })
  expect(await member.call('POST', '/api/v4/member/switch/102', {})).toMatchObject({
    status: 409,
    body: { message: expect.stringContaining('Join again from your dashboard first') },
  })
  expect(
    await member.call('POST', '/api/v4/member/purchaseQuote', { planId: 101, officeId: 1003, billingCycle: 'monthly' }),
  ).toMatchObject({ status: 200, body: { totalCents: 1495 + 1000 } })
  await member.dispose()
})

for (const width of WIDTHS) {
  test(`rejoins from the dashboard with the keyboard at ${width} px: active, a receipt, ID cards, the mail`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    const email = emailAt(width)
    await page.goto(`${server.base}/member-login`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(BUYER.password)
    await page.getByLabel('Password', { exact: true }).press('Enter')
    await page.waitForURL(/\/dashboard/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    const membership = page.getByRole('region', { name: 'Membership' })
    await expect(membership).toContainText('Expired')
    await expect(membership).toContainText('Your membership has ended.')
    expect(await axeViolations(page), 'the dashboard of an expired membership').toEqual([])

    // Step 1: the last office and plan are chosen; the Family plan, so that family can come.
    await membership.getByRole('button', { name: 'Join again' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /^Join / })
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Office and plan' })).toHaveAttribute(
      'aria-current',
      'step',
    )
    await expect(dialog.getByLabel('Dental office')).toHaveValue('1003')
    await expect(dialog.getByRole('radio', { name: /^Essential:/ })).toBeChecked()
    await dialog.getByRole('radio', { name: 'Monthly' }).focus()
    await page.keyboard.press('Space')
    await dialog.getByRole('radio', { name: /^Family:/ }).focus()
    await page.keyboard.press('Space')
    await expect(dialog.getByRole('radio', { name: /^Family:/ })).toBeChecked()
    expect(await axeViolations(page), 'the plan step').toEqual([])
    // A coupon is asked of the coupon check, for this plan and office, before the next step.
    const coupon = dialog.getByRole('textbox', { name: 'Coupon code (optional)' })
    await coupon.fill('NOPE')
    const checked = page.waitForRequest((request) => request.url().includes('/api/v4/coupon/validate'))
    await dialog.getByRole('button', { name: 'Continue' }).focus()
    await page.keyboard.press('Enter')
    expect(Object.fromEntries(new URL((await checked).url()).searchParams)).toMatchObject({ coupon: 'NOPE' })
    await expect(coupon).toHaveAccessibleDescription('This coupon code does not exist.')
    await expect(coupon).toHaveAttribute('aria-invalid', 'true')
    await expect(coupon).toBeFocused()
    expect(await axeViolations(page), 'the plan step with a coupon that does not apply').toEqual([])
    await coupon.fill('')
    await dialog.getByRole('button', { name: 'Continue' }).focus()
    await page.keyboard.press('Enter')

    // Step 2: add a child, by keyboard (Enter in a field adds them).
    await expect(dialog.getByRole('heading', { name: 'Family', exact: true })).toBeFocused()
    await dialog.getByLabel('First name').focus()
    await page.keyboard.type('Noa')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Kim')
    await dialog.getByLabel('Date of birth').fill('2018-01-02')
    await dialog.getByLabel('Last name').press('Enter')
    await expect(dialog.getByRole('list', { name: 'People on the membership' })).toContainText(
      'Noa Kim, Child (added now)',
    )
    expect(await axeViolations(page), 'the family step').toEqual([])
    await dialog.getByRole('button', { name: 'Continue' }).focus()
    await page.keyboard.press('Enter')

    // Step 3: the server's price, the card, the terms and the consent, then pay.
    await expect(dialog.getByRole('heading', { name: 'Payment', exact: true })).toBeFocused()
    // Family 29.95 × 2 members + the 10.00 enrollment fee, as the server prices it.
    await expect(dialog.getByTestId('join-total')).toHaveText('$69.90')
    await expect(dialog.getByText(/renews automatically every month at \$59\.90/)).toBeVisible()
    const frame = cardFrame(page)
    await frame.getByLabel('Card number').pressSequentially('5555555555554444')
    await frame.getByLabel('Expiry date (MM/YY)').pressSequentially('1231')
    await frame.getByLabel('Security code (CVC)').pressSequentially('123')
    await frame.getByLabel('Billing ZIP code').pressSequentially('94103')
    expect(await axeViolations(page), 'the payment step').toEqual([])
    const pay = dialog.getByRole('button', { name: 'Pay $69.90 and join' })
    await pay.focus()
    await page.keyboard.press('Enter')
    // Without the consents: what the member reads at each box, and the first has focus. The
    // automatic renewal terms have a box of their own, in the checkout's words, apart from the Terms.
    const renewal = dialog.getByRole('checkbox', {
      name: 'I agree to the automatic renewal terms above, and I authorize these recurring charges to my card until I cancel.',
    })
    const terms = dialog.getByRole('checkbox', { name: 'I agree to the Terms of Service.' })
    await expect(
      dialog.getByText(
        'Tick the box to agree to the automatic renewal terms: this consent is apart from the Terms of Service.',
      ),
    ).toBeVisible()
    await expect(dialog.getByText('Tick the box to agree to the Terms of Service.')).toBeVisible()
    await expect(renewal).toBeFocused()
    await expect(renewal).toHaveAttribute('aria-invalid', 'true')
    await expect(renewal).toHaveAccessibleDescription(/renews automatically every month at \$59\.90/)
    await page.keyboard.press('Space')
    await expect(renewal).toBeChecked()
    // The Terms' box still unticked: it alone is refused, and has focus.
    await pay.focus()
    await page.keyboard.press('Enter')
    await expect(terms).toBeFocused()
    await expect(
      dialog.getByText(
        'Tick the box to agree to the automatic renewal terms: this consent is apart from the Terms of Service.',
      ),
    ).toHaveCount(0)
    await page.keyboard.press('Space')
    await expect(terms).toBeChecked()
    await pay.focus()
    // Held until the overlay that covers the payment has been seen.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/v4/member/purchaseSubscription', async (route) => {
      await held
      await route.continue()
    })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Starting your membership…' })).toBeVisible()
    release()
    await expect(page.getByRole('dialog', { name: 'Starting your membership…' })).toHaveCount(0, { timeout: 30_000 })

    // Paid: the dialog closes; the dashboard shows the new membership, its receipt and ID cards.
    await expect(dialog).toBeHidden({ timeout: 30_000 })
    await expect(page.getByText(/Your Family membership is active/).first()).toBeVisible()
    await expect(membership).toContainText('Active')
    await expect(membership).toContainText('Family')
    await expect(membership.getByRole('button', { name: 'Join again' })).toHaveCount(0)
    const receipts = page.getByRole('region', { name: 'Receipts' })
    await expect(receipts).toContainText('Family plan, monthly (2 members)')
    await expect(receipts).toContainText('$69.90')
    await expect(page.getByRole('group', { name: 'ID card of Noa Kim' })).toContainText('Family')
    await expect(page.getByRole('group', { name: `ID card of ${BUYER.firstName} ${BUYER.lastName}` })).toBeVisible()
    expect(await axeViolations(page), 'the dashboard after joining again').toEqual([])

    // The confirmation mail, as the checkout's: the receipt, the family, the renewal terms.
    const outbox = z
      .object({ mails: z.array(z.object({ recipient: z.string(), subject: z.string(), body: z.string() })) })
      .parse(await (await page.request.get(`${server.base}/dev/outbox.json`)).json())
    const welcome = outbox.mails.find((mail) => mail.recipient === email && mail.subject.startsWith('Welcome back to'))
    expect(welcome?.subject).toMatch(/your Family membership$/)
    expect(welcome?.body).toContain('$69.90 charged to the card ending 4444')
    expect(welcome?.body).toContain('Noa Kim (Family): $29.95')
    expect(welcome?.body).toContain('Automatic renewal and how to cancel:')

    // A second membership is refused while this one covers.
    const member = await signedIn(width)
    expect(
      await member.call('POST', '/api/v4/member/purchaseSubscription', {
        planId: 101,
        officeId: 1003,
        billingCycle: 'monthly',
        idempotencyKey: `e2e-again-${width}-abcdef`,
        autoRenewalConsent: true,
      }),
    ).toMatchObject({ status: 409, body: { message: expect.stringContaining('Your membership is active') } })
    await member.dispose()
  })
}
