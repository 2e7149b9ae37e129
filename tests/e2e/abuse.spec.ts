import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { CAPTCHA_PORT } from './ports.ts'

const message = {
  name: 'Ana Silva',
  email: 'ana@example.com',
  topic: 'billing',
  message: 'I was charged twice for the same month.',
}

async function fillContactForm(page: Page) {
  const form = page.getByRole('form', { name: 'Send us a message' })
  await form.getByLabel('Your name').fill(message.name)
  await form.getByLabel('Email').fill(message.email)
  await form.getByLabel('Message').fill(message.message)
  await form.getByRole('button', { name: 'Send message' }).click()
}

test('the contact form says how long to wait once its address has sent too many messages, and keeps what was typed', async ({
  page,
}) => {
  // An address of this test's own (the server trusts its proxy), so no other test is refused.
  const address = `198.18.200.${Math.floor(Math.random() * 250) + 1}`
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address })
  await page.goto('/support')
  await waitForHydration(page)
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? ''
  // The default limit: 5 messages an hour from one address.
  for (let sent = 0; sent < 5; sent += 1) {
    expect(
      (
        await page.request.post('/api/v4/contact', {
          data: message,
          headers: { 'csrf-token': csrf, 'x-forwarded-for': address },
        })
      ).status(),
    ).toBe(201)
  }
  await fillContactForm(page)
  const form = page.getByRole('form', { name: 'Send us a message' })
  await expect(form.getByRole('alert')).toHaveText(
    /^Too many messages from your address\. Try again in (59|60) minutes\.$/,
  )
  await expect(form.getByLabel('Message')).toHaveValue(message.message)
})

test.describe('with ENABLE_RECAPTCHA on', () => {
  test.use({ baseURL: `http://localhost:${CAPTCHA_PORT}` })

  test('the contact form sends the bot check’s token, and a message without a valid one is refused', async ({
    page,
  }) => {
    let token = 'forged'
    await page.route('https://www.google.com/recaptcha/enterprise.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.grecaptcha = { enterprise: { ready: (done) => done(), execute: (key, options) => Promise.resolve(window.nextToken + options.action) } }',
      }),
    )
    await page.goto('/support')
    await waitForHydration(page)
    const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? ''
    // Without a token at all: refused.
    const bare = await page.request.post('/api/v4/contact', { data: message, headers: { 'csrf-token': csrf } })
    expect(bare.status()).toBe(400)
    expect(await bare.json()).toEqual({ message: 'The bot check failed. Reload the page and try again.' })

    await page.evaluate((value) => Object.assign(window, { nextToken: value }), token)
    await fillContactForm(page)
    await expect(page.getByRole('alert')).toHaveText('The bot check failed. Reload the page and try again.')

    token = 'sandbox-pass-'
    await page.evaluate((value) => Object.assign(window, { nextToken: value }), token)
    const sent = page.waitForRequest('**/api/v4/contact')
    await page.getByRole('button', { name: 'Send message' }).click()
    expect((await sent).headers()['x-recaptcha-token']).toBe('sandbox-pass-contact')
    await expect(page.getByRole('status')).toContainText('answer by email within two business days')
  })
})
