import { axeViolations, expect, mailsTo, newAccount, signIn, test, waitForHydration, watchConsole } from './fixtures.ts'
import { address, fileGrievance } from './support/grievance-form.ts'
import { demoStaff, staffPage, staffSignIn } from './support/staff.ts'

const SUPPORT = demoStaff('support')
const ADMIN = demoStaff('admin')

for (const width of [1280, 375]) {
  test(`member services finds a member's grievance as due, acknowledges and resolves it with the keyboard; the member sees the response and gets both mails (${width} px)`, async ({
    page,
    browser,
  }) => {
    // A member files a grievance on the site.
    await page.setViewportSize({ width, height: 900 })
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address() })
    await page.goto('/')
    const account = await newAccount(page, 'console')
    await signIn(page, account)
    const reference = await fileGrievance(page, { name: `Casey Console ${width}` })

    // Support signs in with a code of the authenticator app, and finds it in the inbox as due.
    const staff = await staffPage(browser, width, SUPPORT)
    const problems = watchConsole(staff)
    await expect(staff).toHaveURL(/\/console\/grievances$/)
    await expect(staff.getByRole('heading', { level: 1, name: 'Grievances' })).toBeFocused()
    const row = staff.getByRole('row', { name: new RegExp(reference) })
    await expect(row).toContainText('Received')
    await expect(row).toContainText('5 days left')
    await expect(row).toContainText('30 days left')
    expect(await axeViolations(staff), 'the inbox').toEqual([])

    // Only the received ones: it is there; only the overdue ones: it is not.
    await staff.getByLabel('Status').selectOption({ label: 'Received' })
    await expect(staff).toHaveURL(/status=received/)
    await expect(row).toBeVisible()
    await staff.getByLabel('Overdue only').check()
    await expect(staff).toHaveURL(/overdue=true/)
    await expect(row).toHaveCount(0)
    await staff.getByLabel('Overdue only').uncheck()
    await expect(staff).not.toHaveURL(/overdue=true/)
    await expect(row).toBeVisible()

    // Its detail, opened from the keyboard.
    await row.getByRole('link', { name: reference }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: `Grievance ${reference}` })).toBeFocused()
    await expect(staff.getByText('The office charged the full fee instead of the member fee.')).toBeVisible()
    await expect(staff.getByText(account.email)).toBeVisible()
    expect(await axeViolations(staff), 'a grievance').toEqual([])
    // Filed signed in: linked to the member, whose record is a keystroke away.
    await staff.getByRole('link', { name: 'Open the member’s record' }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: 'Casey console' })).toBeFocused()
    await staff.goBack()
    await expect(staff.getByRole('heading', { level: 1, name: `Grievance ${reference}` })).toBeFocused()

    // Acknowledged: one keystroke on the form's button.
    await staff.getByRole('button', { name: 'Acknowledge and mail the member' }).focus()
    await staff.keyboard.press('Enter')
    await expect(
      staff.getByRole('status').filter({ hasText: 'Acknowledged: the member has been mailed.' }),
    ).toBeVisible()
    await expect(staff.getByText('Status: Acknowledged')).toBeVisible()

    // Resolved with a written response, typed and sent with the keyboard.
    const resolution = `We refunded the difference of $40 to your card (${width}).`
    await staff.getByLabel('Resolution').focus()
    await staff.keyboard.type(resolution)
    await staff.keyboard.press('Tab')
    await expect(staff.getByRole('button', { name: 'Resolve and send to the member' })).toBeFocused()
    await staff.keyboard.press('Enter')
    await expect(staff.getByText('Status: Resolved')).toBeVisible()
    const sent = staff.getByRole('region', { name: 'Sent to the member' })
    await expect(sent.getByRole('listitem')).toHaveCount(2)
    await expect(sent.getByRole('listitem').last()).toContainText(resolution)
    const history = staff.getByRole('region', { name: 'History' })
    await expect(history.getByRole('listitem')).toHaveCount(2)
    await expect(history.getByRole('listitem').first()).toContainText('Acknowledged')
    await expect(history.getByRole('listitem').last()).toContainText('Resolved')
    await expect(history).toContainText(SUPPORT.email)
    expect(await axeViolations(staff), 'a resolved grievance').toEqual([])
    expect(problems).toEqual([])

    // The member sees the status and the response, and has both mails.
    await page.goto('/grievance-form/status')
    await waitForHydration(page)
    const item = page.getByRole('list', { name: 'Your grievances, newest first' }).getByRole('listitem', {
      name: `Grievance ${reference}`,
    })
    await expect(item).toContainText('StatusResolved')
    await expect(item).toContainText(resolution)
    const mails = await mailsTo(page, account.email)
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([`Grievance ${reference} acknowledged`, `Grievance ${reference}: our decision`]),
    )
    expect(mails.find((mail) => mail.subject.endsWith('our decision'))?.body).toContain(resolution)
    await staff.context().close()
  })
}

test('the console is not indexed, refuses a member, and signs out', async ({ page, request }) => {
  const answer = await request.get('/console/grievances')
  expect(answer.headers()['x-robots-tag']).toBe('noindex, nofollow')
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /console')
  expect((await request.get('/api/v4/staff/grievances')).status()).toBe(401)

  // A member's password is not a staff sign-in: the site's own answer, nothing about whether it is right.
  await page.goto('/console')
  await page.getByLabel('Email').fill('member@demo.test')
  await page.getByLabel('Password').fill('Demo-Member-2026!')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  expect(await axeViolations(page), 'the sign-in refusing').toEqual([])

  // A wrong code is refused at its field; the right one signs in; Sign out ends it.
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Code').fill('000000')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription(/That code is not right/)
  await staffSignIn(page, ADMIN)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Member services sign-in' })).toBeVisible()
  expect((await page.request.get('/api/v4/staff/me')).status()).toBe(401)
})
