/**
 * A visitor over HTTP(S), for the tests that drive real server processes without a page: it keeps
 * its cookies (Playwright's request context) and sends the csrf token the pages carry (`<meta
 * name="csrf-token">`), and takes the new one an answer gives (sign-in, sign-out, a payment) from its
 * `csrf-token` header, as the engine's API client does.
 */
import { request, type APIRequestContext, type APIResponse } from '@playwright/test'
import { sandboxTokenize } from '#server/platform/payments/sandbox-processor.ts'
import { timeStep } from '#server/platform/auth/totp.ts'
import { CODE_ATTEMPTS, codeFor, type StaffAccount } from './staff.ts'

export interface Visitor {
  http: APIRequestContext
  /** A request with the csrf token for state changes; the answer's status and JSON body. */
  call: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: T; response: APIResponse }>
  signIn: (credentials: { email: string; password: string }) => Promise<number>
  /** A staff sign-in in both steps (the password, the authenticator's code); the last step's status. */
  staffSignIn: (account: StaffAccount) => Promise<number>
  /** The visitor's cookies as the browser keeps them. */
  cookies: () => Promise<{ name: string; value: string; secure: boolean }[]>
  dispose: () => Promise<void>
}

export async function visitor(baseURL: string, options: { host?: string } = {}): Promise<Visitor> {
  const http = await request.newContext({
    baseURL,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: options.host ? { host: options.host } : {},
  })
  let csrf: string | undefined
  const refreshCsrf = async () => {
    const page = await http.get('/terms')
    csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1]
    if (!csrf) throw new Error(`No csrf token in /terms (${page.status()})`)
  }
  const call = async <T>(method: string, path: string, body?: unknown) => {
    if (method !== 'GET' && !csrf) await refreshCsrf()
    const response = await http.fetch(path, {
      method,
      headers: method === 'GET' ? {} : { 'csrf-token': csrf! },
      ...(body === undefined ? {} : { data: body }),
    })
    csrf = response.headers()['csrf-token'] ?? csrf
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
    return { status: response.status(), body: parsed as T, response }
  }
  return {
    http,
    call,
    async signIn(credentials) {
      const { status } = await call('POST', '/api/login', credentials)
      return status
    },
    async staffSignIn(account) {
      const { status } = await call('POST', '/api/v4/staff/signIn', {
        email: account.email,
        password: account.password,
      })
      if (status !== 200) return status
      const first = timeStep(new Date())
      for (let attempt = 0; ; attempt++) {
        const verified = await call('POST', '/api/v4/staff/verify', {
          code: await codeFor(account.totpSecret, attempt, first),
        })
        if (verified.status !== 422 || attempt === CODE_ATTEMPTS - 1) return verified.status
      }
    },
    cookies: async () => (await http.storageState()).cookies,
    dispose: () => http.dispose(),
  }
}

/** A sandbox token of a test card, as the hosted card fields hand it to the page. */
export const testCardToken = (number = '4242424242424242') =>
  sandboxTokenize({ number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123', zip: '94103' }).token

export const BUYER = {
  password: 'Checkout-Pass-31!',
  firstName: 'Rae',
  lastName: 'Kim',
  phone: '415-555-0177',
  dateOfBirth: '1990-05-05',
  address: { line: '1 Valencia St', city: 'San Francisco', state: 'CA', zip: '94103' },
}

/** A checkout taken to its payment step: plan (default: Essential, annual, at office 1003) and account. */
export async function checkoutToPayment(
  who: Visitor,
  email: string,
  choice: { planId: number; officeId: number; billingCycle: 'monthly' | 'annual' } = {
    planId: 101,
    officeId: 1003,
    billingCycle: 'annual',
  },
): Promise<void> {
  const started = await who.call('POST', '/api/km/checkout/temp_token')
  if (started.status !== 201 && started.status !== 200) throw new Error(`The checkout did not start: ${started.status}`)
  const plan = await who.call('PUT', '/api/km/checkout/member/plan', choice)
  if (plan.status !== 200) throw new Error(`The plan step answered ${plan.status}: ${JSON.stringify(plan.body)}`)
  const account = await who.call('POST', '/api/km/checkout/account', { ...BUYER, email })
  if (account.status !== 200)
    throw new Error(`The account step answered ${account.status}: ${JSON.stringify(account.body)}`)
}
