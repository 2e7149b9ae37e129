import { z } from '#schemas/engine/zod.ts'
import { axeViolations, expect, mailsTo, test, watchConsole } from './fixtures.ts'
import { checkoutToPayment, testCardToken, visitor } from './support/http-client.ts'
import { demoStaff, staffPage } from './support/staff.ts'

// Member services put a membership right from its record (issue 40 §6), with the keyboard: renewal
// back on, a refused notice said in its dialog, and a cancelled membership reinstated.
// An administrator, who also reads the audit trail (member services' own role is tested in
// server/features/members/staff-put-right.test.ts).
const ADMIN = demoStaff('admin')

test('an administrator of member services turns renewal back on and reinstates a cancelled membership without a charge, each with a reason; a refusal is said in its dialog', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `console-put-right-${Date.now()}@example.com`
  const buyer = await visitor(baseURL!)
  await checkoutToPayment(buyer, email)
  const paid = await buyer.call('POST', '/api/km/checkout/payment', {
    cardToken: testCardToken(),
    autoRenewalConsent: true,
  })
  expect(paid.status, JSON.stringify(paid.body)).toBe(201)
  const { id, firstName, lastName } = (
    await buyer.call<{ id: number; firstName: string; lastName: string }>('GET', '/api/v4/member/info')
  ).body
  await buyer.dispose()

  const staff = await staffPage(browser, 1280, ADMIN)
  await staff.goto(`/console/members/${id}`)
  await expect(staff.getByRole('heading', { level: 1, name: `${firstName} ${lastName}` })).toBeFocused()
  const membership = staff.getByRole('region', { name: 'Membership', exact: true })
  await expect(membership.getByText('Renewal price last told')).toBeVisible()
  await expect(membership.getByText(/when joining$/)).toBeVisible()

  /** Opens an action's dialog from the keyboard, types the reason and submits it. */
  const act = async (opener: string, title: string, submit: string, reason: string) => {
    await staff.getByRole('button', { name: opener }).focus()
    await staff.keyboard.press('Enter')
    const dialog = staff.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Reason').fill(reason)
    await dialog.getByRole('button', { name: submit }).focus()
    await staff.keyboard.press('Enter')
    return dialog
  }

  // An annual membership that joined today has no notice yet: the dialog says so and stays open.
  const notice = await act(
    'Send the renewal notice again',
    'Send the renewal notice again',
    'Send the notice',
    'Member asked for it.',
  )
  await expect(notice.getByRole('alert')).toContainText('none has been sent yet to send again')
  expect(await axeViolations(staff), 'a refusal in a dialog').toEqual([])
  await staff.keyboard.press('Escape')
  await expect(notice).toBeHidden()
  // From here on, nothing is refused: the console logs no error.
  const problems = watchConsole(staff)

  // Renewal off, then back on.
  await act('Turn automatic renewal off', 'Turn automatic renewal off', 'Turn renewal off', 'Asked by phone.')
  await expect(staff.getByRole('status').filter({ hasText: 'Automatic renewal is off' })).toBeVisible()
  const on = await act(
    'Turn automatic renewal back on',
    'Turn automatic renewal back on',
    'Turn renewal on',
    'The member changed their mind.',
  )
  await expect(on).toBeHidden()
  await expect(staff.getByRole('status').filter({ hasText: 'Automatic renewal is back on' })).toBeVisible()
  await expect(membership.getByText('Active', { exact: true })).toBeVisible()

  // Cancelled within the refund window, then reinstated without a charge: the quote says the refund stays.
  await act('Cancel the membership', 'Cancel the membership', 'Cancel the membership', 'Cancelled in error.')
  await expect(staff.getByRole('status').filter({ hasText: 'The membership is cancelled' })).toBeVisible()
  await staff.getByRole('button', { name: 'Reinstate the membership' }).focus()
  await staff.keyboard.press('Enter')
  const reinstate = staff.getByRole('dialog', { name: 'Reinstate the membership' })
  await expect(reinstate.getByRole('group', { name: 'Charge' })).toBeVisible()
  await expect(reinstate.getByRole('radio', { name: /^With a charge of \$/ })).toBeChecked()
  await expect(reinstate.getByText(/stays refunded/)).toBeVisible()
  expect(await axeViolations(staff), 'the reinstate dialog').toEqual([])
  await reinstate.getByRole('radio', { name: /^Without a charge/ }).check()
  await reinstate.getByLabel('Reason').fill('Cancelled by our mistake: restored as paid.')
  await reinstate.getByRole('button', { name: 'Reinstate' }).focus()
  await staff.keyboard.press('Enter')
  await expect(reinstate).toBeHidden()
  await expect(
    staff.getByRole('status').filter({ hasText: /The membership is reinstated through .+, with nothing charged/ }),
  ).toBeVisible()
  await expect(membership.getByText(/when member services reinstated it$/)).toBeVisible()
  await expect(staff.getByRole('region', { name: 'History of the membership' })).toContainText('reinstated by staff')
  expect(problems).toEqual([])

  // The member is mailed, and the audit trail keeps each reason.
  expect((await mailsTo(page, email)).map((mail) => mail.subject)).toEqual(
    expect.arrayContaining([expect.stringMatching(/renews again/), expect.stringMatching(/is reinstated/)]),
  )
  const trail = z
    .object({ entries: z.array(z.object({ action: z.string(), reason: z.nullable(z.string()) })) })
    .parse(await (await staff.request.get(`/api/v4/staff/audit?action=member.`)).json())
  for (const [action, reason] of [
    ['member.auto_renew_on', 'The member changed their mind.'],
    ['member.reinstate', 'Cancelled by our mistake: restored as paid.'],
  ])
    expect(trail.entries).toContainEqual(expect.objectContaining({ action, reason }))
  await staff.context().close()
})
