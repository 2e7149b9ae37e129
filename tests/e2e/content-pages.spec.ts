import { demoData } from '#site-config/demo-data/index.ts'
import {
  axeViolations,
  defaultTenant,
  expect,
  mailsTo,
  tenantContent,
  test,
  waitForHydration,
  watchConsole,
} from './fixtures.ts'

const published = tenantContent(defaultTenant.groupKey)
const administrator = published.footer.variables.sponsored_by_text!.replace(/^Administered by /, '')

test('the home page carries the “not insurance” disclosure with the plan administrator’s name and links the GRIEVANCE FORM', async ({
  page,
}) => {
  const problems = watchConsole(page)
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  const disclosure = page.getByRole('note', { name: 'This plan is not insurance' })
  await expect(disclosure).toContainText(`administered by ${administrator}`)
  await expect(disclosure.getByRole('link', { name: 'GRIEVANCE FORM', exact: true })).toHaveAttribute(
    'href',
    '/grievance-form',
  )
  await expect(page.getByRole('link', { name: 'See plans and prices' })).toHaveAttribute('href', '/join-now')
  expect(problems).toEqual([])
})

test('the FAQ answers open and close from the keyboard', async ({ page }) => {
  await page.goto('/faq')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()
  const question = page.getByText('Is this dental insurance?')
  await question.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('This is a dental savings plan, not insurance.', { exact: false })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByText('This is a dental savings plan, not insurance.', { exact: false })).toBeHidden()
})

test('the terms give the policy’s 30-day refund window and Arizona’s pro-rata refund; the Arizona page gives the disclosures of A.R.S. § 44-1799', async ({
  page,
}) => {
  await page.goto('/terms')
  await expect(page.getByRole('heading', { level: 2, name: '4. Cancelling and refunds' })).toBeVisible()
  // The policy's numbers, filled into the content's words (schemas/policy-words.ts).
  await expect(
    page.getByText(
      'If you cancel within 30 days of a payment, your membership ends at once and we refund that payment in full.',
    ),
  ).toBeVisible()
  await expect(page.getByText('In Arizona, a yearly membership cancelled after 30 days ends at once')).toBeVisible()
  await page.goto('/arizona')
  await expect(page.getByRole('heading', { level: 1, name: 'Notice to Arizona residents' })).toBeVisible()
  await expect(page.getByRole('note', { name: 'This plan is not insurance' })).toContainText(
    'The plan does not make payments directly to the providers of dental services.',
  )
  await expect(
    page.getByRole('heading', { level: 2, name: 'Cancelling with 30 days’ written notice'.replace('’', "'") }),
  ).toBeVisible()
  await expect(page.getByText('Turning off automatic renewal is not a cancellation')).toBeVisible()
  await expect(
    page
      .getByRole('link', {
        name: published.header.variables
          .header_phone_number!.replace(/\D/g, '')
          .replace(/(\d{3})(\d{3})(\d{4})/, '($1) $2-$3'),
      })
      .last(),
  ).toBeVisible()
})

test.describe('accessibility of the content pages', () => {
  for (const width of [1280, 375]) {
    test(`home, FAQ, terms, privacy, Arizona and support pass axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      for (const path of ['/', '/faq', '/terms', '/privacy', '/arizona', '/support']) {
        await page.goto(path)
        await waitForHydration(page)
        expect(await axeViolations(page), path).toEqual([])
      }
    })
  }
})

test('support: the contact form says what each field needs, keeps what was typed, sends the message and says what happens next; the mail is in the outbox', async ({
  page,
}) => {
  await page.goto('/support')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Send us a message' })
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByLabel('Your name')).toBeFocused()
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Tell us a little more (at least 10 characters)')
  const email = `support-${Date.now()}@example.com`
  await form.getByLabel('Your name').fill('Ana Silva')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone (optional)').fill('555')
  await form.getByLabel('Topic').selectOption({ label: 'Billing and payments' })
  await form.getByLabel('Message').fill('I was charged twice for the same month. Can you check?')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByLabel('Phone (optional)')).toHaveAccessibleDescription('Enter a ten-digit phone number')
  await expect(form.getByLabel('Message')).toHaveValue('I was charged twice for the same month. Can you check?')
  await form.getByLabel('Phone (optional)').fill('')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status')).toContainText('answer by email within two business days')
  const [mail] = await mailsTo(page, email)
  expect(mail?.subject).toBe('We received your message')
  // Nothing the sender typed goes back to an address nobody has verified.
  expect(mail?.body).toContain('We received your message and answer within two business days.')
  expect(mail?.body).not.toContain('I was charged twice')
  expect(mail?.body).not.toContain('Ana Silva')
  expect(await axeViolations(page)).toEqual([])
})

test('support in Spanish: the contact form’s labels, its own checks and what it says once sent are the content’s Spanish', async ({
  page,
}) => {
  await page.goto('/es/support')
  await waitForHydration(page)
  const form = page.getByRole('form', { name: 'Envíenos un mensaje' })
  await form.getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(form.getByLabel('Su nombre')).toBeFocused()
  await expect(form.getByLabel('Mensaje')).toHaveAccessibleDescription('Cuéntenos un poco más (al menos 10 caracteres)')
  await form.getByLabel('Su nombre').fill('Ana Silva')
  await form.getByLabel('Correo electrónico').fill(`soporte-${Date.now()}@example.com`)
  await form.getByLabel('Asunto').selectOption({ index: 1 })
  await form.getByLabel('Mensaje').fill('Me cobraron dos veces el mismo mes. ¿Pueden revisarlo?')
  await form.getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(page.getByRole('status')).toContainText('Gracias. Su mensaje se envió.')
  await expect(page.getByRole('status')).toContainText('Servicios para Miembros lee todos los mensajes')
})

test('the savings summary shows each plan’s fees from the plan API, and the exact yearly saving of a family of four', async ({
  page,
}) => {
  const demo = demoData[defaultTenant.groupKey]!
  const family = demo.plans.find((plan) => plan.name === 'Family')!
  const problems = watchConsole(page)
  await page.goto('/savings-summary')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('note', { name: 'Not insurance' })).toContainText(
    `administered by ${defaultTenant.companyName}`,
  )
  const crown = family.feeSchedule.find((fee) => fee.code === 'D2740')!
  const table = page.getByRole('table', { name: 'Fees on the Family plan' })
  await expect(table.getByRole('row', { name: /Porcelain crown/ })).toContainText(
    `$${(crown.memberFeeCents / 100).toFixed(2)}`,
  )

  const counts: Record<string, number> = { D0120: 8, D1110: 4, D1120: 4, D0210: 2, D2740: 1 }
  await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Family' })
  await page.getByLabel('People in the household').fill('4')
  for (const [code, count] of Object.entries(counts)) {
    const fee = family.feeSchedule.find((item) => item.code === code)!
    await page.getByLabel(fee.procedure, { exact: true }).fill(String(count))
  }
  const saved = family.feeSchedule.reduce(
    (sum, fee) => sum + (counts[fee.code] ?? 0) * (fee.usualFeeCents - fee.memberFeeCents),
    0,
  )
  const net = saved - (4 * family.annualPriceCents + family.enrollmentFeeCents)
  await expect(page.getByTestId('net-saving')).toHaveText(`$${(Math.abs(net) / 100).toFixed(2)}`)
  await expect(
    page.getByText(net >= 0 ? 'You save' : 'The plan costs more than it saves by', { exact: true }),
  ).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  expect(problems).toEqual([])
})

test('the home page’s plan cards and savings table carry the plan API’s prices in the first HTML; the FAQ loads none of their code', async ({
  request,
}) => {
  const plans = demoData[defaultTenant.groupKey]!.plans
  const home = await (await request.get('/')).text()
  for (const plan of plans) expect(home).toContain(`$${(plan.monthlyPriceCents / 100).toFixed(2)}`)
  expect(home).toContain('Member fees on the Family plan')
  expect(home).not.toContain('data-skeleton')
  const faq = await (await request.get('/faq')).text()
  expect(faq).not.toMatch(/assets\/(plans|section-plan-cards|section-savings-table)-/)
})

const sectionChunk = (path: string) =>
  /\/assets\/section-(hero|features|plan-cards|savings-table|notice|cta)-[\w-]+\.js$/.test(path)

test('the home page keeps its sections as the server sent them: their code never loads, and their links open pages in place, fetched ahead', async ({
  page,
}) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(new URL(request.url()).pathname))
  const problems = watchConsole(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => Reflect.set(window, 'sameDocument', true))
  const family = page.getByRole('link', { name: 'Join now: the Family plan' })
  await family.hover()
  // The join page's code was fetched ahead (in view, or on hover), before any click.
  await expect.poll(() => requests.some((path) => /\/assets\/page-join-now-[\w-]+\.js$/.test(path))).toBe(true)
  await family.click()
  await expect(page).toHaveURL(/\/join-now\?plan_id=102$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  expect(
    await page.evaluate(() => Reflect.get(window, 'sameDocument') as unknown),
    'the join page opened without loading a new document',
  ).toBe(true)
  expect(requests.filter(sectionChunk), 'the code of the home page’s sections').toEqual([])
  expect(problems).toEqual([])
})

test('home opened from another page renders its sections in the browser, the plans’ prices and the savings table included', async ({
  page,
}) => {
  const plans = demoData[defaultTenant.groupKey]!.plans
  await page.goto('/faq')
  await waitForHydration(page)
  await page.evaluate(() => Reflect.set(window, 'sameDocument', true))
  await page.getByRole('banner').getByRole('link', { name: published.header.variables.header_log_alt! }).click()
  await expect(page).toHaveURL(/\/$/)
  for (const plan of plans)
    await expect(page.getByRole('link', { name: `Join now: the ${plan.name} plan` })).toBeVisible()
  for (const plan of plans)
    await expect(page.getByText(`$${(plan.monthlyPriceCents / 100).toFixed(2)}`).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What a Family member pays' })).toBeVisible()
  expect(await page.evaluate(() => Reflect.get(window, 'sameDocument') as unknown)).toBe(true)
})
