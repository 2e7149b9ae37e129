import type { Browser, Page } from '@playwright/test'
import { grievanceDueDates } from '#schemas/grievance-deadlines.ts'
import { axeViolations, expect, mailsTo, newAccount, signIn, test, waitForHydration, watchConsole } from './fixtures.ts'
import { address, fileGrievance, mmddyy } from './support/grievance-form.ts'

async function visitorPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address() })
  return context.newPage()
}

for (const width of [1280, 375]) {
  test(`a member sees the grievances filed by them and with their number, with status and due dates; a visitor looks one up by reference and email (${width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address() })
    const problems = watchConsole(page)
    await page.goto('/')
    const account = await newAccount(page, 'grievant')
    await signIn(page, account)
    const info = (await (await page.request.get('/api/v4/member/info')).json()) as { memberNumber: string }

    // Filed signed in: the email is the member's own.
    const own = await fileGrievance(page, { name: 'Casey Grievant' })
    // Filed by someone else, signed out, with the member's number (typed in lower case), urgent.
    const visitor = await visitorPage(browser, width)
    const visitorEmail = `spouse-${Date.now()}-${width}@example.com`
    const withNumber = await fileGrievance(visitor, {
      name: 'Jordan Grievant',
      email: visitorEmail,
      memberNumber: info.memberNumber.toLowerCase(),
      urgent: true,
    })
    await expect.poll(async () => (await mailsTo(visitor, visitorEmail))[0]?.body).toContain('/grievance-form/status')

    // The member's list, from the dashboard.
    await page.goto('/dashboard')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Your grievances and their status' }).click()
    await expect(page).toHaveURL(/\/grievance-form\/status$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Your grievances' })).toBeVisible()
    const list = page.getByRole('list', { name: 'Your grievances, newest first' })
    await expect(list.getByRole('listitem', { name: /^Grievance / })).toHaveCount(2)
    const today = new Date()
    const normal = grievanceDueDates(today, false)
    const urgent = grievanceDueDates(today, true)
    const ownItem = list.getByRole('listitem', { name: `Grievance ${own}` })
    await expect(ownItem).toContainText(`Filed${mmddyy(today)}`)
    await expect(ownItem).toContainText('AboutA bill or a fee')
    await expect(ownItem).toContainText('StatusReceived')
    await expect(ownItem).toContainText(`AcknowledgementDue by ${mmddyy(normal.acknowledgeBy)}`)
    await expect(ownItem).toContainText(`ResolutionDue by ${mmddyy(normal.resolveBy)}`)
    await expect(ownItem).toContainText('No written response yet.')
    const numberItem = list.getByRole('listitem', { name: `Grievance ${withNumber}` })
    await expect(numberItem).toContainText('StatusReceived · Urgent')
    await expect(numberItem).toContainText(`ResolutionDue by ${mmddyy(urgent.resolveBy)}`)
    // The newest first.
    await expect(list.getByRole('listitem', { name: /^Grievance / }).first()).toHaveAccessibleName(
      `Grievance ${withNumber}`,
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    expect(await axeViolations(page), 'the member’s grievances').toEqual([])

    // Signed out, with the keyboard alone: the reference as the acknowledgement gave it and the email it was filed with.
    await visitor.goto('/grievance-form')
    await waitForHydration(visitor)
    await visitor.getByRole('link', { name: 'Check a grievance’s status' }).click()
    await expect(visitor.getByRole('heading', { level: 1, name: 'Grievance status' })).toBeVisible()
    await waitForHydration(visitor)
    await visitor.getByLabel('Reference').focus()
    await visitor.keyboard.type(withNumber.toLowerCase())
    await visitor.keyboard.press('Tab')
    await expect(visitor.getByLabel('Email')).toBeFocused()
    await visitor.keyboard.type(visitorEmail)
    await visitor.keyboard.press('Tab')
    await expect(visitor.getByRole('button', { name: 'Look up' })).toBeFocused()
    await visitor.keyboard.press('Enter')
    const found = visitor.getByRole('article', { name: `Grievance ${withNumber}` })
    await expect(found).toContainText('StatusReceived · Urgent')
    await expect(found).toContainText(`AcknowledgementDue by ${mmddyy(urgent.acknowledgeBy)}`)
    expect(await axeViolations(visitor), 'a grievance looked up').toEqual([])

    // A wrong email: the not-found sentence, and nothing of the grievance.
    await visitor.getByLabel('Email').fill('someone-else@example.com')
    await visitor.getByRole('button', { name: 'Look up' }).click()
    await expect(visitor.getByRole('alert')).toHaveText(
      'No grievance with that reference and email. Check both, as in your acknowledgement.',
    )
    await expect(found).toHaveCount(0)
    // The member's own grievance with the visitor's email: the same sentence.
    await visitor.getByLabel('Reference').fill(own)
    await visitor.getByLabel('Email').fill(visitorEmail)
    await visitor.getByRole('button', { name: 'Look up' }).click()
    await expect(visitor.getByRole('alert')).toHaveText(
      'No grievance with that reference and email. Check both, as in your acknowledgement.',
    )
    expect(await axeViolations(visitor), 'not found').toEqual([])
    await visitor.context().close()
    expect(problems).toEqual([])
  })
}
