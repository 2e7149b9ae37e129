import type { Browser, BrowserContext } from '@playwright/test'
import { axeViolations, expect, mailsTo, test, waitForHydration, watchConsole } from './fixtures.ts'
import { address } from './support/grievance-form.ts'
import { demoStaff, staffSignIn } from './support/staff.ts'

const SUPPORT = demoStaff('support')

// A code is accepted once per account and 30 s, and other files sign the same demo staff in: this
// file signs in once, in order, and each test opens a page of its width with that session.
test.describe.configure({ mode: 'serial' })
let session: Awaited<ReturnType<BrowserContext['storageState']>>
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext()
  await staffSignIn(await context.newPage(), SUPPORT)
  session = await context.storageState()
  await context.close()
})

/** Support's console at a width, signed in with the file's session. */
async function staffPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: session })
  const page = await context.newPage()
  await page.goto('/console')
  // The first screen has loaded when its title has taken the focus (before that, a Tab is lost).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  return page
}

/** Each width corrects a provider of its own, so that the two runs do not meet in the shared demo directory. */
const PROVIDERS = {
  1280: { name: 'Harrison', languages: 'English, Tagalog' },
  375: { name: 'Lucero', languages: 'English, Spanish, Tagalog' },
} as const

for (const width of [1280, 375] as const) {
  test(`a directory report is corrected and closed from the console with the keyboard; the directory shows the new value and date, and the reporter gets the answer (${width} px)`, async ({
    page,
    browser,
  }) => {
    // A visitor reports a mistake through the directory's dialog.
    await page.setViewportSize({ width, height: 900 })
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address() })
    const { name, languages: corrected } = PROVIDERS[width]
    await page.goto(`/directory?name=${name}`)
    await waitForHydration(page)
    await page.getByRole('button', { name: new RegExp(`^Report a mistake about Dr\\. .*${name}`) }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('What is wrong').selectOption({ label: 'The languages spoken' })
    await dialog.getByLabel('What should it say?').fill('The dentist also speaks Tagalog.')
    const email = `reporter-${Date.now()}-${width}@example.com`
    await dialog.getByLabel('Your email, for our answer').fill(email)
    await dialog.getByRole('button', { name: 'Send report' }).click()
    const received = dialog.getByText(/^Report DIR-\d{4}-[0-9A-F]{8} received\.$/)
    await expect(received).toBeVisible()
    const reference = /DIR-\d{4}-[0-9A-F]{8}/.exec((await received.textContent()) ?? '')![0]

    // Member services finds it among the open reports, 30 business days to go.
    const staff = await staffPage(browser, width)
    const problems = watchConsole(staff)
    // The first screen has taken focus (its heading) before the way to the next is chosen.
    await expect(staff.getByRole('heading', { level: 1, name: 'Grievances' })).toBeFocused()
    await staff.getByRole('link', { name: 'Directory reports' }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: 'Directory reports' })).toBeFocused()
    const row = staff.getByRole('row', { name: new RegExp(reference) })
    await expect(row).toContainText('Open')
    await expect(row).toContainText('30 business days left')
    await expect(row).toContainText('Languages')
    expect(await axeViolations(staff), 'the reports').toEqual([])

    await row.getByRole('link', { name: reference }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: `Directory report ${reference}` })).toBeFocused()
    await expect(staff.getByText('The dentist also speaks Tagalog.')).toBeVisible()
    expect(await axeViolations(staff), 'a report').toEqual([])

    // The provider's languages corrected, with what the correction rests on.
    const before = Date.now()
    const languages = staff.getByLabel('Provider languages')
    await languages.focus()
    await staff.keyboard.press('ControlOrMeta+a')
    await staff.keyboard.type(corrected)
    await staff.getByLabel('What the correction rests on').focus()
    await staff.keyboard.type('The office confirmed it by phone.')
    await staff.keyboard.press('Tab')
    await expect(staff.getByRole('button', { name: 'Save the correction' })).toBeFocused()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('status').filter({ hasText: 'Corrected: the directory shows' })).toBeVisible()
    const record = staff.getByRole('region', { name: 'The directory record' })
    await expect(record).toContainText(corrected)
    await expect(staff.getByRole('region', { name: 'History' })).toContainText('Corrected')

    // Closed as verified, with the note the reporter reads.
    const note = `We called the office: the dentist speaks Tagalog too (${width}).`
    await staff.getByLabel('Note to the reporter').focus()
    await staff.keyboard.type(note)
    await staff.keyboard.press('Tab')
    await staff.keyboard.press('Enter')
    await expect(staff.getByText('Status: Verified')).toBeVisible()
    await expect(staff.getByRole('region', { name: 'Correct the record' })).toHaveCount(0)
    expect(await axeViolations(staff), 'a closed report').toEqual([])
    expect(problems).toEqual([])

    // The public directory shows the new value, and its "last updated" is the correction's.
    await page.goto(`/directory?name=${name}`)
    await waitForHydration(page)
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Tagalog')
    const today = new Date().toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    })
    await expect(page.getByRole('status').filter({ hasText: 'Last updated' })).toContainText(today)
    const { updatedAt } = (await (await page.request.get('/api/v4/providers?pageSize=1')).json()) as {
      updatedAt: string
    }
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(before - 1000)

    await expect
      .poll(async () => (await mailsTo(page, email)).map((mail) => mail.subject))
      .toContain(`Directory report ${reference}: our answer`)
    const answer = (await mailsTo(page, email)).find((mail) => mail.subject.endsWith('our answer'))!
    expect(answer.body).toContain(note)
    await staff.context().close()
  })

  test(`a contact message is answered from the console with the keyboard, and its sender gets the reply (${width} px)`, async ({
    page,
    browser,
  }) => {
    // A visitor writes through the contact form's API (the page's CSRF token).
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address() })
    await page.goto('/')
    const email = `writer-${Date.now()}-${width}@example.com`
    const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
    const sent = await page.request.post('/api/v4/contact', {
      data: { name: `Sam Writer ${width}`, email, topic: 'billing', message: 'Why was I charged the fee twice?' },
      headers: { 'csrf-token': token ?? '' },
    })
    expect(sent.status()).toBe(201)

    const staff = await staffPage(browser, width)
    const problems = watchConsole(staff)
    // The first screen has taken focus (its heading) before the way to the next is chosen.
    await expect(staff.getByRole('heading', { level: 1, name: 'Grievances' })).toBeFocused()
    await staff.getByRole('link', { name: 'Messages' }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: 'Messages' })).toBeFocused()
    await staff.getByLabel('Topic').selectOption({ label: 'Billing' })
    await staff.getByLabel('Status').selectOption({ label: 'Open' })
    await expect(staff).toHaveURL(/topic=billing/)
    const row = staff.getByRole('row', { name: new RegExp(`Sam Writer ${width}`) })
    await expect(row).toContainText('Open')
    expect(await axeViolations(staff), 'the messages').toEqual([])

    await row.getByRole('link', { name: `Sam Writer ${width}` }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: `Message from Sam Writer ${width}` })).toBeFocused()
    await expect(staff.getByText('Why was I charged the fee twice?')).toBeVisible()
    expect(await axeViolations(staff), 'a message').toEqual([])

    const reply = `The second charge was a hold and is released within five days (${width}).`
    await staff.getByLabel('Your reply').focus()
    await staff.keyboard.type(reply)
    await staff.keyboard.press('Tab')
    await expect(staff.getByRole('button', { name: 'Send the reply' })).toBeFocused()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('status').filter({ hasText: `Reply sent to ${email}.` })).toBeVisible()
    const thread = staff.getByRole('region', { name: 'Thread' })
    await expect(thread.getByRole('listitem')).toHaveCount(2)
    await expect(thread.getByRole('listitem').last()).toContainText(reply)
    await expect(thread.getByRole('listitem').last()).toContainText(SUPPORT.email)
    await expect(staff.getByText('Status: Answered')).toBeVisible()
    expect(await axeViolations(staff), 'an answered message').toEqual([])
    expect(problems).toEqual([])

    await expect.poll(async () => (await mailsTo(page, email)).map((mail) => mail.body).join('\n')).toContain(reply)
    await staff.context().close()
  })
}
