import type { Locator, Page } from '@playwright/test'
import { axeViolations, expect, startCheckout, test, waitForHydration } from './fixtures.ts'
import { CAPTCHA_PORT } from './ports.ts'

const NOTICE = 'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.'

/** A page whose form is there once the page has hydrated: the form, by its name. */
const formAt = (path: string, form: string) => async (page: Page) => {
  await page.goto(path)
  await waitForHydration(page)
  return page.getByRole('form', { name: form })
}

/**
 * Each form with the bot check: how a visitor reaches it, and the part of the page that holds its
 * button (the notice belongs there, by the button).
 */
const FORMS: { name: string; open: (page: Page) => Promise<Locator> }[] = [
  { name: 'the sign-in', open: formAt('/member-login', 'Member login') },
  { name: 'the password reset', open: formAt('/reset-password', 'Reset your password') },
  { name: 'the contact form', open: formAt('/support', 'Send us a message') },
  {
    name: 'the grievance form’s submitting step',
    open: async (page) => {
      await page.goto('/grievance-form')
      await waitForHydration(page)
      await page.getByLabel('Member name').fill('Ana Silva')
      await page.getByLabel('Email').fill('ana@example.com')
      await page.getByLabel('What is it about').selectOption({ label: 'A bill or a fee' })
      await page.getByLabel('What happened').fill('The office charged the full fee instead of the member fee.')
      await page.getByLabel('How would you like it resolved?').fill('Refund the difference.')
      await page.getByRole('button', { name: 'Review before submitting' }).click()
      const review = page.getByRole('region', { name: 'Step 2: Check your grievance' })
      await expect(review.getByRole('button', { name: 'Submit grievance' })).toBeVisible()
      return review
    },
  },
  { name: 'the grievance status lookup', open: formAt('/grievance-form/status', 'Look up a grievance') },
  {
    name: 'the directory’s report of a mistake',
    open: async (page) => {
      await page.goto('/directory?name=Chen')
      await waitForHydration(page)
      await page.getByRole('button', { name: /^Report a mistake about Dr\. Maya Chen/ }).click()
      const dialog = page.getByRole('dialog', { name: /Report a mistake/ })
      await expect(dialog.getByRole('button', { name: 'Send report' })).toBeVisible()
      return dialog
    },
  },
  {
    name: 'the checkout’s account step',
    open: async (page) => {
      await page.goto('/faq')
      await startCheckout(page, 'plan')
      await page.goto('/checkout/create-account')
      await waitForHydration(page)
      return page.getByRole('form', { name: 'Your details' })
    },
  },
]

test.describe('with ENABLE_RECAPTCHA on', () => {
  test.use({ baseURL: `http://localhost:${CAPTCHA_PORT}` })

  test.beforeEach(async ({ page }) => {
    // Nothing outside this machine can be reached: the stand-in of Google's script (captcha.spec.ts).
    await page.route('https://www.google.com/recaptcha/enterprise.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.grecaptcha = { enterprise: { ready: (done) => done(), execute: (key, options) => Promise.resolve("sandbox-pass-" + options.action + "-e2e") } }',
      }),
    )
  })

  for (const width of [1280, 375])
    for (const form of FORMS)
      test(`${form.name} shows reCAPTCHA's notice by its button, with links to Google's policies (${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 })
        const where = await form.open(page)
        const notice = where.getByText(NOTICE)
        await expect(notice).toBeVisible()
        await expect(notice).toHaveText(NOTICE)
        await expect(notice.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute(
          'href',
          'https://policies.google.com/privacy',
        )
        await expect(notice.getByRole('link', { name: 'Terms of Service', exact: true })).toHaveAttribute(
          'href',
          'https://policies.google.com/terms',
        )
        expect(await axeViolations(page)).toEqual([])
      })
})

test.describe('with the bot check off', () => {
  for (const form of FORMS)
    test(`${form.name} shows no reCAPTCHA notice`, async ({ page }) => {
      const where = await form.open(page)
      await expect(where.getByRole('button').last()).toBeVisible()
      await expect(page.getByText('protected by reCAPTCHA')).toHaveCount(0)
      await expect(where.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveCount(0)
      await expect(where.getByRole('link', { name: 'Terms of Service', exact: true })).toHaveCount(0)
    })
})
