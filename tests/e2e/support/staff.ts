import { expect, type Browser, type Page } from '@playwright/test'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { timeStep, totpCode } from '#server/auth/totp.ts'

/** A demo staff account of the default tenant (seeded with the README's TOTP secret). */
export function demoStaff(role: 'support' | 'admin') {
  const account = demoData[tenants.defaultTenant]?.accounts.find(
    (candidate) => candidate.staffRoles?.[0] === role && candidate.totpSecret,
  )
  if (!account?.totpSecret) throw new Error(`The default tenant's demo data has no ${role} staff`)
  return { email: account.email, password: account.password, totpSecret: account.totpSecret }
}

/** Until the authenticator's next 30 s step. */
const untilNextStep = () => (timeStep(new Date()) + 1) * 30_000 - Date.now() + 200

/**
 * Signs a staff member in at /console as a person does, with the keyboard alone: email, password,
 * then the code the authenticator app shows. A code is accepted once: when another test has just
 * used this step's code for the same account, the console says so, and the next step's code (the
 * server accepts one step ahead, for a clock a little off) is typed; after that, a new step is awaited.
 */
export async function staffSignIn(page: Page, account: ReturnType<typeof demoStaff>): Promise<void> {
  await page.goto('/console')
  await expect(page.getByRole('heading', { level: 1, name: 'Member services sign-in' })).toBeVisible()
  await page.getByLabel('Email').focus()
  await page.keyboard.type(account.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(account.password)
  await page.keyboard.press('Enter')
  // The step's heading takes focus; the code's field is the next stop.
  await expect(page.getByRole('heading', { level: 2, name: 'Your authentication code' })).toBeFocused()
  await page.keyboard.press('Tab')
  const code = page.getByLabel('Code')
  await expect(code).toBeFocused()
  for (let attempt = 0; ; attempt++) {
    await code.fill('')
    await page.keyboard.type(totpCode(account.totpSecret, new Date(Date.now() + (attempt === 1 ? 30_000 : 0))))
    await page.keyboard.press('Enter')
    const outcome = await Promise.race([
      page
        .getByRole('navigation', { name: 'Console' })
        .waitFor()
        .then(() => 'in' as const),
      page
        .getByText('That code is not right')
        .waitFor()
        .then(() => 'refused' as const),
    ])
    if (outcome === 'in') return
    if (attempt === 2) throw new Error(`The codes of ${account.email} were refused three times`)
    if (attempt === 1) await page.waitForTimeout(untilNextStep())
  }
}

/** A page of its own (cookies, viewport) for a staff member. */
export async function staffPage(browser: Browser, width: number, account: ReturnType<typeof demoStaff>) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await staffSignIn(page, account)
  return page
}
