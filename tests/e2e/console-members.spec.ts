import { z } from '#schemas/engine/zod.ts'
import { axeViolations, expect, mailsTo, signIn, test, watchConsole } from './fixtures.ts'
import { checkoutToPayment, testCardToken, visitor } from './support/http-client.ts'
import { demoStaff, staffPage } from './support/staff.ts'

// An administrator does member services' work too, and reads the audit trail: one sign-in a test, and
// the two widths one after the other, since a code is accepted once (the grievance journeys sign
// support and the administrator in meanwhile).
const ADMIN = demoStaff('admin')
test.describe.configure({ mode: 'serial' })

for (const width of [1280, 375]) {
  test(`an administrator of member services finds a member by member number and refunds part of a receipt with the keyboard; the member's receipts show it, the member is mailed, and the audit trail keeps the reason (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // A member joins through the checkout.
    const email = `console-members-${width}-${Date.now()}@example.com`
    const buyer = await visitor(baseURL!)
    await checkoutToPayment(buyer, email)
    const paid = await buyer.call<{ receipt: { id: number; amountCents: number } }>(
      'POST',
      '/api/km/checkout/payment',
      { cardToken: testCardToken(), autoRenewalConsent: true },
    )
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const receipt = paid.body.receipt
    const { memberNumber, firstName, lastName } = (
      await buyer.call<{ memberNumber: string; firstName: string; lastName: string }>('GET', '/api/v4/member/info')
    ).body
    await buyer.dispose()

    // Member services find the member by member number, from the keyboard.
    const staff = await staffPage(browser, width, ADMIN)
    const problems = watchConsole(staff)
    await staff.getByRole('link', { name: 'Members' }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: 'Members' })).toBeFocused()
    await staff.getByLabel('Find a member').focus()
    await staff.keyboard.type(memberNumber)
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('status').filter({ hasText: '1 member found by member number' })).toBeVisible()
    const row = staff.getByRole('row', { name: new RegExp(memberNumber) })
    await expect(row).toContainText(email)
    await expect(row).toContainText('Active')
    expect(await axeViolations(staff), 'the search').toEqual([])
    await row.getByRole('link', { name: `${firstName} ${lastName}` }).focus()
    await staff.keyboard.press('Enter')
    await expect(staff.getByRole('heading', { level: 1, name: `${firstName} ${lastName}` })).toBeFocused()
    await expect(staff.getByText(`Member number ${memberNumber}`)).toBeVisible()
    expect(await axeViolations(staff), 'the record').toEqual([])

    // A refund of $10.00 of the receipt, with its reason, in the dialog.
    await staff.getByRole('button', { name: `Refund receipt ${receipt.id}` }).focus()
    await staff.keyboard.press('Enter')
    const dialog = staff.getByRole('dialog', { name: `Refund receipt ${receipt.id}` })
    await expect(dialog).toBeVisible()
    expect(await axeViolations(staff), 'the refund dialog').toEqual([])
    await dialog.getByLabel('Amount to refund (dollars)').focus()
    await staff.keyboard.type('10.00')
    await staff.keyboard.press('Tab')
    await expect(dialog.getByLabel('Reason')).toBeFocused()
    const reason = `Charged for a cleaning not given (${width} px).`
    await staff.keyboard.type(reason)
    await dialog.getByRole('button', { name: 'Refund' }).focus()
    await staff.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(
      staff.getByRole('status').filter({ hasText: `$10.00 of receipt ${receipt.id} is refunded.` }),
    ).toBeVisible()
    await expect(staff.getByRole('row', { name: new RegExp(`^${receipt.id}\\b`) })).toContainText('$10.00 on')
    expect(problems).toEqual([])

    // The member's dashboard shows the refund on the receipt, and the member got the mail.
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await signIn(page, { email, password: 'Checkout-Pass-31!' })
    await page.goto('/dashboard')
    await expect(page.getByText('$10.00 refunded')).toBeVisible()
    expect((await mailsTo(page, email)).map((mail) => mail.subject)).toContain('Your refund of $10.00')

    // The audit trail keeps who did it and why.
    const trail = z
      .object({
        entries: z.array(
          z.object({ actor: z.nullable(z.string()), action: z.string(), reason: z.nullable(z.string()) }),
        ),
      })
      .parse(await (await staff.request.get('/api/v4/staff/audit?action=member.refund')).json())
    expect(trail.entries).toContainEqual(
      expect.objectContaining({ actor: ADMIN.email, action: 'member.refund', reason }),
    )
    await staff.context().close()
  })
}
