import type { Page } from '@playwright/test'
import { demoData } from '#site-config/demo-data/index.ts'
import {
  axeViolations,
  defaultTenant,
  demoAccount,
  expect,
  mailsTo,
  newAccount,
  signIn,
  test,
  waitForHydration,
  watchConsole,
} from './fixtures.ts'

const demoMember = demoData[defaultTenant.groupKey]!.accounts.find((account) => account.role === 'member')!
const demoReceipts = demoMember.receipts!
const demoDependents = demoMember.dependents!
const demoSubscription = demoMember.subscription!
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`
const shortDate = (iso: string) => {
  const date = new Date(iso)
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCFullYear() % 100).padStart(2, '0')}`
}

/** Signs in through the form, as a person does. */
async function signInWithForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const area = (page: Page, name: string) => page.getByRole('region', { name })

// These tests change the demo member's account; they run one after the other.
test.describe.configure({ mode: 'serial' })

test('a signed-out visit to the dashboard is sent to sign in by the server, and comes back after', async ({ page }) => {
  const first = await page.request.get('/dashboard', { maxRedirects: 0 })
  expect(first.status()).toBe(302)
  expect(first.headers().location).toBe('/member-login?redirect=%2Fdashboard')

  const problems = watchConsole(page)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/member-login\?redirect=%2Fdashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Member login' })).toBeVisible()
  await waitForHydration(page)
  await signInWithForm(page, demoAccount('member'))
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible()
  expect(problems).toEqual([])
})

test('a redirect to another site is ignored: the member lands on the dashboard', async ({ page }) => {
  for (const target of ['//evil.example/steal', 'https://evil.example/']) {
    await page.goto(`/member-login?redirect=${encodeURIComponent(target)}`)
    await waitForHydration(page)
    await signInWithForm(page, demoAccount('member'))
    await expect(page).toHaveURL(/\/dashboard$/)
    // Leave the page first: a request it still makes (a link fetched ahead under the mouse) would
    // otherwise get a new csrf cookie after the next page's, and the next sign-in would be refused.
    await page.goto('about:blank')
    await page.context().clearCookies()
  }
})

test('the dashboard shows every area filled from the database, in the first HTML, and hydration fetches none of it again', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  const html = await (await page.request.get('/dashboard')).text()
  expect(html).toContain(demoReceipts[0]!.description)
  expect(html).toContain(`${demoDependents[0]!.firstName} ${demoDependents[0]!.lastName}`)

  const apiCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url())
  })
  // The page's dates are the server's (engine/server-text.ts): hydrating builds no
  // Intl.DateTimeFormat, whose locale data costs a phone about 100 ms as the page starts.
  await page.addInitScript(() => {
    const counted = window as unknown as { dateFormats: number }
    counted.dateFormats = 0
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        counted.dateFormats += 1
        return new target(...args)
      },
      apply: (target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        counted.dateFormats += 1
        return target(...args)
      },
    })
  })
  await page.goto('/dashboard')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  expect(apiCalls).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { dateFormats: number }).dateFormats)).toBe(0)

  const membership = area(page, 'Membership')
  await expect(membership).toContainText('Family')
  await expect(membership).toContainText('Beverly Hills Family Dentistry')
  await expect(membership).toContainText(`Member since${shortDate(demoSubscription.startedAt)}`)
  await expect(membership.getByRole('link', { name: 'Beverly Hills Family Dentistry' })).toHaveAttribute(
    'href',
    `/office/${demoSubscription.officeId}`,
  )
  const billing = area(page, 'Balance and billing')
  await expect(billing).toContainText(money(demoMember.balanceCents!))
  await expect(billing).toContainText(`${demoMember.card!.brand} ending ${demoMember.card!.last4}`)
  const cards = area(page, 'ID cards')
  for (const person of [demoMember, ...demoDependents]) {
    await expect(cards.getByRole('group', { name: `ID card of ${person.firstName} ${person.lastName}` })).toContainText(
      'THIS IS NOT INSURANCE',
    )
  }
  const receipts = area(page, 'Receipts')
  for (const receipt of demoReceipts) {
    await expect(
      receipts.getByRole('row', {
        name: new RegExp(escapeRegExp(`${shortDate(receipt.paidAt)} ${receipt.description}`)),
      }),
    ).toContainText(money(receipt.amountCents))
  }
  await expect(
    area(page, 'Your dental offices').getByRole('link', { name: 'Beverly Hills Family Dentistry' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'GRIEVANCE FORM', exact: true })).toHaveAttribute(
    'href',
    '/grievance-form',
  )
})

test('auto-renew turns off in one click and on again only with consent to the terms; both are saved', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/dashboard')
  await waitForHydration(page)
  const toggle = page.getByRole('switch', { name: /Renew automatically/ })
  await expect(toggle).toBeChecked()
  await toggle.click()
  await expect(toggle).not.toBeChecked()
  await page.reload()
  await expect(page.getByRole('switch', { name: /Renew automatically/ })).not.toBeChecked()
  await waitForHydration(page)

  await page.getByRole('switch', { name: /Renew automatically/ }).click()
  const consent = page.getByRole('alertdialog', { name: 'Turn on automatic renewal?' })
  await expect(consent).toContainText('renews at the end of each billing period')
  expect(await axeViolations(page)).toEqual([])
  await consent.getByRole('button', { name: 'Keep it off' }).click()
  await expect(page.getByRole('switch', { name: /Renew automatically/ })).not.toBeChecked()
  await page.getByRole('switch', { name: /Renew automatically/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'I agree, turn it on' }).click()
  await expect(page.getByRole('switch', { name: /Renew automatically/ })).toBeChecked()
  await page.reload()
  await expect(page.getByRole('switch', { name: /Renew automatically/ })).toBeChecked()
})

test('a dependent is added on a plan of their own, edited, and removed after confirming; the prices follow', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/dashboard')
  await waitForHydration(page)
  const dependents = area(page, 'Dependents')
  const renewal = () =>
    area(page, 'Membership')
      .getByText(/a month \(\d members\)/)
      .textContent()
  const before = await renewal()

  await dependents.getByRole('button', { name: 'Add a dependent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a dependent' })
  await dialog.getByRole('button', { name: 'Add dependent' }).click()
  await expect(dialog.getByLabel('First name')).toBeFocused()
  await expect(dialog.getByLabel('First name')).toHaveAccessibleDescription('Required')
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByLabel('First name').fill('Mo')
  await dialog.getByLabel('Last name').fill('Rivera')
  await dialog.getByLabel('Date of birth').fill('2019-07-04')
  await dialog.getByLabel('Relationship').selectOption({ label: 'Child' })
  await dialog.getByLabel('Plan').selectOption({ label: 'Premier' })
  await dialog.getByRole('button', { name: 'Add dependent' }).click()
  // Before anything is charged: what the rest of the month paid for costs now, and the renewal after.
  const cost = dialog.getByRole('region', { name: 'What this change costs' }).getByRole('status')
  await expect(cost).toHaveText(
    /^\$\d+\.\d\d is charged now to the card ending 4242, for the \d+ days left of the time you have paid for \(to \w+ \d+, \d{4}\)\. From your renewal on \w+ \d+, \d{4}, you pay \$\d+\.\d\d a month\.$/,
  )
  const charged = /^\$\d+\.\d\d/.exec((await cost.textContent()) ?? '')![0]
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: `Pay ${charged}` }).click()
  await expect(dialog).toBeHidden()
  await expect(dependents.getByRole('listitem').filter({ hasText: 'Mo Rivera' })).toContainText('Plan: Premier')
  await expect(area(page, 'Receipts').getByRole('row').filter({ hasText: 'change: Mo Rivera added' })).toContainText(
    charged,
  )
  await expect(area(page, 'ID cards').getByRole('group', { name: 'ID card of Mo Rivera' })).toContainText('Premier')
  await expect.poll(renewal).not.toBe(before)

  await dependents.getByRole('button', { name: 'Edit Mo Rivera' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Mo Rivera' })
  await edit.getByLabel('First name').fill('Morgan')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(dependents.getByRole('listitem').filter({ hasText: 'Morgan Rivera' })).toBeVisible()

  await dependents.getByRole('button', { name: 'Remove Morgan Rivera' }).click()
  const removal = page.getByRole('alertdialog', { name: 'Remove Morgan Rivera?' })
  await expect(removal).toContainText(/\$\d+\.\d\d is refunded now to the card ending 4242, for the \d+ days left/)
  await removal.getByRole('button', { name: 'Remove' }).click()
  await expect(dependents.getByText('Morgan Rivera')).toHaveCount(0)
  await expect.poll(renewal).toBe(before)
})

test('the phone number is changed and is still changed after a reload; a bad one gets a message at its field', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/dashboard')
  await waitForHydration(page)
  const details = area(page, 'Your details')
  await details.getByLabel('Phone').fill('12')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByLabel('Phone')).toHaveAccessibleDescription('Enter a ten-digit phone number')
  await expect(details.getByLabel('Phone')).toBeFocused()
  await details.getByLabel('Phone').fill('(213) 555-0147')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your details are saved' })).toBeVisible()
  await page.reload()
  await expect(area(page, 'Your details').getByLabel('Phone')).toHaveValue('(213) 555-0147')
})

test('a receipt and an ID card print alone (print media)', async ({ page }) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/dashboard')
  await waitForHydration(page)
  await page.evaluate(() => {
    window.print = () => undefined
  })
  const receipt = demoReceipts[0]!
  await area(page, 'Receipts')
    .getByRole('button', { name: `View the receipt of ${shortDate(receipt.paidAt)}` })
    .click()
  const dialog = page.getByRole('dialog', { name: /^Receipt \d+$/ })
  await expect(dialog).toContainText(receipt.description)
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Print receipt' }).click()
  await page.emulateMedia({ media: 'print' })
  // Printed: the receipt alone (the dialog around it, its buttons and the page are hidden).
  const printed = page.locator('[data-print-target]')
  await expect(printed).toBeVisible()
  await expect(printed).toContainText(money(receipt.amountCents))
  await expect(printed).toContainText(`Card ending ${demoMember.card!.last4}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')))

  const name = `${demoMember.firstName} ${demoMember.lastName}`
  await area(page, 'ID cards')
    .getByRole('button', { name: `Print the ID card of ${name}` })
    .click()
  await page.emulateMedia({ media: 'print' })
  const card = page.getByRole('group', { name: `ID card of ${name}` })
  await expect(card).toBeVisible()
  await expect(card.getByText('THIS IS NOT INSURANCE')).toBeVisible()
  const size = await card.boundingBox()
  expect(size && Math.round(size.width)).toBe(324) // 3.375in at 96 px per inch
  await expect(
    page.getByRole('group', { name: `ID card of ${demoDependents[0]!.firstName} ${demoDependents[0]!.lastName}` }),
  ).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    area(page, 'ID cards')
      .getByRole('button', { name: `Download the ID card of ${name}` })
      .click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^id-card-[A-Z]{3}\d{7}\.svg$/)
  const svg = await (await download.createReadStream()).toArray()
  expect(Buffer.concat(svg).toString('utf8')).toContain('THIS IS NOT INSURANCE')
})

test('one failing area shows its error, a toast and a retry; the rest of the dashboard works; the GET was tried twice, not more', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/')
  await waitForHydration(page)
  let failures = 0
  await page.route('**/api/v4/member/receipts', async (route) => {
    if (failures < 2) {
      failures += 1
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The receipts service is unavailable' }),
      })
    } else await route.continue()
  })
  // A client-side navigation: the browser's loader fetches the page's data.
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const receipts = area(page, 'Receipts')
  await expect(receipts.getByRole('alert')).toContainText(
    'We could not load receipts. The receipts service is unavailable',
  )
  await expect(page.getByRole('status').filter({ hasText: 'We could not load receipts' })).toBeVisible()
  expect(failures).toBe(2)
  await expect(area(page, 'Membership')).toContainText('Family')
  await expect(area(page, 'Balance and billing')).toContainText(money(demoMember.balanceCents!))
  await receipts.getByRole('button', { name: 'Retry' }).click()
  await expect(
    receipts.getByRole('row', { name: new RegExp(escapeRegExp(demoReceipts[0]!.description)) }),
  ).toBeVisible()
  expect(failures).toBe(2)
})

test('sign-in failures: the fields keep what was typed, the message does not say whether the email exists, and throttling says how long to wait', async ({
  page,
}) => {
  await page.goto('/member-login')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByLabel('Email')).toBeFocused()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Required')

  const account = await newAccount(page, 'throttled')
  await signInWithForm(page, { email: 'nobody-here@example.com', password: 'Wrong-password-1' })
  const unknownMessage = await page.getByRole('alert').textContent()
  await signInWithForm(page, { email: account.email, password: 'Wrong-password-1' })
  await expect(page.getByRole('alert')).toHaveText(unknownMessage!)
  await expect(page.getByLabel('Email')).toHaveValue(account.email)
  await page.getByLabel('Show password').check()
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
  for (let attempt = 0; attempt < 5; attempt += 1) await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText(
    /Too many sign-in attempts\. Try again in \d+ (minutes|seconds)\./,
  )
  expect(await axeViolations(page)).toEqual([])
})

test('a password is reset through the mailed link: the old one fails, the new one works, and the other session ends', async ({
  page,
  browser,
}) => {
  await page.goto('/reset-password')
  const account = await newAccount(page, 'resetting')
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  await signIn(otherPage, account)
  expect((await otherPage.request.get('/api/auth')).ok()).toBe(true)

  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toContainText('If an account uses this email address')
  const [mail] = await mailsTo(page, account.email)
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail!.body)![0])
  await page.goto(`${link.pathname}${link.search}`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  const password = page.getByLabel('New password', { exact: true })
  await password.fill('short')
  await expect(page.getByRole('list', { name: 'Password rules' })).toContainText('• Use at least 12 characters')
  // A common password passes the browser's length rule; the server's list answers at the field.
  await password.fill('Password123!')
  await page.getByLabel('New password again').fill('Password123!')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(password).toHaveAccessibleDescription(/This password is too common/)
  await password.fill('Brand-New-Pass-9')
  await expect(page.getByRole('list', { name: 'Password rules' })).toContainText('✓ Use at least 12 characters')
  await page.getByLabel('New password again').fill('Brand-New-Pass-8')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByLabel('New password again')).toHaveAccessibleDescription('The two passwords differ')
  await page.getByLabel('New password again').fill('Brand-New-Pass-9')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password is changed')

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`)
  await waitForHydration(page)
  await page.getByLabel('New password', { exact: true }).fill('Another-Pass-77')
  await page.getByLabel('New password again').fill('Another-Pass-77')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used')
  await expect(page.getByRole('alert').getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
    'href',
    '/reset-password',
  )

  await page.goto('/member-login')
  await waitForHydration(page)
  await signInWithForm(page, account)
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  await signInWithForm(page, { email: account.email, password: 'Brand-New-Pass-9' })
  await expect(page).toHaveURL(/\/dashboard$/)

  await otherPage.goto('/dashboard')
  await expect(otherPage).toHaveURL(/\/member-login\?redirect=%2Fdashboard$/)
  await other.close()
})

test('a signed-in member opening the sign-in or reset page goes to the dashboard; signing out goes back to sign in', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  for (const path of ['/member-login', '/reset-password']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
  }
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/member-login$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/member-login\?redirect=%2Fdashboard$/)
})

test('the idle limits, on a fake clock: the short one signs out to the sign-in page (to come back), the long one reloads it', async ({
  page,
}) => {
  await page.clock.install()
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/dashboard')
  await waitForHydration(page)
  // The idle clock loads once a member is signed in.
  await page.waitForFunction(() => document.documentElement.dataset.idleClock === 'running')
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.clock.fastForward('15:05')
  // To sign in again, and back to the page (the warning before it: tests/e2e/account-session.spec.ts).
  await expect(page).toHaveURL(/\/member-login\?redirect=%2Fdashboard$/)
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  expect((await (await page.request.get('/api/auth')).json()) as unknown).toEqual({ isAuthenticated: false })
  await page.clock.fastForward('45:05')
  await page.waitForFunction(() => !('sameDocument' in window))
  await expect(page).toHaveURL(/\/member-login\?redirect=%2Fdashboard$/)
})

test.describe('accessibility', () => {
  for (const width of [1280, 375]) {
    test(`sign-in, reset and dashboard pass axe at ${width} px, with the dialogs open`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      for (const path of ['/member-login', '/reset-password', '/reset-password?token=abcdefghijklmnopqrstuvwxyz0123']) {
        await page.goto(path)
        await waitForHydration(page)
        expect(await axeViolations(page), path).toEqual([])
      }
      await signIn(page, demoAccount('member'))
      await page.goto('/dashboard')
      await waitForHydration(page)
      expect(await axeViolations(page)).toEqual([])
      await area(page, 'Balance and billing').getByRole('button', { name: 'Update card' }).click()
      await expect(page.getByRole('dialog', { name: 'Update your card' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await area(page, 'Membership').getByRole('button', { name: 'Renew now' }).click()
      await expect(page.getByRole('alertdialog', { name: 'Renew your membership now?' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
    })
  }
})

test('the whole journey with the keyboard alone: sign in, turn auto-renew off and on, add and remove a dependent', async ({
  page,
}) => {
  await page.goto('/member-login?redirect=/dashboard')
  await waitForHydration(page)
  await page.getByLabel('Email').focus()
  await page.keyboard.type(demoAccount('member').email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(demoAccount('member').password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
  await waitForHydration(page)

  const toggle = page.getByRole('switch', { name: /Renew automatically/ })
  await toggle.focus()
  await page.keyboard.press('Space')
  await expect(toggle).not.toBeChecked()
  await page.keyboard.press('Space')
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'I agree, turn it on' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toggle).toBeChecked()
  await expect(toggle).toBeFocused()

  await area(page, 'Dependents').getByRole('button', { name: 'Add a dependent' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add a dependent' })
  await expect(dialog.getByLabel('First name')).toBeFocused()
  await page.keyboard.type('Kit')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Rivera')
  await page.keyboard.press('Tab')
  await page.keyboard.type('03042018')
  await page.keyboard.press('Enter')
  // The price is shown; Enter again pays it.
  await expect(dialog.getByRole('status')).toContainText('is charged now to the card ending 4242')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  const added = area(page, 'Dependents').getByRole('listitem').filter({ hasText: 'Kit Rivera' })
  await expect(added).toContainText('born 03/04/18')
  await added.getByRole('button', { name: 'Remove Kit Rivera' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alertdialog', { name: 'Remove Kit Rivera?' })).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(area(page, 'Dependents').getByText('Kit Rivera')).toHaveCount(0)
})

test('the balance is paid with the card on file after confirming: it reads $0.00 and the receipt is listed', async ({
  page,
}) => {
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/dashboard')
  await waitForHydration(page)
  const billing = area(page, 'Balance and billing')
  await billing.getByRole('button', { name: `Pay ${money(demoMember.balanceCents!)}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Pay your balance?' })
  await expect(confirm).toContainText(`${money(demoMember.balanceCents!)} will be charged to your card on file`)
  await confirm.getByRole('button', { name: `Pay ${money(demoMember.balanceCents!)}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Balance paid' })).toBeVisible()
  await expect(billing).toContainText('Balance due$0.00')
  await expect(area(page, 'Receipts').getByRole('row', { name: /Balance payment/ })).toContainText(
    money(demoMember.balanceCents!),
  )
})
