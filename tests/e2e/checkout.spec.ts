import type { Page } from '@playwright/test'
import {
  axeViolations,
  demoAccount,
  expect,
  mailsTo,
  newAccount,
  signIn,
  startCheckout,
  test,
  waitForHydration,
  watchConsole,
} from './fixtures.ts'
import { PORT } from './ports.ts'

const GOOD = '4242 4242 4242 4242'
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`

/** The processor's hosted card fields, in their frame on the processor's own origin. */
const cardFrame = (page: Page) => page.frameLocator('iframe[title^="Card details"]')

async function fillCard(page: Page, number: string) {
  const frame = cardFrame(page)
  await frame.getByLabel('Card number').fill(number)
  await frame.getByLabel('Expiry date (MM/YY)').fill('12/31')
  await frame.getByLabel('Security code (CVC)').fill('123')
  await frame.getByLabel('Billing ZIP code').fill('90210')
}

async function fillAccount(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Choose a password').fill('Joining-Today-2026!')
  await page.getByLabel('First name').fill('Robin')
  await page.getByLabel('Last name').fill('Lee')
  await page.getByLabel('Phone').fill('(310) 555-0123')
  await page.getByLabel('Date of birth').fill('1985-06-15')
  await page.getByLabel('Street address').fill('1 Rodeo Dr')
  await page.getByLabel('City').fill('Beverly Hills')
  await page.getByLabel('State').selectOption('CA')
  await page.getByLabel('ZIP code').fill('90210')
}

async function addMember(page: Page, first: string, plan: string) {
  const form = page.getByRole('region', { name: 'Add a family member' })
  await form.getByLabel('First name').fill(first)
  await form.getByLabel('Last name').fill('Lee')
  await form.getByLabel('Date of birth').fill('2016-03-03')
  await form.getByLabel('Relationship').selectOption('child')
  await form.getByLabel('Plan').selectOption({ label: plan })
  await form.getByRole('button', { name: 'Add to membership' }).click()
  await expect(form.getByRole('status')).toHaveText(`${first} Lee is on your membership.`)
}

const total = (page: Page) => page.getByTestId('order-total')

test('a visitor joins from an office page with two family members on different plans and a coupon; a declined card, then a good one; the dashboard has it all', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const problems = watchConsole(page)
  const ourRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).port === String(PORT))
      ourRequests.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`)
  })
  const email = uniqueEmail('journey')

  await page.goto('/office/1001')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Join: Family' }).click()
  await expect(page).toHaveURL(/\/join-now\?location_id=1001&plan_id=102$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join in minutes')
  const family = page.getByRole('listitem', { name: 'Family' })
  await expect(family).toContainText('The plan you picked')
  await expect(family).toContainText('$29.95 a month')
  await expect(page.getByRole('note', { name: 'Not insurance' })).toBeVisible()
  await family.getByRole('button', { name: 'Choose Family' }).click()

  // The server sends /checkout on to the first step not done; the step starts at its top.
  await expect(page).toHaveURL(/\/checkout\/create-account$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.getByRole('navigation', { name: 'Checkout steps' }).locator('[aria-current="step"]')).toHaveText(
    /Your details/,
  )
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details')
  await fillAccount(page, email)
  await expect(page.getByRole('list', { name: 'Password rules' })).toContainText('✓ Use at least 12 characters')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/checkout\/add-member$/)
  await page.reload()
  await waitForHydration(page)
  await addMember(page, 'Kai', 'Same as yours: Family')
  await addMember(page, 'Ava', 'Premier ($39.95 a month)')
  // Per member, from the server: Family 29.95 × 2, Premier 39.95, enrollment 10.00.
  await expect(total(page)).toHaveText('$109.85')
  const summary = page.getByRole('complementary', { name: 'Your order' })
  await expect(summary.getByRole('row', { name: /Ava Lee/ })).toContainText('$39.95')
  await summary.getByLabel('Coupon code').fill('spring')
  await summary.getByRole('button', { name: 'Apply' }).click()
  await expect(summary.getByRole('status')).toHaveText('Coupon SPRING applied: 20% off.')
  await expect(total(page)).toHaveText('$87.88')
  await page.reload()
  await waitForHydration(page)
  await expect(total(page)).toHaveText('$87.88')
  await expect(page.getByRole('list', { name: 'People on this membership' }).getByRole('listitem')).toHaveCount(3)

  await page.getByRole('link', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/checkout\/payment$/)
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByText(/renews automatically every month at \$99\.85 until you cancel/)).toBeVisible()
  await fillCard(page, '4000 0000 0000 0002')
  await page.getByLabel(/I agree to the automatic renewal terms above/).check()
  await page.getByLabel(/I agree to the Terms of Service/).check()
  await page.getByRole('button', { name: 'Pay $87.88' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
  // Everything entered is kept: both consents, the order, the card form.
  await expect(page.getByLabel(/I agree to the automatic renewal terms above/)).toBeChecked()
  await expect(page.getByLabel(/I agree to the Terms of Service/)).toBeChecked()
  await expect(total(page)).toHaveText('$87.88')
  await cardFrame(page).getByLabel('Card number').fill(GOOD)
  await page.getByRole('button', { name: 'Pay $87.88' }).click()

  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Your membership is active')
  const numbers = page.getByRole('region', { name: 'Member numbers' })
  await expect(numbers.getByRole('row')).toHaveCount(4)
  await expect(numbers).toContainText(/CAR\d{7}-02/)
  await expect(page.getByRole('region', { name: /Receipt \d+/ })).toContainText('$87.88')
  await expect(page.getByRole('group', { name: 'Temporary ID card of Robin Lee' })).toContainText(
    'Beverly Hills Family Dentistry',
  )
  // Opened again, the confirmation's code (a chunk of its own, held back here as a slow network
  // would) comes before the page hydrates: once interactive, its print button is React's.
  await page.route('**/assets/confirmation-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Your membership is active')
  await waitForHydration(page)
  // The page's shell marks itself hydrated at its first commit; React hydrates the page's own
  // Suspense boundary in a task of its own right after (selective hydration), so this waits for it:
  // a button left as the server's HTML (its chunk missed) never becomes React's.
  const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))
  await expect
    .poll(() => page.getByRole('button', { name: 'Print receipt' }).evaluate(hydrated), {
      message: 'the print button is hydrated with the page',
      timeout: 5000,
    })
    .toBe(true)
  await page.unrouteAll()

  await page.getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('region', { name: 'Receipts' })).toContainText('$87.88')
  await expect(page.getByRole('region', { name: 'Dependents' })).toContainText('Kai Lee')
  await expect(page.getByRole('region', { name: 'Dependents' })).toContainText('Ava Lee')

  const [mail] = await mailsTo(page, email)
  expect(mail?.body).toContain('renews automatically every month at $99.85')
  expect(mail?.body).toContain('Turn automatic renewal off at any time before the renewal date')
  // The card went to the processor's origin only: no request to our server carried it.
  expect(ourRequests.filter((line) => /4242 ?4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002/.test(line))).toEqual([])
  expect(ourRequests.some((line) => line.includes('/api/km/checkout/payment') && line.includes('tok_sandbox_'))).toBe(
    true,
  )
  expect(problems.filter((problem) => !problem.includes('402') && !problem.includes('422'))).toEqual([])
})

test('naughty names are shown back exactly as typed in the household and the order', async ({ page }) => {
  await page.goto('/')
  await startCheckout(page, 'account')
  await page.goto('/checkout/add-member')
  await waitForHydration(page)
  for (const name of ['<script>alert(1)</script>', 'Zoë ناصر 田中', "Robert'); DROP TABLE dependents;--"]) {
    const form = page.getByRole('region', { name: 'Add a family member' })
    await form.getByLabel('First name').fill(name)
    await form.getByLabel('Last name').fill('Lee')
    await form.getByLabel('Date of birth').fill('2016-03-03')
    await form.getByRole('button', { name: 'Add to membership' }).click()
    await expect(form.getByRole('status')).toHaveText(`${name} Lee is on your membership.`)
    await expect(
      page
        .getByRole('list', { name: 'People on this membership' })
        .getByRole('button', { name: `Remove ${name} Lee`, exact: true }),
    ).toBeVisible()
    await expect(
      page
        .getByRole('complementary', { name: 'Your order' })
        .getByRole('row', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Lee`) }),
    ).toBeVisible()
  }
})

test("a coupon is checked by the coupon check as it is applied, for the order's plan and office: one that does not apply says why (expired, unknown, for another plan, for another office, none entered) and leaves the order as it was", async ({
  page,
}) => {
  await page.goto('/')
  // The Essential plan at Mission Street Dental: $14.95 and the $10.00 enrollment fee.
  await startCheckout(page, 'account', undefined, { planId: 101, officeId: 1002 })
  await page.goto('/checkout/add-member')
  await waitForHydration(page)
  const summary = page.getByRole('complementary', { name: 'Your order' })
  const orderChanges: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/km/checkout/member/plan')) orderChanges.push(request.url())
  })
  const apply = async (code: string) => {
    await summary.getByLabel('Coupon code').fill(code)
    const checked = page.waitForRequest((request) => request.url().includes('/api/v4/coupon/validate'))
    await summary.getByRole('button', { name: 'Apply' }).click()
    return new URL((await checked).url()).searchParams
  }
  for (const [code, message] of [
    ['WINTER2020', 'This coupon expired on 2020-12-31.'],
    ['NOPE', 'This coupon code does not exist.'],
    ['FAMILYFIRST', 'This coupon is not valid for the selected plan.'],
    ['BEVERLY', 'This coupon is not valid at the selected office.'],
    ['   ', 'Enter a coupon code.'],
  ] as const) {
    const query = await apply(code)
    expect(Object.fromEntries(query)).toEqual({
      ...(code.trim() ? { coupon: code } : {}),
      plan_id: '101',
      location_id: '1002',
    })
    await expect(summary.getByRole('status')).toHaveText(message)
    const field = summary.getByRole('textbox', { name: 'Coupon code' })
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(message)
    await expect(total(page)).toHaveText('$24.95')
  }
  // None of them reached the order.
  expect(orderChanges).toEqual([])
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await axeViolations(page), `a refused coupon at ${width} px`).toEqual([])
  }
  await apply('welcome10')
  await expect(summary.getByRole('status')).toHaveText('Coupon WELCOME10 applied: $10.00 off.')
  await expect(summary.getByLabel('Coupon code')).not.toHaveAttribute('aria-invalid')
  await expect(total(page)).toHaveText('$14.95')
  expect(orderChanges).toHaveLength(1)
})

test('an existing email goes through the account step like any other; the payment refuses it before any charge, mails its owner, and offers to sign in or change the address', async ({
  page,
}) => {
  await page.goto('/')
  await startCheckout(page, 'plan')
  await page.goto('/checkout/create-account')
  await waitForHydration(page)
  // The same note for everyone, whatever the address.
  await expect(page.getByText('Already have an account with us? Sign in first')).toBeVisible()
  const owner = demoAccount('member').email
  const mailsBefore = (await mailsTo(page, owner)).length
  await fillAccount(page, owner)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\/add-member$/)
  await page.goto('/checkout/payment')
  await waitForHydration(page)
  await fillCard(page, GOOD)
  await page.getByLabel(/I agree to the automatic renewal terms above/).check()
  await page.getByLabel(/I agree to the Terms of Service/).check()
  await page.getByRole('button', { name: /^Pay / }).click()
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'We could not open a new account with this email address, so nothing was charged.' })
  await expect(refusal).toBeVisible()
  await expect(page).toHaveURL(/\/checkout\/payment$/)
  const mails = await mailsTo(page, owner)
  expect(mails).toHaveLength(mailsBefore + 1)
  expect(mails[0]?.subject).toMatch(/^Someone tried to join .* with your email$/)
  expect(mails[0]?.body).not.toContain('Robin')
  await refusal.getByRole('link', { name: 'Change your details' }).click()
  await expect(page).toHaveURL(/\/checkout\/create-account$/)
  await expect(page.getByLabel('First name')).toHaveValue('Robin')
  await page.goto('/checkout/payment')
  await waitForHydration(page)
  await fillCard(page, GOOD)
  await page.getByLabel(/I agree to the automatic renewal terms above/).check()
  await page.getByLabel(/I agree to the Terms of Service/).check()
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.getByRole('alert').getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/member-login\?redirect=%2Fdashboard$/)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(owner)
  await page.getByLabel('Password', { exact: true }).fill(demoAccount('member').password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

for (const [card, message] of [
  ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ['4000 0000 0000 0119', 'The payment could not be processed. Nothing was charged; please try again.'],
] as const) {
  test(`a card that fails (${message}) says why and charges nothing`, async ({ page }) => {
    await page.goto('/')
    const { email } = await startCheckout(page, 'account')
    await page.goto('/checkout/payment')
    await waitForHydration(page)
    await fillCard(page, card)
    await page.getByLabel(/I agree to the automatic renewal terms above/).check()
    await page.getByLabel(/I agree to the Terms of Service/).check()
    await page.getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible()
    await expect(page).toHaveURL(/\/checkout\/payment$/)
    expect(await mailsTo(page, email)).toEqual([])
  })
}

for (const width of [1280, 375]) {
  test(`paying covers the page with the loading overlay, which says it is processing the payment; a declined card hides it, says why and gives focus back to Pay (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await startCheckout(page, 'account')
    await page.goto('/checkout/payment')
    await waitForHydration(page)
    await fillCard(page, '4000 0000 0000 0002')
    await page.getByLabel(/I agree to the automatic renewal terms above/).check()
    await page.getByLabel(/I agree to the Terms of Service/).check()
    // The payment is held until the overlay has been looked at.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/km/checkout/payment', async (route) => {
      await held
      await route.continue()
    })
    const pay = page.getByRole('button', { name: /^Pay \$/ })
    await pay.focus()
    await page.keyboard.press('Enter')
    const overlay = page.getByRole('dialog', { name: 'Processing your payment…' })
    await expect(overlay).toBeVisible()
    await expect(overlay.getByRole('status').filter({ hasText: 'Processing your payment…' })).toBeAttached()
    expect(await axeViolations(page), `the overlay at ${width} px`).toEqual([])
    release()
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
    await expect(overlay).toHaveCount(0)
    await expect(pay).toBeFocused()
    await expect(page).toHaveURL(/\/checkout\/payment$/)
  })
}

test('both consents are required, the automatic renewal terms’ apart from the Terms of Service’s, next to the terms; a double click on Pay charges once', async ({
  page,
}) => {
  await page.goto('/')
  await startCheckout(page, 'account')
  await page.goto('/checkout/payment')
  await waitForHydration(page)
  await fillCard(page, GOOD)
  await page.getByRole('button', { name: /^Pay / }).click()
  const renewalMissing = page.getByText(
    'Tick the box to agree to the automatic renewal terms: this consent is apart from the Terms of Service.',
  )
  await expect(renewalMissing).toBeVisible()
  await expect(page.getByText('Tick the box to agree to the Terms of Service.')).toBeVisible()
  await expect(page.getByLabel(/I agree to the automatic renewal terms above/)).toBeFocused()
  // The Terms of Service alone are not the consent to the automatic renewal: still nothing is paid.
  await page.getByLabel(/I agree to the Terms of Service/).check()
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(renewalMissing).toBeVisible()
  await expect(page.getByLabel(/I agree to the automatic renewal terms above/)).toBeFocused()
  await expect(page).toHaveURL(/\/checkout\/payment$/)
  await page.getByLabel(/I agree to the automatic renewal terms above/).check()
  await expect(renewalMissing).toHaveCount(0)
  await page.getByRole('button', { name: /^Pay / }).dblclick()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Your membership is active')
  await page.goto('/dashboard')
  await expect(page.getByRole('region', { name: 'Receipts' }).getByRole('row')).toHaveCount(2)
  // Signed out, the browser keeps nothing of the checkout: the next person there finds none.
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/member-login$/)
  await page.goto('/checkout')
  await expect(page).toHaveURL(/\/join-now$/)
  await expect(page.getByText('Robin')).toHaveCount(0)
})

test('a skipped step redirects on the server to the first step not done; no checkout goes to the join page', async ({
  page,
}) => {
  await page.goto('/')
  expect((await page.request.get('/checkout/payment', { maxRedirects: 0 })).headers().location).toBe('/join-now')
  await startCheckout(page, 'plan')
  const skipped = await page.request.get('/checkout/payment', { maxRedirects: 0 })
  expect(skipped.status()).toBe(302)
  expect(skipped.headers().location).toBe('/checkout/create-account')
  await page.goto('/checkout/add-member')
  await expect(page).toHaveURL(/\/checkout\/create-account$/)
})

test('the back button and a second tab lose nothing: the checkout is on the server', async ({ page, context }) => {
  await page.goto('/')
  await startCheckout(page, 'member')
  await page.goto('/checkout/add-member')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/checkout\/payment$/)
  await page
    .getByRole('navigation', { name: 'Checkout steps' })
    .getByRole('link', { name: /Your details/ })
    .click()
  await expect(page.getByLabel('First name')).toHaveValue('Robin')
  await page.goBack()
  await page.goBack()
  await expect(page).toHaveURL(/\/checkout\/add-member$/)
  await expect(page.getByRole('list', { name: 'People on this membership' }).getByRole('listitem')).toHaveCount(2)
  const second = await context.newPage()
  await second.goto('/checkout/add-member')
  await expect(second.getByRole('list', { name: 'People on this membership' })).toContainText('Kai Lee')
  await second.close()
})

test('an expired checkout says so and offers to start again', async ({ page, context }) => {
  const problems = watchConsole(page)
  await context.addCookies([{ name: 'checkout', value: 'an-expired-checkout-token', url: `http://localhost:${PORT}` }])
  expect((await page.request.get('/checkout/payment', { maxRedirects: 0 })).headers().location).toBe(
    '/join-now?expired=1',
  )
  await page.goto('/checkout/add-member')
  await expect(page).toHaveURL(/\/join-now\?expired=1$/)
  await waitForHydration(page)
  await expect(
    page.getByText('Your checkout expired: a checkout is kept for 24 hours, and nothing was charged.'),
  ).toBeVisible()
  await expect(page.getByRole('search', { name: 'Offices near a ZIP code' })).toBeVisible()
  expect(problems).toEqual([])
})

test('an Arizona office shows the Arizona notice at payment', async ({ page }) => {
  await page.goto('/join-now?location_id=1006')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Choose Family' }).click()
  await expect(page).toHaveURL(/\/checkout\/create-account$/)
  await fillAccount(page, uniqueEmail('arizona'))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\/add-member$/)
  await page.goto('/checkout/payment')
  await expect(page.getByRole('note', { name: 'Arizona notice' })).toContainText('Arizona residents')
})

test('the join page finds offices near a ZIP code and explains a bad one', async ({ page }) => {
  await page.goto('/join-now')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('9021')
  await page.getByRole('button', { name: 'Find offices' }).click()
  await expect(page.getByText('Enter a five-digit ZIP code')).toBeVisible()
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('90210')
  await page.getByRole('button', { name: 'Find offices' }).click()
  await page.getByRole('link', { name: 'Choose this office: Beverly Hills Family Dentistry' }).click()
  await expect(page).toHaveURL(/\/join-now\?location_id=1001$/)
  await expect(page.getByRole('listitem', { name: 'Premier' })).toContainText('$39.95')
})

test.describe('accessibility', () => {
  for (const width of [1280, 375]) {
    test(`every step passes axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/join-now?location_id=1001&plan_id=102')
      await waitForHydration(page)
      expect(await axeViolations(page), '/join-now').toEqual([])
      await startCheckout(page, 'member')
      for (const path of [
        '/checkout/create-account',
        '/checkout/add-member',
        '/checkout/edit-member/1',
        '/checkout/payment',
      ]) {
        await page.goto(path)
        await waitForHydration(page)
        if (path.endsWith('payment')) await expect(cardFrame(page).getByLabel('Card number')).toBeVisible()
        expect(await axeViolations(page), path).toEqual([])
      }
      await fillCard(page, GOOD)
      await page.getByLabel(/I agree to the automatic renewal terms above/).check()
      await page.getByLabel(/I agree to the Terms of Service/).check()
      await page.getByRole('button', { name: /^Pay / }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Your membership is active')
      await waitForHydration(page)
      expect(await axeViolations(page), '/checkout').toEqual([])
    })
  }
})

test('the whole journey with the keyboard alone', async ({ page }) => {
  await page.goto('/join-now?location_id=1001&plan_id=102')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Choose Family' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/checkout\/create-account$/)
  await waitForHydration(page)
  await page.getByLabel('Email').focus()
  const typeNext = async (text: string) => {
    await page.keyboard.type(text)
    await page.keyboard.press('Tab')
  }
  await typeNext(uniqueEmail('keys'))
  await typeNext('Keyboard-Only-2026!')
  await typeNext('Kim')
  await typeNext('Park')
  await typeNext('3105550199')
  // A date field's segments take the Tab key too: on to the street address.
  await page.keyboard.type('01021990')
  const street = page.getByLabel('Street address')
  for (
    let presses = 0;
    presses < 4 && !(await street.evaluate((element) => element === document.activeElement));
    presses += 1
  )
    await page.keyboard.press('Tab')
  await expect(street).toBeFocused()
  await typeNext('2 Palm Dr')
  await typeNext('Beverly Hills')
  await page.keyboard.type('California')
  await page.keyboard.press('Tab')
  await page.keyboard.type('90210')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/checkout\/add-member$/)
  await page.getByRole('link', { name: 'Continue to payment' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/checkout\/payment$/)
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible()
  await cardFrame(page).getByLabel('Card number').focus()
  await typeNext(GOOD)
  await typeNext('1231')
  await typeNext('123')
  await page.keyboard.type('90210')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel(/I agree to the automatic renewal terms above/)).toBeFocused()
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel(/I agree to the Terms of Service/)).toBeFocused()
  await page.keyboard.press('Space')
  await page.getByRole('button', { name: /^Pay / }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Your membership is active')
})

test('a member updates the card on file through the same card fields', async ({ page }) => {
  await page.goto('/')
  await signIn(page, await newAccount(page, 'card'))
  await page.goto('/dashboard')
  await waitForHydration(page)
  await page.getByRole('region', { name: 'Balance and billing' }).getByRole('button', { name: 'Add a card' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a card' })
  // Escape in the processor's frame closes the dialog, as it does anywhere in it.
  await cardFrame(page).getByLabel('Card number').press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('region', { name: 'Balance and billing' }).getByRole('button', { name: 'Add a card' }).click()
  await fillCard(page, '5555 5555 5555 4444')
  await dialog.getByRole('button', { name: 'Save card' }).click()
  await expect(page.getByRole('region', { name: 'Balance and billing' })).toContainText('Mastercard ending 4444')
})

/**
 * Holds the site's code back until `release` is called: a slow phone shows the server's form
 * seconds before its code runs.
 */
async function holdSiteCode(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.unrouteAll({ behavior: 'wait' })
  await page.route('**/assets/site-*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true')

test('what a buyer types and chooses before the page’s code has run (a slow phone) is kept and sent', async ({
  page,
}) => {
  await page.goto('/')
  await startCheckout(page, 'plan')
  let release = await holdSiteCode(page)
  await page.goto('/checkout/create-account', { waitUntil: 'commit' })
  const email = uniqueEmail('before-code')
  await fillAccount(page, email)
  expect(await hydrated(page)).toBe(false)
  release()
  await waitForHydration(page)
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('State')).toHaveValue('CA')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\/add-member$/)

  // The next step's form, filled before its code has run, adds its member.
  release = await holdSiteCode(page)
  await page.goto('/checkout/add-member', { waitUntil: 'commit' })
  const form = page.getByRole('region', { name: 'Add a family member' })
  await form.getByLabel('First name').fill('Kai')
  await form.getByLabel('Last name').fill('Lee')
  await form.getByLabel('Date of birth').fill('2016-03-03')
  await form.getByLabel('Relationship').selectOption('child')
  await form.getByLabel('Plan').selectOption({ label: 'Premier ($39.95 a month)' })
  expect(await hydrated(page)).toBe(false)
  release()
  await waitForHydration(page)
  await form.getByRole('button', { name: 'Add to membership' }).click()
  await expect(form.getByRole('status')).toHaveText('Kai Lee is on your membership.')
  const summary = page.getByRole('complementary', { name: 'Your order' })
  await expect(summary.getByRole('row', { name: /Kai Lee/ })).toContainText('$39.95')

  // What was sent is what the account step shows again.
  await page.goto('/checkout/create-account')
  await waitForHydration(page)
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('State')).toHaveValue('CA')
})
