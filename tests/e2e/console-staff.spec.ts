import { totpCode } from '#server/platform/auth/totp.ts'
import { axeViolations, expect, mailsTo, test, watchConsole } from './fixtures.ts'
import { demoStaff, staffPage } from './support/staff.ts'

const ADMIN = demoStaff('admin')
const PASSWORD = 'A-new-colleague-2026!'

for (const width of [1280, 375]) {
  test(`an administrator invites a staff member, who sets a password and enrols; deactivated, they are signed out; the audit trail shows it (${width} px)`, async ({
    browser,
  }) => {
    const admin = await staffPage(browser, width, ADMIN)
    const problems = watchConsole(admin)

    // The Staff screen, from the console's navigation, with the keyboard (once the first screen has taken focus).
    await expect(admin.getByRole('heading', { level: 1, name: 'Grievances' })).toBeFocused()
    // The inbox's quarterly export for the DMHC is a download.
    const report = admin.waitForEvent('download')
    await admin.getByRole('link', { name: /Export the quarter’s grievances as CSV/ }).click()
    expect((await report).suggestedFilename()).toMatch(/^grievances-.+-\d{4}-Q[1-4]\.csv$/)
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).focus()
    await admin.keyboard.press('Enter')
    await expect(admin.getByRole('heading', { level: 1, name: 'Staff' })).toBeFocused()
    await expect(admin.getByRole('row', { name: new RegExp(ADMIN.email) })).toContainText('Administrator')
    expect(await axeViolations(admin), 'the staff').toEqual([])

    // The invitation, typed and sent with the keyboard (member services is checked already).
    const email = `colleague-${width}-${Date.now()}@example.com`
    await admin.getByLabel('Email').focus()
    await admin.keyboard.type(email)
    await admin.keyboard.press('Tab')
    await admin.keyboard.type('Jamie')
    await admin.keyboard.press('Tab')
    await admin.keyboard.type(`Colleague ${width}`)
    await admin.keyboard.press('Enter')
    await expect(admin.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible()
    const row = admin.getByRole('row', { name: new RegExp(email) })
    await expect(row).toContainText('Invited (no password yet)')
    await expect(row).toContainText('Not set up')

    // The colleague opens the mail's link and chooses a password.
    const [invitation] = await mailsTo(admin, email)
    const link = /https?:\/\/\S+\/console\/set-password\?token=[\w-]+/.exec(invitation!.body)?.[0]
    expect(link).toBeDefined()
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const colleague = await context.newPage()
    await colleague.goto(new URL(link!).pathname + new URL(link!).search)
    await expect(colleague.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible()
    await colleague.getByLabel('New password').focus()
    await colleague.keyboard.type(PASSWORD)
    await colleague.keyboard.press('Enter')
    await expect(colleague.getByRole('status')).toContainText('Your password is set.')
    expect(await axeViolations(colleague), 'the password chosen').toEqual([])

    // Their first sign-in sets up the authenticator app with the secret shown as text.
    await colleague.getByRole('link', { name: 'Sign in to the console' }).click()
    await colleague.getByLabel('Email').fill(email)
    await colleague.getByLabel('Password').fill(PASSWORD)
    await colleague.keyboard.press('Enter')
    await expect(colleague.getByRole('heading', { level: 2, name: 'Set up your authenticator app' })).toBeFocused()
    const secret = (await colleague.getByLabel('Secret', { exact: true }).innerText()).replace(/\s/g, '')
    await colleague.getByLabel('Code', { exact: true }).fill(totpCode(secret, new Date()))
    await colleague.keyboard.press('Enter')
    await colleague.getByRole('button', { name: 'I have saved them: continue' }).click()
    await expect(colleague.getByRole('heading', { level: 1, name: 'Grievances' })).toBeVisible()

    // The administrator sees them enrolled, and deactivates them with a reason.
    await admin.reload()
    await expect(row).toContainText('Active')
    await expect(row).toContainText('Set up')
    await row.getByRole('button', { name: `Manage ${email}` }).click()
    await admin.getByLabel('Reason').fill(`Left the team (${width}).`)
    await admin.getByRole('button', { name: 'Deactivate and sign out' }).click()
    await expect(admin.getByRole('status').filter({ hasText: 'Deactivated.' })).toBeVisible()
    await expect(row).toContainText('Deactivated')
    expect(await axeViolations(admin), 'an account managed').toEqual([])

    // The colleague's next page is the sign-in again.
    await colleague.reload()
    await expect(colleague.getByRole('heading', { level: 1, name: 'Member services sign-in' })).toBeVisible()
    expect((await colleague.request.get('/api/v4/staff/me')).status()).toBe(401)

    // The audit trail shows the deactivation with its reason, and exports as CSV.
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit trail' }).click()
    await expect(admin.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeFocused()
    // Its own entry (the other width's run writes one too).
    const entry = admin.getByRole('row', { name: new RegExp(`staff\\.deactivated .*Left the team \\(${width}\\)`) })
    await expect(entry).toContainText('staff.deactivated')
    await expect(entry).toContainText(ADMIN.email)
    expect(await axeViolations(admin), 'the audit trail').toEqual([])
    const download = admin.waitForEvent('download')
    await admin.getByRole('link', { name: 'Export this period as CSV' }).click()
    expect((await download).suggestedFilename()).toMatch(/^audit-.+\.csv$/)
    expect(problems).toEqual([])
    await context.close()
    await admin.context().close()
  })
}
