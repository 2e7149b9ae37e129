import { test as base, expect, request, type BrowserContext, type Page } from '@playwright/test'
import { z } from '#schemas/engine/zod.ts'
import { memberTimeZone } from '#schemas/membership-policy.ts'
import { periodEnd } from '#schemas/periods.ts'
import { longDate, shortDate } from '#schemas/zoned-days.ts'
import type { CmsContentInput } from '#schemas/cms.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import type { Route } from '#schemas/engine/manifest.ts'
import { manifest } from '#site-config/manifest.ts'
import { tenants } from '#site-config/tenants.ts'
import { readTenantContent, readTenantDraft } from '#server/features/content/content-files.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import { demoStaff, staffApiSignIn } from './support/staff.ts'

/** Console errors, warnings and uncaught errors of a page: a healthy page has none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Waits until React has hydrated the page (the router marks links once interactive). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** A concrete path for every route of the manifest, parameters filled with valid values. */
export function everyRoutePath(): { page: string; path: string; access: 'public' | 'member' }[] {
  const slug = tenantContent(tenants.defaultTenant).landing_pages[0]?.slug ?? 'missing'
  const values: Record<string, string> = { 'positive-int': '7', 'landing-slug': slug }
  const walk = (routes: Route[], prefix: string): { page: string; path: string; access: 'public' | 'member' }[] =>
    routes.flatMap((route) => {
      let path = route.path ?? ''
      // An office page needs an office that exists (its loader checks), a checkout's member the first one added; other ids are any positive number.
      const known: Record<string, string> = {
        office: String(demoData[tenants.defaultTenant]!.offices[0]!.id),
        'checkout-edit-member': '1',
      }
      for (const [name, rule] of Object.entries(route.params ?? {}))
        path = path.replace(`:${name}`, known[route.page] ?? values[rule] ?? rule)
      const full = path.startsWith('/') ? path : `${prefix.replace(/\/$/, '')}/${path}`
      return [{ page: route.page, path: full, access: route.access ?? 'public' }, ...walk(route.children ?? [], full)]
    })
  return walk(manifest.routes, '')
}

/** A tenant's published content, as the server reads it. */
export function tenantContent(groupKey: string, version: 'content' | 'working' = 'content') {
  const dir = 'site-config/tenants'
  return parseCmsContent(version === 'content' ? readTenantContent(dir, groupKey) : readTenantDraft(dir, groupKey))
}

export const defaultTenant = tenants.tenants.find((tenant) => tenant.groupKey === tenants.defaultTenant)!
export const otherTenant = tenants.tenants.find((tenant) => tenant.groupKey !== tenants.defaultTenant)!

/**
 * A member's dates as the site writes them, in the time zone of their state (the tenant's policy):
 * long ("February 28, 2027"), short (mm/dd/yy), and their membership's periods.
 */
export function memberDates(state: string) {
  const zone = memberTimeZone(defaultTenant.policy, state)
  return {
    zone,
    long: (value: string | Date) => longDate(value, zone),
    short: (value: string | Date) => shortDate(value, zone),
    periodEnd: (anchor: Date, cycle: 'monthly' | 'annual', periods = 1) => periodEnd(anchor, cycle, zone, periods),
  }
}

const watched = new WeakSet<BrowserContext>()
/** Reports every Content-Security-Policy violation in any page or frame of a browser context. */
async function watchCsp(context: BrowserContext, record: (violation: string) => void): Promise<void> {
  if (watched.has(context)) return
  watched.add(context)
  await context.exposeBinding('__cspViolation', ({ frame }, text: string) => record(`${frame.url()}: ${text}`))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation?: (text: string) => Promise<void> }).__cspViolation
      void report?.(
        `${event.disposition} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      )
    })
  })
}

/**
 * The tests' `test`: every test fails on a Content-Security-Policy violation in any page of any
 * browser context it opens (its own page's, or one made with `browser.newContext()`). A test that
 * provokes one on purpose reads and empties `cspViolations`.
 */
export const test = base.extend<{ cspGuard: undefined }, { cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, provide) => {
      const violations: string[] = []
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        await watchCsp(context, (violation) => violations.push(violation))
        return context
      }
      await provide(violations)
    },
    { scope: 'worker' },
  ],
  context: async ({ context, cspViolations }, provide) => {
    await watchCsp(context, (violation) => cspViolations.push(violation))
    await provide(context)
  },
  cspGuard: [
    async ({ cspViolations }, provide) => {
      cspViolations.length = 0
      await provide(undefined)
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

/** Runs axe-core (WCAG 2.2 A and AA rules) on the page and returns the violations, summarised. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' })
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: unknown,
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }>
        }
      }
    ).axe
    // The page's own document: a frame of another origin (the processor's card fields) has no axe to
    // answer, and asking it posts a message the frame's origin refuses (a console warning).
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      iframes: false,
    })
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${JSON.stringify(violation.nodes.map((node) => node.target))})`,
    )
  })
}

/** The demo accounts of the default tenant (from the seed data). */
export function demoAccount(role: 'member' | 'editor') {
  const account = demoData[tenants.defaultTenant]?.accounts.find((candidate) => candidate.role === role)
  if (!account) throw new Error(`The default tenant's demo data has no ${role}`)
  return { email: account.email, password: account.password }
}

/** Signs the page's browser context in (the page must show a site page, for its csrf token). */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
  const response = await page.request.post('/api/login', { data: account, headers: { 'csrf-token': token ?? '' } })
  expect(response.status()).toBe(200)
}

/**
 * A content manager at work through the content API: changes the draft and publishes it, as the
 * playground does. Switching a variant this way is a content change alone. Another tenant's (`tenant`):
 * its content manager, its host named in each request (Node does not resolve the `*.localhost` hosts).
 */
export async function contentManager(baseURL: string, tenant: Tenant = defaultTenant) {
  const host: Record<string, string> =
    tenant === defaultTenant ? {} : { host: `${tenant.hosts[0]!}:${new URL(baseURL).port}` }
  const context = await request.newContext({ baseURL, extraHTTPHeaders: host })
  // Content managers are staff: the password, then the authenticator's code.
  const headers = await staffApiSignIn(context, demoStaff('content', tenant.groupKey))
  const saveDraft = async (change: (content: CmsContentInput) => CmsContentInput): Promise<void> => {
    const draft = z
      .object({ content: z.custom<CmsContentInput>(), revision: z.number() })
      .parse(await (await context.get('/api/cms/working')).json())
    const saved = await context.put('/api/cms/working', {
      data: { content: change(structuredClone(draft.content)), baseRevision: draft.revision },
      headers,
    })
    expect(saved.status(), await saved.text()).toBe(200)
  }
  return {
    /** Changes the draft, unpublished. */
    saveDraft,
    async publish(change: (content: CmsContentInput) => CmsContentInput, note = 'End-to-end test'): Promise<void> {
      await saveDraft(change)
      const published = await context.post('/api/cms/publish', { data: { note }, headers })
      expect(published.status(), await published.text()).toBe(201)
    },
    /** What of the draft a language still has in the default's words, and what it must translate to be published. */
    async translations(
      locale: string,
    ): Promise<{ words: Record<string, string>; fellBack: string[]; missingRequired: string[] }> {
      const response = await context.get(`/api/cms/translations?locale=${locale}`, { headers })
      expect(response.status(), await response.text()).toBe(200)
      return z
        .object({
          words: z.record(z.string(), z.string()),
          fellBack: z.array(z.string()),
          missingRequired: z.array(z.string()),
        })
        .parse(await response.json())
    },
    /** A signed, expiring link to the draft, for someone who is not signed in. */
    async previewLink(): Promise<string> {
      const response = await context.post('/api/cms/preview-token', { data: { expiresInMinutes: 30 }, headers })
      expect(response.status()).toBe(201)
      return z.object({ url: z.string() }).parse(await response.json()).url
    },
    dispose: () => context.dispose(),
  }
}

/**
 * Starts a checkout in the page's browser through the API, as far as asked: the plan (default:
 * Family at the Beverly Hills office), the account, a child. The page must show a site page (csrf token).
 */
export async function startCheckout(
  page: Page,
  upTo: 'plan' | 'account' | 'member',
  email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
  plan = { planId: 102, officeId: 1001 },
): Promise<{ email: string }> {
  const token = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? ''
  const send = async (method: 'post' | 'put', path: string, data?: unknown) => {
    const response = await page.request[method](path, { data, headers: { 'csrf-token': token } })
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true)
  }
  await send('post', '/api/km/checkout/temp_token')
  await send('put', '/api/km/checkout/member/plan', { ...plan, billingCycle: 'monthly' })
  if (upTo === 'plan') return { email }
  await send('post', '/api/km/checkout/account', {
    email,
    password: 'Checkout-Pass-2026!',
    firstName: 'Robin',
    lastName: 'Lee',
    phone: '3105550123',
    dateOfBirth: '1985-06-15',
    address: { line: '1 Rodeo Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
  })
  if (upTo === 'account') return { email }
  await send('post', '/api/km/checkout/member', {
    firstName: 'Kai',
    lastName: 'Lee',
    dateOfBirth: '2016-03-03',
    relationship: 'child',
  })
  return { email }
}

/** The sandbox mail server's inbox for one address, newest first (EXPOSE_OUTBOX is on for the tests). */
export async function mailsTo(page: Page, recipient: string): Promise<{ subject: string; body: string }[]> {
  const response = await page.request.get('/dev/outbox.json')
  expect(response.status()).toBe(200)
  const { mails } = z
    .object({ mails: z.array(z.object({ recipient: z.string(), subject: z.string(), body: z.string() })) })
    .parse(await response.json())
  return mails.filter((mail) => mail.recipient === recipient)
}

/** Creates a fresh member account through the API (the page must show a site page, for its csrf token). */
export async function newAccount(page: Page, name: string): Promise<{ email: string; password: string }> {
  const account = {
    email: `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: 'Fresh-Account-2026!',
  }
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
  const response = await page.request.post('/api/v4/member/signup', {
    data: { ...account, firstName: 'Casey', lastName: name },
    headers: { 'csrf-token': token ?? '' },
  })
  expect(response.status()).toBe(201)
  return account
}

/** The mails a server of a spec's own (started with EXPOSE_OUTBOX) holds for `recipient`, newest first. */
export async function outboxMailsTo(base: string, recipient: string) {
  const response = await fetch(`${base}/dev/outbox.json`)
  expect(response.status).toBe(200)
  const { mails } = z
    .object({ mails: z.array(z.object({ recipient: z.string(), subject: z.string(), body: z.string() })) })
    .parse(await response.json())
  return mails.filter((mail) => mail.recipient === recipient)
}
