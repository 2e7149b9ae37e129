import type { Browser, Page } from '@playwright/test'
import { axeViolations, demoAccount, expect, mailsTo, newAccount, signIn, test, waitForHydration } from './fixtures.ts'

/** Signs in through the form, as a person does. */
async function signInWithForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The status of a sign-in through the API (not through the page, whose session it would replace). */
async function signInStatus(browser: Browser, baseURL: string, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL })
  const first = await context.request.get('/api/auth')
  const response = await context.request.post('/api/login', {
    data: account,
    headers: { 'csrf-token': first.headers()['csrf-token'] ?? '' },
  })
  await context.close()
  return response.status()
}

/** Waits until the member's idle clock runs (it loads once a member is signed in). */
const idleClockRunning = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.idleClock === 'running')

const signedInHeader = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Logout' }).first()

test('the password is changed from the dashboard: a wrong current one is said at its field, the old one then fails, another browser is signed out at its next page, and a mail tells the member', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/')
  const account = await newAccount(page, 'changing')
  // Another browser, signed in and on the dashboard before the change.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  await signIn(otherPage, account)
  await otherPage.goto('/dashboard')
  await waitForHydration(otherPage)
  await expect(signedInHeader(otherPage)).toBeVisible()

  await signIn(page, account)
  await page.goto('/dashboard')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Change password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await expect(dialog).toBeVisible()
  const current = dialog.getByLabel('Current password')
  await current.fill('Not-My-Password-26')
  await dialog.getByLabel('New password', { exact: true }).fill('Second-Dental-Pass-26')
  await dialog.getByLabel('New password again').fill('Second-Dental-Pass-26')
  await dialog.getByRole('button', { name: 'Save the new password' }).click()
  await expect(current).toHaveAccessibleDescription('This is not your current password')
  await expect(current).toBeFocused()
  await current.fill(account.password)
  await dialog.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out everywhere else' })).toBeVisible()
  await expect(dialog).toBeHidden()
  // This browser stays signed in.
  expect(await (await page.request.get('/api/auth')).json()).toMatchObject({ isAuthenticated: true })

  // The other browser shows it signed out at its next page, without a reload.
  await otherPage.evaluate(() => Object.assign(window, { sameDocument: true }))
  const sessionCheck = otherPage.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth')
  await otherPage.getByRole('link', { name: 'GRIEVANCE FORM', exact: true }).click()
  await expect(otherPage).toHaveURL(/\/grievance-form$/)
  await sessionCheck
  await expect(otherPage.getByRole('banner').getByRole('link', { name: 'Member login' }).first()).toBeVisible()
  await expect(signedInHeader(otherPage)).toBeHidden()
  expect(await otherPage.evaluate(() => 'sameDocument' in window)).toBe(true)
  await other.close()

  expect(await signInStatus(browser, baseURL!, account)).toBe(401)
  expect(await signInStatus(browser, baseURL!, { email: account.email, password: 'Second-Dental-Pass-26' })).toBe(200)
  const [mail] = await mailsTo(page, account.email)
  expect(mail!.subject).toMatch(/password was changed$/)
  expect(mail!.body).toContain('Everywhere else you were signed in, you are now signed out')
})

for (const width of [1280, 375]) {
  test(`the change-password dialog passes axe and works with the keyboard at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await signIn(page, demoAccount('member'))
    await page.goto('/dashboard')
    await waitForHydration(page)
    const open = page.getByRole('button', { name: 'Change password' })
    await open.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Change password' })
    await expect(dialog.getByLabel('Current password')).toBeFocused()
    await page.keyboard.type('x')
    await dialog.getByLabel('New password', { exact: true }).fill('short')
    await expect(dialog.getByRole('list', { name: 'Password rules' })).toContainText('• Use at least 12 characters')
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(open).toBeFocused()
  })
}

test('a reset link opened while signed in asks first: signing out keeps the link, the new password is set, and it signs in', async ({
  page,
}) => {
  await page.goto('/')
  const account = await newAccount(page, 'resetsignedin')
  await signIn(page, account)
  await page.goto('/dashboard')
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
  const asked = await page.request.post('/api/v4/member/resetPasswordEmail', {
    data: { email: account.email },
    headers: { 'csrf-token': token ?? '' },
  })
  expect(asked.status()).toBe(200)
  const [mail] = await mailsTo(page, account.email)
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail!.body)![0])
  await page.goto(`${link.pathname}${link.search}`)
  await waitForHydration(page)
  await expect(page).toHaveURL(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard')
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Sign out and set a new password' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await expect(page).toHaveURL(`${link.pathname}${link.search}`)
  expect(await (await page.request.get('/api/auth')).json()).toEqual({ isAuthenticated: false })
  await expect(signedInHeader(page)).toBeHidden()
  await page.getByLabel('New password', { exact: true }).fill('Reset-While-In-26')
  await page.getByLabel('New password again').fill('Reset-While-In-26')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password is changed')
  await page.goto('/member-login')
  await waitForHydration(page)
  await signInWithForm(page, { email: account.email, password: 'Reset-While-In-26' })
  await expect(page).toHaveURL(/\/dashboard$/)
})

for (const width of [1280, 375]) {
  test(`two minutes before the idle sign-out a warning counts down; "Stay signed in" keeps the session (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.clock.install()
    await page.goto('/')
    await signIn(page, demoAccount('member'))
    await page.goto('/dashboard')
    await waitForHydration(page)
    await idleClockRunning(page)
    await page.clock.fastForward('13:05')
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' })
    await expect(warning).toBeVisible()
    await expect(warning).toContainText(/we will sign you out in 1:5\d\./)
    const stay = warning.getByRole('button', { name: 'Stay signed in' })
    await expect(stay).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    await page.clock.fastForward('00:30')
    await expect(warning).toContainText(/sign you out in 1:2\d\./)
    // The server's idle clock starts again too: staying asks the server for the session.
    const touched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth')
    await page.keyboard.press('Enter')
    expect(await (await touched).json()).toMatchObject({ isAuthenticated: true })
    await expect(warning).toBeHidden()
    // Past the old sign-out time: still signed in, on the same page.
    await page.clock.fastForward('05:00')
    await expect(page).toHaveURL(/\/dashboard$/)
    expect(await (await page.request.get('/api/auth')).json()).toMatchObject({ isAuthenticated: true })
  })
}

test('after an idle sign-out on the grievance form, signing in again returns to it with the typed text', async ({
  page,
}) => {
  await page.clock.install()
  await page.goto('/')
  await signIn(page, demoAccount('member'))
  await page.goto('/grievance-form')
  await waitForHydration(page)
  await idleClockRunning(page)
  await page.getByLabel('Member name').fill('Morgan Member')
  await page.getByLabel('What happened').fill('The office charged me the full fee for a cleaning.')
  await page.getByLabel('How would you like it resolved?').fill('Refund the difference.')
  await page.clock.fastForward('15:05')
  await expect(page).toHaveURL(/\/member-login\?redirect=%2Fgrievance-form$/)
  expect(await (await page.request.get('/api/auth')).json()).toEqual({ isAuthenticated: false })
  await signInWithForm(page, demoAccount('member'))
  await expect(page).toHaveURL(/\/grievance-form$/)
  await expect(page.getByLabel('What happened')).toHaveValue('The office charged me the full fee for a cleaning.')
  await expect(page.getByLabel('How would you like it resolved?')).toHaveValue('Refund the difference.')
  await expect(page.getByLabel('Member name')).toHaveValue('Morgan Member')
  // Given back once: it is not kept for the next visit.
  expect(
    await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('kept-on-idle'))),
  ).toEqual([])
})
