import type { Browser, BrowserContext, Page } from '@playwright/test'
import { FOOTER_KEYS, HEADER_KEYS } from '#schemas/layout.ts'
import { registry } from '#site-config/registry.ts'
import { defaultTenant, demoAccount, expect, tenantContent, test } from './fixtures.ts'
import { PLAYGROUND_PORT } from './ports.ts'
import { demoStaff, staffSignIn } from './support/staff.ts'

/** A content manager at work in the playground, on a server with its own database. */
test.describe.configure({ mode: 'serial' })
const BASE = `http://localhost:${PLAYGROUND_PORT}`
test.use({ baseURL: BASE })

const published = tenantContent(defaultTenant.groupKey)
const originalPhone = '(800) 555-0142'

let signedIn: { cookies: Parameters<BrowserContext['addCookies']>[0] } | undefined
/**
 * Signs the page in as the content manager: once for the file as a person does (the playground
 * sends them to the staff sign-in, password and authenticator code, and back), then with that
 * session's cookies. A code is accepted once per 30 s: a sign-in for each test would wait for them.
 */
async function signInToPlayground(page: Page) {
  if (!signedIn) {
    const context = await page.context().browser()!.newContext({ baseURL: BASE })
    await staffSignIn(await context.newPage(), demoStaff('content'), '/playground')
    signedIn = await context.storageState()
    await context.close()
  }
  await page.context().addCookies(signedIn.cookies)
  await page.goto('/playground')
}

const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the draft"]')
/** A tab of the editor, by the part of the content it edits (its name also counts problems). */
const tab = (page: Page, key: string) => page.locator(`[role="tab"]#tab-${key}`)

async function visitorSees(browser: Browser, path: string) {
  const context = await browser.newContext({ baseURL: BASE })
  const page = await context.newPage()
  await page.goto(path)
  return { page, close: () => context.close() }
}

test('the playground is for content managers signed in with both factors: a member and a password alone are refused', async ({
  page,
}) => {
  // Signed out: the staff sign-in, which would bring the content manager back here.
  await page.goto('/playground')
  await expect(page).toHaveURL(/\/console\?next=%2Fplayground$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Member services sign-in' })).toBeVisible()
  // A member's password is not a staff sign-in.
  await page.getByLabel('Email').fill(demoAccount('member').email)
  await page.getByLabel('Password').fill(demoAccount('member').password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  expect(await (await page.request.get('/api/auth')).json()).toEqual({ isAuthenticated: false })
  // The content manager's password through the site's sign-in: no content work without the code.
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
  expect(
    (
      await page.request.post('/api/login', { data: demoAccount('editor'), headers: { 'csrf-token': token ?? '' } })
    ).status(),
  ).toBe(200)
  expect((await page.request.get('/api/cms/working')).status()).toBe(401)
  await page.goto('/playground')
  await expect(page).toHaveURL(/\/console\?next=%2Fplayground$/)
})

test('switches every header and footer variant and sees each in the preview', async ({ page }) => {
  await signInToPlayground(page)
  await expect(tab(page, 'layout')).toHaveAttribute('aria-selected', 'true')
  const headerGroup = page.getByRole('radiogroup').first()
  for (const key of HEADER_KEYS) {
    await headerGroup.getByRole('radio', { name: new RegExp(`\\(${key}\\)`) }).check()
    await expect(preview(page).locator(`[data-block="${key}"]`)).toBeVisible()
  }
  const footerGroup = page.getByRole('radiogroup').nth(1)
  for (const key of FOOTER_KEYS) {
    await footerGroup.getByRole('radio', { name: new RegExp(`\\(${key}\\)`) }).check()
    await expect(preview(page).locator(`[data-block="${key}"]`)).toBeVisible()
  }
  // Block titles come from the registry: the picker's labels are the blocks' own.
  await expect(headerGroup.getByText(`${(await registry.definition('1_header'))!.title} (1_header)`)).toBeVisible()
  await headerGroup.getByRole('radio', { name: /\(1_header\)/ }).check()
  await footerGroup.getByRole('radio', { name: /\(1_footer\)/ }).check()
})

test('edits the phone, a menu item and the banner, previews, saves, publishes, restores', async ({ page, browser }) => {
  await signInToPlayground(page)
  await tab(page, 'header').click()
  await page.getByLabel('Phone number shown in the top bar').fill('877-555-0199')
  await page.getByLabel('Phone link (tel:)').fill('tel:8775550199')
  await expect(preview(page).getByRole('link', { name: '(877) 555-0199' }).first()).toBeVisible()

  await page.locator('#root_header_variables_header_menu_0_title').fill('Find your dentist')
  await expect(
    preview(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find your dentist' }),
  ).toBeVisible()

  await page.getByLabel('Show the banner').check()
  await page.getByLabel('Banner text (rich text)').fill('Open late on <strong>Thursdays</strong>')
  await expect(preview(page).locator('[data-part="banner"]')).toHaveText('Open late on Thursdays')

  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()

  // The draft on the real site, for the content manager; the published site for everyone else.
  const draftPage = await page.context().newPage()
  await draftPage.goto('/?version=working')
  await expect(draftPage.getByRole('region', { name: 'Preview' })).toContainText(
    'You are viewing an unpublished version of this site.',
  )
  await expect(draftPage.getByRole('link', { name: '(877) 555-0199' }).first()).toBeVisible()
  await draftPage.close()
  const before = await visitorSees(browser, '/')
  await expect(before.page.getByRole('link', { name: originalPhone }).first()).toBeVisible()
  await before.close()

  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByLabel('What changed (for the history)').fill('New phone and banner')
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Published as version #\d+/ })).toBeVisible()
  const after = await visitorSees(browser, '/')
  await expect(after.page.getByRole('link', { name: '(877) 555-0199' }).first()).toBeVisible()
  await expect(after.page.locator('[data-part="banner"]')).toHaveText('Open late on Thursdays')
  await after.close()

  // History: compare the first version with the draft, restore it, publish it: the site is back.
  await page.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('dialog', { name: 'Version history' })
  await expect(history.getByRole('row').filter({ hasText: 'New phone and banner' })).toContainText(
    demoAccount('editor').email,
  )
  const first = history.locator('tr[data-version]').last()
  await first.getByRole('button', { name: 'Compare with the draft' }).click()
  await expect(
    history.locator('[data-compare] tr').filter({ hasText: 'header.variables.header_phone_number' }),
  ).toContainText('877-555-0199')
  await first.getByRole('button', { name: 'Restore into the draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: /is now the draft/ })).toBeVisible()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByLabel('What changed (for the history)').fill('Back to the first version')
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Published as version/ })).toBeVisible()
  const restored = await visitorSees(browser, '/')
  await expect(restored.page.getByRole('link', { name: originalPhone }).first()).toBeVisible()
  await expect(restored.page.locator('[data-part="banner"]')).toHaveCount(0)
  await restored.close()
})

test('shows an invalid value at its field, blocks publishing, and the site keeps the published content', async ({
  page,
  browser,
}) => {
  await signInToPlayground(page)
  await tab(page, 'header').click()
  await page.getByLabel('Phone link (tel:)').fill('call-us-now')
  await page.locator('#root_header_variables_header_menu_1_title').fill('')
  await expect(page.locator('#root_header_variables_header_phone_link__error')).toHaveText(
    'Must be a tel: link of digits, for example tel:8005551234',
  )
  await expect(page.locator('#root_header_variables_header_menu_1_title__error')).toHaveText('Title is required')
  await expect(page.getByRole('alert').filter({ hasText: /stops? this draft from being published/ })).toContainText(
    'header_menu[1].title',
  )
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled()
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'fix them, then save' })).toBeVisible()
  // Jump from the summary to the field.
  await page.getByRole('button', { name: /Header: variables\.header_phone_link/ }).click()
  await expect(page.getByLabel('Phone link (tel:)')).toBeFocused()

  // Nothing typed is lost: a reload brings the unsaved edits back.
  await page.reload()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your unsaved changes from last time are back' }),
  ).toBeVisible()
  await tab(page, 'header').click()
  await expect(page.getByLabel('Phone link (tel:)')).toHaveValue('call-us-now')

  const site = await visitorSees(browser, '/')
  await expect(site.page.getByRole('link', { name: originalPhone }).first()).toBeVisible()
  await site.close()
  await page.evaluate(() => localStorage.clear())
})

test('an unknown header key in the draft is shown at its field and blocks publishing', async ({ page }) => {
  await signInToPlayground(page)
  await expect(tab(page, 'layout')).toBeVisible()
  const draft = (await (await page.request.get('/api/cms/working')).json()) as {
    content: { layout: Record<string, string> }
    revision: number
  }
  await page.evaluate(
    ({ content, revision }) =>
      localStorage.setItem(
        `playground:unsaved:${location.host}`,
        JSON.stringify({ content, baseRevision: revision, savedAt: new Date().toISOString() }),
      ),
    {
      content: { ...draft.content, layout: { ...draft.content.layout, header: '5_header' } },
      revision: draft.revision,
    },
  )
  await page.reload()
  await expect(page.getByRole('alert').filter({ hasText: /stops? this draft from being published/ })).toContainText(
    'Layout: header',
  )
  await expect(page.locator('#root_layout_header__error')).toContainText('Invalid option')
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled()
  await page.evaluate(() => localStorage.clear())
})

test('two content managers: a save based on an old draft is refused, and the editor offers to reload', async ({
  page,
  browser,
}) => {
  await signInToPlayground(page)
  const other = await browser.newContext({ baseURL: BASE })
  const second = await other.newPage()
  await signInToPlayground(second)
  await tab(page, 'header').click()
  await page.getByLabel('Opening hours text').fill('Open every day')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()

  await tab(second, 'header').click()
  await second.getByLabel('Opening hours text').fill('Closed on Sundays')
  await second.getByRole('button', { name: 'Save draft' }).click()
  const conflict = second.getByRole('alert').filter({ hasText: 'The draft changed since you opened it' })
  await expect(conflict).toBeVisible()
  await conflict.getByRole('button', { name: /Reload the latest draft/ }).click()
  await tab(second, 'header').click()
  await expect(second.getByLabel('Opening hours text')).toHaveValue('Open every day')
  await other.close()
})

test('shares a preview link that shows the draft without signing in', async ({ page, browser }) => {
  await signInToPlayground(page)
  await page.getByRole('button', { name: 'Share a preview link' }).click()
  const link = await page.getByLabel('Preview link (valid for a day):').inputValue()
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(link.replace(new URL(link).origin, BASE))
  await expect(visitorPage.getByRole('region', { name: 'Preview' })).toContainText(
    'You are viewing an unpublished version of this site.',
  )
  await visitor.close()
})

test('revokes every preview link: a link shared before shows the draft no more, a new one does', async ({
  page,
  browser,
}) => {
  await signInToPlayground(page)
  await page.getByRole('button', { name: 'Share a preview link' }).click()
  const before = await page.getByLabel('Preview link (valid for a day):').inputValue()
  await page.getByRole('button', { name: 'Revoke preview links' }).click()
  await page
    .getByRole('group', { name: 'Revoke every preview link' })
    .getByRole('button', { name: 'Revoke every link' })
    .click()
  await expect(page.getByRole('status')).toHaveText(
    'Every preview link made until now has stopped working. New links work.',
  )
  await expect(page.getByLabel('Preview link (valid for a day):')).toHaveCount(0)
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(before.replace(new URL(before).origin, BASE))
  await expect(
    visitorPage.getByText('Only content managers, or a preview link, can see the unpublished version'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Share a preview link' }).click()
  const after = await page.getByLabel('Preview link (valid for a day):').inputValue()
  await visitorPage.goto(after.replace(new URL(after).origin, BASE))
  await expect(visitorPage.getByRole('region', { name: 'Preview' })).toContainText(
    'You are viewing an unpublished version of this site.',
  )
  await visitor.close()
})

test('shows what the tenant overrides from its base, and the block gallery', async ({ page }) => {
  await signInToPlayground(page)
  await tab(page, 'overrides').click()
  await expect(page.locator('[data-overrides] tr').filter({ hasText: 'base.variables.group_key' })).toContainText(
    defaultTenant.groupKey,
  )
  await tab(page, 'blocks').click()
  for (const [key] of await registry.sections())
    await expect(page.locator(`[data-gallery-block="${key}"]`)).toBeVisible()
  await expect(page.locator('[data-gallery-block="1_header"]')).toContainText(
    (await registry.definition('1_header'))!.title,
  )
  expect(published.layout.header).toBe('1_header')
})

test('the texts of the sign-in page and the dashboard are content: changed in the Pages tab, published, shown on the site', async ({
  page,
  browser,
}) => {
  await signInToPlayground(page)
  await tab(page, 'pages').click()
  await page.getByLabel('Sign-in heading').fill('Sign in to your plan')
  await page
    .getByRole('group', { name: 'dashboard: Member dashboard' })
    .getByLabel('Page heading')
    .fill('My dental plan')
  // The preview shows the dashboard with a sample member's data (a content manager is not a member).
  await page.getByRole('checkbox', { name: 'Signed-in member' }).check()
  await page
    .getByRole('region', { name: 'Preview' })
    .getByRole('combobox', { name: /^Page/ })
    .selectOption({ label: 'Member Dashboard' })
  await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('My dental plan')
  await expect(preview(page).getByRole('group', { name: 'ID card of Robin Morgan' })).toContainText(
    'THIS IS NOT INSURANCE',
  )
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByLabel('What changed (for the history)').fill('Member page texts')
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Published as version #\d+/ })).toBeVisible()

  const visitor = await visitorSees(browser, '/member-login?redirect=/dashboard')
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your plan')
  await visitor.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await visitor.page.getByLabel('Email').fill(demoAccount('member').email)
  await visitor.page.getByLabel('Password', { exact: true }).fill(demoAccount('member').password)
  await visitor.page.getByRole('button', { name: 'Sign in' }).click()
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText('My dental plan')
  await visitor.close()
})

test('the FAQ is content: a question added and two reordered in the playground, previewed, published, shown on the site at once', async ({
  page,
  browser,
}) => {
  await signInToPlayground(page)
  await tab(page, 'pages').click()
  const items = 'root_pages_faq_sections_0_props_items'
  // Move the second question above the first, then add one at the end.
  const second = await page.locator(`#${items}_1_question`).inputValue()
  await page
    .locator(`#${items}_1_question`)
    .locator('xpath=ancestor::*[.//button[normalize-space()="Move up"]][1]')
    .getByRole('button', { name: 'Move up' })
    .first()
    .click()
  await expect(page.locator(`#${items}_0_question`)).toHaveValue(second)
  const count = await page.locator(`[id^="${items}_"][id$="_question"]`).count()
  await page.locator(`#${items}`).getByRole('button', { name: 'Add an item' }).last().click()
  await page.locator(`#${items}_${count}_question`).fill('Can I use the plan for my pet?')
  await page.locator(`#${items}_${count}_answer`).fill('No: the plan covers people only.')
  await page
    .getByRole('region', { name: 'Preview' })
    .getByRole('combobox', { name: /^Page/ })
    .selectOption({ label: 'FAQ' })
  await expect(preview(page).getByText('Can I use the plan for my pet?')).toBeVisible()
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByLabel('What changed (for the history)').fill('FAQ: a new question, a new order')
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Published as version #\d+/ })).toBeVisible()

  const visitor = await visitorSees(browser, '/faq')
  const questions = visitor.page.locator('[data-section="faq"] summary')
  await expect(questions.first()).toContainText(second)
  await expect(questions.last()).toContainText('Can I use the plan for my pet?')
  await visitor.close()
})

test('a third language is content only: added in the Site tab, translated in the Translations tab, refused while a legal text is untranslated (at its address), then served under its prefix', async ({
  page,
  browser,
}) => {
  // Some thirty legal texts are translated one by one, as a translator does: each a draft change.
  test.setTimeout(150_000)
  await signInToPlayground(page)
  await tab(page, 'base').click()
  const languages = 'root_base_variables_languages'
  const count = await page.locator(`[id^="${languages}_"][id$="_code"]`).count()
  await page.locator(`#${languages}`).getByRole('button', { name: 'Add an item' }).last().click()
  await page.locator(`#${languages}_${count}_code`).fill('vi')
  await page.locator(`#${languages}_${count}_name`).fill('Tiếng Việt')
  await page.locator(`#${languages}_${count}_suggestion_text`).fill('Trang này cũng có bằng tiếng Việt.')
  await page.locator(`#${languages}_${count}_suggestion_accept`).fill('Xem bằng tiếng Việt')
  await page.locator(`#${languages}_${count}_suggestion_decline`).fill('Không, cảm ơn')

  // The translator's view: every text with the default's words beside it, the legal ones listed first.
  await tab(page, 'translations').click()
  await page.getByLabel('Language to translate').selectOption('vi')
  await expect(page.getByRole('status').filter({ hasText: /^Tiếng Việt: 0 of \d+ texts translated/ })).toBeVisible()
  const required = page.getByRole('region', { name: /^Required before Tiếng Việt is published/ })
  await expect(required.getByRole('link', { name: 'pages › grievance-form › dmhc statement' })).toBeVisible()
  const title = page.getByLabel('pages › faq › title', { exact: true })
  await expect(title).toHaveAccessibleDescription('Default: Frequently asked questions')
  await title.fill('Câu hỏi thường gặp')
  // The preview in the language being translated.
  await page
    .getByRole('region', { name: 'Preview' })
    .getByRole('combobox', { name: /^Language/ })
    .selectOption('vi')
  await page
    .getByRole('region', { name: 'Preview' })
    .getByRole('combobox', { name: /^Page/ })
    .selectOption({ label: 'FAQ' })
  await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Câu hỏi thường gặp')

  // Publishing is refused while a legal text is untranslated: each at its address, a link to its field.
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByLabel('What changed (for the history)').fill('Vietnamese')
  await page.getByRole('button', { name: 'Publish now' }).click()
  const refusal = page.getByRole('button', {
    name: /^Translations \(vi\): \/pages\/grievance-form\/dmhc_statement — Required in every published language/,
  })
  await expect(refusal).toBeVisible()
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled()
  await refusal.click()
  await expect(page.getByLabel(/^pages › grievance-form › dmhc statement/)).toBeFocused()

  // Each required text translated (from its link in the list): publishing goes through.
  for (let left = await required.getByRole('link').count(); left > 0; left = await required.getByRole('link').count()) {
    const link = required.getByRole('link').first()
    const field = page.getByLabel(`${await link.textContent()} required`, { exact: true })
    await link.click()
    await expect(field).toBeFocused()
    await field.fill(`Bản tiếng Việt ${left}`)
  }
  await expect(required).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByLabel('What changed (for the history)').fill('Vietnamese, its legal texts translated')
  await page.getByRole('button', { name: 'Publish now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Published as version #\d+/ })).toBeVisible()

  const visitor = await visitorSees(browser, '/vi/faq')
  await expect(visitor.page.locator('html')).toHaveAttribute('lang', 'vi')
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText('Câu hỏi thường gặp')
  await visitor.close()
})
