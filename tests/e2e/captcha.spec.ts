import { demoAccount, expect, test, waitForHydration } from './fixtures.ts'
import { CAPTCHA_PORT, CAPTCHA_SITE_KEY } from './ports.ts'

test('with the bot check off, no captcha script loads at all', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    // The service's script (the site's own code that would load it is a chunk like any other).
    if (request.url().includes('google.com/recaptcha')) scripts.push(request.url())
  })
  await page.goto('/member-login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill('nobody@example.com')
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1')
  const login = page.waitForRequest('**/api/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  expect((await login).headers()['x-recaptcha-token']).toBeUndefined()
  expect(scripts).toEqual([])
  await expect(page.locator('script[data-recaptcha]')).toHaveCount(0)
})

test.describe('with ENABLE_RECAPTCHA on', () => {
  test.use({ baseURL: `http://localhost:${CAPTCHA_PORT}` })

  test('the login page loads reCAPTCHA Enterprise with the site key and sends its token as x-recaptcha-token', async ({
    page,
  }) => {
    // Nothing outside this machine can be reached: the script is answered by a stand-in whose
    // tokens the server's sandbox verifier accepts.
    const loaded: string[] = []
    await page.route('https://www.google.com/recaptcha/enterprise.js*', async (route) => {
      loaded.push(route.request().url())
      await route.fulfill({
        contentType: 'text/javascript',
        body: 'window.grecaptcha = { enterprise: { ready: (done) => done(), execute: (key, options) => Promise.resolve("sandbox-pass-" + options.action + "-e2e") } }',
      })
    })
    await page.goto('/member-login')
    await waitForHydration(page)
    await expect
      .poll(() => loaded)
      .toEqual([`https://www.google.com/recaptcha/enterprise.js?render=${CAPTCHA_SITE_KEY}`])
    await page.getByLabel('Email').fill(demoAccount('member').email)
    await page.getByLabel('Password', { exact: true }).fill(demoAccount('member').password)
    const login = page.waitForRequest('**/api/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    expect((await login).headers()['x-recaptcha-token']).toBe('sandbox-pass-login-e2e')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('a sign-in without a valid token is refused with the server’s message', async ({ page }) => {
    await page.route('https://www.google.com/recaptcha/enterprise.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.grecaptcha = { enterprise: { ready: (done) => done(), execute: () => Promise.resolve("forged") } }',
      }),
    )
    await page.goto('/member-login')
    await waitForHydration(page)
    await page.getByLabel('Email').fill(demoAccount('member').email)
    await page.getByLabel('Password', { exact: true }).fill(demoAccount('member').password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('The bot check failed. Reload the page and try again.')
    await expect(page.getByLabel('Email')).toHaveValue(demoAccount('member').email)
  })
})
