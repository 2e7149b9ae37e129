import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { timeStep, totpCode } from '#server/platform/auth/totp.ts'
import { E2E_RUN, PORT } from '../ports.ts'

const DEFAULT_BASE = `http://localhost:${PORT}`

export interface StaffAccount {
  email: string
  password: string
  totpSecret: string
}

/** A demo staff account of the default tenant, enrolled with the README's TOTP secret (`content`: the content manager). */
export function demoStaff(role: 'support' | 'admin' | 'content', groupKey = tenants.defaultTenant): StaffAccount {
  const account = demoData[groupKey]?.accounts.find((candidate) =>
    role === 'content' ? candidate.role === 'editor' : candidate.staffRoles?.[0] === role,
  )
  if (!account?.totpSecret) throw new Error(`The demo data of ${groupKey} has no enrolled ${role} staff`)
  return { email: account.email, password: account.password, totpSecret: account.totpSecret }
}

/** Until the authenticator's next 30 s step. */
const untilNextStep = () => (timeStep(new Date()) + 1) * 30_000 - Date.now() + 200

/** Attempts at a code before giving up (each refusal counts against the account's throttle of five). */
export const CODE_ATTEMPTS = 4

/**
 * The code to type at an attempt, counted from the step the sign-in began in. A code is accepted
 * once: when another test has just used a step's code for the same account, the next attempt types
 * the next step's (the server accepts one step ahead, for a clock a little off), waiting for time
 * to catch up when it is further ahead.
 */
export async function codeFor(secret: string, attempt: number, first: number): Promise<string> {
  const step = first + attempt
  while (step > timeStep(new Date()) + 1) await new Promise((resolve) => setTimeout(resolve, untilNextStep()))
  return totpCode(secret, new Date(step * 30_000 + 1_000))
}

/**
 * Signs a staff member in as a person does, with the keyboard alone: from `start` (the console, or
 * the playground, which sends a content manager to the console's sign-in and is sent back), the
 * email, the password, then the code the authenticator app shows.
 */
export async function staffSignIn(page: Page, account: StaffAccount, start = '/console'): Promise<void> {
  await page.goto(start)
  await expect(page.getByRole('heading', { level: 1, name: 'Member services sign-in' })).toBeVisible()
  await page.getByLabel('Email').focus()
  await page.keyboard.type(account.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(account.password)
  await page.keyboard.press('Enter')
  // The step's heading takes focus; the code's field is the next stop.
  await expect(page.getByRole('heading', { level: 2, name: 'Your authentication code' })).toBeFocused()
  await page.keyboard.press('Tab')
  const code = page.getByLabel('Code')
  await expect(code).toBeFocused()
  const first = timeStep(new Date())
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    await code.fill('')
    await page.keyboard.type(await codeFor(account.totpSecret, attempt, first))
    await page.keyboard.press('Enter')
    // A new try clears the last one's refusal first.
    if (attempt > 0) await page.getByText('That code is not right').waitFor({ state: 'detached' })
    const outcome = await Promise.race([
      page
        .getByRole('heading', { level: 1, name: 'Member services sign-in' })
        .waitFor({ state: 'detached' })
        .then(() => 'in' as const),
      page
        .getByText('That code is not right')
        .waitFor()
        .then(() => 'refused' as const),
    ])
    if (outcome === 'in') return
  }
  throw new Error(`The codes of ${account.email} were refused at every attempt`)
}

type Session = Awaited<ReturnType<BrowserContext['storageState']>>
const sessions = new Map<string, Promise<Session>>()

/**
 * A staff member's session for this run, signed in once at the console and shared by the tests of
 * every worker (a file in the system's temporary folder, named by the run and the account). A code is
 * accepted once per 30 s: a sign-in for each test would have them wait for codes, whole minutes
 * when several files sign one account in at once. Tests that sign out sign in on their own.
 */
function sharedSession(browser: Browser, baseURL: string, account: StaffAccount): Promise<Session> {
  const file = path.join(tmpdir(), `e2e-staff-${E2E_RUN}-${new URL(baseURL).port}-${account.email}.json`)
  const key = file
  let session = sessions.get(key)
  if (!session) {
    session = (async () => {
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Session
      const context = await browser.newContext({ baseURL })
      await staffSignIn(await context.newPage(), account)
      const state = await context.storageState()
      await context.close()
      writeFileSync(file, JSON.stringify(state))
      return state
    })()
    sessions.set(key, session)
  }
  return session
}

/** A page of its own (cookies, viewport) for a staff member, signed in at the console with the run's shared session. */
export async function staffPage(browser: Browser, width: number, account: StaffAccount, baseURL = DEFAULT_BASE) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    storageState: await sharedSession(browser, baseURL, account),
  })
  const page = await context.newPage()
  await page.goto('/console')
  // The first screen has loaded when its title has taken the focus (before that, a Tab is lost).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  return page
}

/** Signs an API client in as staff (both steps); answers the csrf header its state changes send. */
export async function staffApiSignIn(
  context: APIRequestContext,
  account: StaffAccount,
): Promise<{ 'csrf-token': string }> {
  const auth = await context.get('/api/auth')
  const signedIn = await context.post('/api/v4/staff/signIn', {
    data: { email: account.email, password: account.password },
    headers: { 'csrf-token': auth.headers()['csrf-token'] ?? '' },
  })
  expect(signedIn.status()).toBe(200)
  // Each sign-in step makes a new csrf token, bound to the new session: the answer carries it.
  const pending = { 'csrf-token': signedIn.headers()['csrf-token'] ?? '' }
  const first = timeStep(new Date())
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const verified = await context.post('/api/v4/staff/verify', {
      data: { code: await codeFor(account.totpSecret, attempt, first) },
      headers: pending,
    })
    if (verified.status() === 200) return { 'csrf-token': verified.headers()['csrf-token'] ?? '' }
    expect(verified.status(), await verified.text()).toBe(422)
  }
  throw new Error(`The codes of ${account.email} were refused at every attempt`)
}
