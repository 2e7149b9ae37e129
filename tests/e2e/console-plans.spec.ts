import { axeViolations, expect, test, watchConsole } from './fixtures.ts'
import { demoStaff, staffPage } from './support/staff.ts'

const ADMIN = demoStaff('admin')

/** Each width changes a plan of its own: the two runs go at once, and a plan waits for one change at a time. */
const PLAN_OF: Record<number, { id: string; name: string }> = {
  1280: { id: '101', name: 'Essential' },
  375: { id: '103', name: 'Premier' },
}

for (const width of [1280, 375]) {
  test(`an administrator schedules a plan's new price with the notice members are promised, sees it refused sooner, and cancels it (${width} px)`, async ({
    browser,
  }) => {
    const admin = await staffPage(browser, width, ADMIN)
    const problems = watchConsole(admin)
    await expect(admin.getByRole('heading', { level: 1, name: 'Grievances' })).toBeFocused()
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Plans and prices' }).focus()
    await admin.keyboard.press('Enter')
    await expect(admin.getByRole('heading', { level: 1, name: 'Plans and prices' })).toBeFocused()
    const { id, name: plan } = PLAN_OF[width]!
    await admin.getByLabel('Plan', { exact: true }).selectOption(id)
    const form = admin.getByRole('form', { name: `Change the ${plan} plan’s price` })
    await expect(form).toContainText('needs 30 days’ notice to every member')
    expect(await axeViolations(admin), 'the plans').toEqual([])

    // A higher price from tomorrow: refused at the date, naming the first day allowed.
    const earliest = await form.getByLabel('From the day').inputValue()
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    await form.getByLabel('New price in dollars').fill('99.95')
    await form.getByLabel('From the day').fill(tomorrow)
    await form.getByLabel('Reason').fill(`New fee schedule (${width})`)
    await form.getByRole('button', { name: 'Schedule the price' }).click()
    const dateError = `A higher price needs 30 days’ notice to every member: choose ${earliest} or later.`
    await expect(form.getByLabel('From the day')).toHaveAccessibleDescription(dateError)
    await expect(form.getByLabel('From the day')).toHaveAttribute('aria-invalid', 'true')

    // On the first day allowed it is scheduled, and listed; nothing typed was lost meanwhile.
    await expect(form.getByLabel('New price in dollars')).toHaveValue('99.95')
    await form.getByLabel('From the day').fill(earliest)
    await form.getByRole('button', { name: 'Schedule the price' }).click()
    await expect(form.getByRole('status')).toContainText('Scheduled: $99.95 a month from')
    // The newest first (a retry of this run may have left a cancelled one of the same day).
    const row = admin.getByRole('row', { name: new RegExp(`^${plan} .*→ \\$99\\.95 a month`) }).first()
    await expect(row).toContainText('Scheduled')
    await expect(row).toContainText(ADMIN.email)
    expect(await axeViolations(admin), 'a change scheduled').toEqual([])

    // Cancelled before its day, with a reason.
    await row.getByLabel(new RegExp(`Why cancel ${plan}’s change`)).fill('Postponed')
    await row.getByRole('button', { name: 'Cancel the change' }).click()
    await expect(row).toContainText('Cancelled')
    // The refused date's 422 is the only complaint the browser logs.
    expect(problems.filter((problem) => !problem.includes('status of 422'))).toEqual([])
    await admin.context().close()
  })
}
