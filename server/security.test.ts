import { describe, expect, it } from 'vitest'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import type { CmsContentInput } from '#schemas/cms.ts'
import { CSP_REPORTS_PER_CLIENT_PER_HOUR } from './features/monitoring/csp-reports.ts'
import { cardToken, DATABASES, defaultTenant, EDITOR, MEMBER, useTestServer, type TestClient } from './test-harness.ts'

const PLAN = { planId: 102, officeId: 1002, billingCycle: 'monthly' }
const ACCOUNT = {
  password: 'Checkout-Pass-31!',
  firstName: 'Rae',
  lastName: 'Kim',
  phone: '415-555-0177',
  dateOfBirth: '1990-05-05',
  address: { line: '1 Valencia St', city: 'San Francisco', state: 'CA', zip: '94103' },
}

/** The nonce a CSP header allows scripts by. */
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1]

describe.each(DATABASES)('headers, cookies and CSRF (%s)', (kind) => {
  const server = useTestServer(kind)

  describe('a strict Content-Security-Policy on every HTML answer', () => {
    it('allows only the scripts of the page, each with this answer’s nonce, a new one every time (a kept render too)', async () => {
      const nonces = new Set<string>()
      for (let visit = 0; visit < 3; visit += 1) {
        const response = await server.client().request('/faq')
        const policy = response.headers.get('content-security-policy')
        expect(policy).toContain("'strict-dynamic'")
        for (const directive of [
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "form-action 'self'",
          "default-src 'self'",
          'report-uri /api/csp-report',
          'report-to csp',
        ])
          expect(policy).toContain(directive)
        expect(policy).not.toContain('unsafe-eval')
        const nonce = nonceOf(policy)!
        nonces.add(nonce)
        const html = await response.text()
        const scripts = html.match(/<script\b[^>]*>/g) ?? []
        expect(scripts.length).toBeGreaterThan(0)
        for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
        expect(html).not.toContain('csp-nonce-placeholder')
        expect(response.headers.get('reporting-endpoints')).toBe('csp="http://localhost/api/csp-report"')
      }
      expect(nonces.size).toBe(3)
    })

    it('sends a nonce placeholder typed into content as typed: the nonce is only in the page’s own tags', async () => {
      const editor = await server.staffClient(EDITOR)
      const draft = (await editor.json<{ content: CmsContentInput; revision: number }>('/api/cms/working')).body
      const typed = 'Our page says nonce="csp-nonce-placeholder" here.'
      const footer = draft.content.footer.variables
      draft.content.footer.variables = { ...footer, footer_txt: `<p>${typed}</p>` }
      const saved = await editor.json('/api/cms/working', {
        method: 'PUT',
        body: { content: draft.content, baseRevision: draft.revision },
      })
      expect(saved.status).toBe(200)
      expect(
        (await editor.json('/api/cms/publish', { method: 'POST', body: { note: 'A nonce as text' } })).status,
      ).toBe(201)
      for (let visit = 0; visit < 2; visit += 1) {
        const response = await server.client().request('/faq')
        const nonce = nonceOf(response.headers.get('content-security-policy'))!
        const html = await response.text()
        expect(html).toContain(typed)
        expect(html.replace(/<(script|link|meta)\b[^>]*>/g, '')).not.toContain(nonce)
        for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`)
      }
    })

    it('lets the site’s pages frame only the card fields’ origin, and only the playground frame its preview', async () => {
      const page = await server.client().request('/')
      expect(page.headers.get('content-security-policy')).toContain(`frame-src http://localhost:${server.env.PORT + 1}`)
      const editor = await server.client().request('/playground')
      expect(editor.headers.get('content-security-policy')).toMatch(/frame-src 'self' /)
      expect(editor.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      // The editor's form validator compiles its schema (ajv): the playground alone may.
      expect(editor.headers.get('content-security-policy')).toContain("'unsafe-eval'")
      const preview = await server.client().request('/playground/preview')
      expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
      expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(page.headers.get('x-frame-options')).toBe('DENY')
    })

    it('gives an error page a policy too', async () => {
      const missing = await server.client().request('/zz/yy')
      expect(missing.status).toBe(404)
      expect(missing.headers.get('content-security-policy')).toContain("object-src 'none'")
    })
  })

  describe('the headers of every answer', () => {
    it('sends nosniff, the referrer policy, COOP and a minimal Permissions-Policy on pages, the API and files; HSTS only over HTTPS', async () => {
      for (const path of [
        '/',
        '/api/auth',
        '/robots.txt',
        `/tenant/${defaultTenant.groupKey}/logo.svg`,
        '/api/v9/nothing',
      ]) {
        const plain = await server.client().request(path)
        expect(plain.headers.get('x-content-type-options'), path).toBe('nosniff')
        expect(plain.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
        expect(plain.headers.get('cross-origin-opener-policy'), path).toBe('same-origin')
        expect(plain.headers.get('permissions-policy'), path).toMatch(
          /^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/,
        )
        expect(plain.headers.get('strict-transport-security'), path).toBeNull()
        const secure = await server.client(undefined, undefined, { https: true }).request(path)
        expect(secure.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains')
      }
    })

    it('never lets a member’s or a checkout’s answer be stored, and sets no cookie on an answer anyone may cache', async () => {
      const member = await server.client().login(MEMBER)
      for (const path of ['/api/v4/member/info', '/api/v4/member/dependents', '/api/auth'])
        expect((await member.request(path)).headers.get('cache-control'), path).toBe('no-store')
      const buyer = server.client()
      const started = await buyer.request('/api/km/checkout/temp_token', { method: 'POST' })
      expect(started.headers.get('cache-control')).toBe('no-store')
      expect((await buyer.request('/api/km/checkout/account')).headers.get('cache-control')).toBe('no-store')
      for (const path of ['/robots.txt', `/tenant/${defaultTenant.groupKey}/logo.svg`]) {
        const response = await server.client().request(path)
        expect(response.headers.get('cache-control'), path).toMatch(/^public/)
        expect(response.headers.getSetCookie(), path).toEqual([])
      }
    })
  })

  describe('CSRF tokens bound to the session', () => {
    it('refuses a pair of cookie and header the caller chose, however well they match', async () => {
      const client = server.client()
      const forged = `${'a'.repeat(24)}.${'b'.repeat(43)}`
      const { status, body, response } = await client.json('/api/login', {
        method: 'POST',
        body: MEMBER,
        csrf: false,
        headers: { cookie: `csrf=${forged}`, 'csrf-token': forged },
      })
      expect(status).toBe(403)
      expect(body).toEqual({ message: 'Missing or invalid csrf-token header' })
      // The refusal carries a real token, for a page whose token went stale.
      expect(response.headers.get('csrf-token')).toMatch(/^[\w-]{24}\.[\w-]{43}$/)
    })

    it('makes a new token at sign-in and sign-out: the one from before no longer works', async () => {
      const client = server.client()
      await client.request('/')
      const anonymous = client.cookie('csrf')!
      const signIn = await client.request('/api/login', { method: 'POST', body: MEMBER })
      const signedIn = signIn.headers.get('csrf-token')
      expect(signedIn).toBe(client.cookie('csrf'))
      expect(signedIn).not.toBe(anonymous)
      const stale = await client.json('/api/v4/member/autoRenew', {
        method: 'POST',
        body: { autoRenew: true },
        csrf: false,
        headers: { 'csrf-token': anonymous, cookie: `session=${client.cookie('session')}; csrf=${anonymous}` },
      })
      expect(stale.status).toBe(403)
      const signOut = await client.request('/api/v4/member/logout', { method: 'POST' })
      expect(signOut.status).toBe(200)
      expect(signOut.headers.get('csrf-token')).not.toBe(signedIn)
      expect(
        (
          await client.json('/api/v4/member/validateEmail', {
            method: 'POST',
            body: { email: 'a@b.example' },
            csrf: false,
            headers: { 'csrf-token': signedIn! },
          })
        ).status,
      ).toBe(403)
      expect(
        (await client.json('/api/v4/member/validateEmail', { method: 'POST', body: { email: 'a@b.example' } })).status,
      ).toBe(200)
    })

    it('refuses another visitor’s token: it is signed for their session, not this one', async () => {
      const member = await server.client().login(MEMBER)
      const editor = await server.staffClient(EDITOR)
      const theirs = editor.cookie('csrf')!
      const { status } = await member.json('/api/v4/member/autoRenew', {
        method: 'POST',
        body: { autoRenew: true },
        csrf: false,
        headers: { 'csrf-token': theirs, cookie: `session=${member.cookie('session')}; csrf=${theirs}` },
      })
      expect(status).toBe(403)
    })
  })

  describe('the checkout’s personal data', () => {
    async function checkoutUpToAccount(client: TestClient, email: string) {
      await client.request('/api/km/checkout/temp_token', { method: 'POST' })
      expect((await client.request('/api/km/checkout/member/plan', { method: 'PUT', body: PLAN })).status).toBe(200)
      expect(
        (await client.request('/api/km/checkout/account', { method: 'POST', body: { ...ACCOUNT, email } })).status,
      ).toBe(200)
    }

    it('is forgotten by the browser at sign-out: the next person there finds no checkout', async () => {
      const client = await server.client().login(MEMBER)
      await checkoutUpToAccount(client, `leaver-${Date.now()}@example.com`)
      expect((await client.json<CheckoutState>('/api/km/checkout/account')).body.account?.firstName).toBe('Rae')
      const signOut = await client.request('/api/v4/member/logout', { method: 'POST' })
      expect(signOut.headers.getSetCookie().some((cookie) => /^checkout=;.*Max-Age=0/.test(cookie))).toBe(true)
      expect(client.cookie('checkout')).toBeUndefined()
      const { status } = await client.json('/api/km/checkout/account')
      expect(status).toBe(400)
    })

    it('ends with the payment: afterwards only the buyer, signed in, sees it; its old token shows it to nobody', async () => {
      const buyer = server.client()
      await checkoutUpToAccount(buyer, `payer-${Date.now()}@example.com`)
      const token = buyer.cookie('checkout')!
      const paid = await buyer.request('/api/km/checkout/payment', {
        method: 'POST',
        body: { cardToken: cardToken('4242424242424242', { zip: '94103' }), autoRenewalConsent: true },
      })
      expect(paid.status).toBe(201)
      expect(paid.headers.getSetCookie().some((cookie) => /^checkout=;.*Max-Age=0/.test(cookie))).toBe(true)
      expect(buyer.cookie('checkout')).toBeUndefined()
      // The buyer is signed in: the confirmation is found by their session.
      const confirmation = await buyer.json<CheckoutState>('/api/km/checkout/account')
      expect(confirmation.status).toBe(200)
      expect(confirmation.body).toMatchObject({ step: 'completed', account: { firstName: 'Rae' } })
      // Someone else with the old token (the next person at a shared browser, a copied link) gets nothing.
      const stranger = await server.client().json('/api/km/checkout/account', { headers: { 'checkout-token': token } })
      expect(stranger.status).toBe(404)
      const otherMember = await server.client().login(MEMBER)
      expect(
        (await otherMember.json('/api/km/checkout/account', { headers: { 'checkout-token': token } })).status,
      ).toBe(404)
      expect((await otherMember.json('/api/km/checkout/account')).status).toBe(400)
      // After the buyer signs out, not even their browser shows it.
      await buyer.request('/api/v4/member/logout', { method: 'POST' })
      expect((await buyer.json('/api/km/checkout/account')).status).toBe(400)
    })
  })

  describe('CSP violation reports', () => {
    it('stores the reports browsers send in either format, without a csrf token, and shows them to content managers', async () => {
      const visitor = server.client()
      const legacy = {
        'csp-report': {
          'document-uri': 'http://localhost/faq?q=secret',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          disposition: 'enforce',
          'line-number': 12,
          'script-sample': 'alert(1)',
        },
      }
      expect(
        await visitor.json('/api/csp-report', {
          method: 'POST',
          csrf: false,
          body: legacy,
          headers: { 'content-type': 'application/csp-report' },
        }),
      ).toMatchObject({ status: 201, body: { accepted: 1 } })
      const reporting = [
        {
          type: 'csp-violation',
          url: 'http://localhost/support',
          body: {
            documentURL: 'http://localhost/support',
            blockedURL: 'https://evil.example/x.js',
            effectiveDirective: 'script-src-elem',
            disposition: 'enforce',
          },
        },
        { type: 'deprecation', url: 'http://localhost/', body: {} },
      ]
      expect(
        await visitor.json('/api/csp-report', {
          method: 'POST',
          csrf: false,
          body: reporting,
          headers: { 'content-type': 'application/reports+json' },
        }),
      ).toMatchObject({ status: 201, body: { accepted: 1 } })
      expect(
        (
          await visitor.json('/api/csp-report', {
            method: 'POST',
            csrf: false,
            body: { 'csp-report': { 'blocked-uri': 'x'.repeat(5000) } },
          })
        ).status,
      ).toBe(422)
      expect(
        (
          await visitor.request('/api/csp-report', {
            method: 'POST',
            csrf: false,
            body: { padding: 'x'.repeat(70 * 1024) },
          })
        ).status,
      ).toBe(413)

      expect((await visitor.json('/api/csp-reports')).status).toBe(401)
      const editor = await server.staffClient(EDITOR)
      const { status, body } = await editor.json<{
        groups: { path: string; directive: string; blockedUrl: string; count: number; sample: string | null }[]
      }>('/api/csp-reports?days=1')
      expect(status).toBe(200)
      expect(body.groups).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            path: '/faq',
            directive: 'script-src-elem',
            blockedUrl: 'inline',
            count: 1,
            sample: 'alert(1)',
          }),
          expect.objectContaining({ path: '/support', blockedUrl: 'https://evil.example/x.js', count: 1 }),
        ]),
      )
      // The page's query (which may hold what a visitor typed) is not kept.
      expect(JSON.stringify(body)).not.toContain('secret')
    })

    it('lets one client fill only its own share of the tenant’s hourly reports: the others’ still arrive', async () => {
      const report = (index: number) => ({
        type: 'csp-violation',
        url: 'http://localhost/',
        body: {
          documentURL: 'http://localhost/',
          blockedURL: `https://flood.example/${index}.js`,
          effectiveDirective: 'script-src-elem',
          disposition: 'enforce',
        },
      })
      const send = (client: TestClient, from: number) =>
        client.json<{ accepted: number }>('/api/csp-report', {
          method: 'POST',
          csrf: false,
          body: Array.from({ length: 50 }, (_, index) => report(from + index)),
          headers: { 'content-type': 'application/reports+json' },
        })
      const flooder = server.client(undefined, '203.0.113.66')
      let accepted = 0
      for (let batch = 0; batch < 20; batch += 1) accepted += (await send(flooder, batch * 50)).body.accepted
      expect(accepted).toBe(CSP_REPORTS_PER_CLIENT_PER_HOUR)
      expect((await send(flooder, 5000)).body.accepted).toBe(0)
      // Another visitor's page that breaks is still reported.
      expect((await send(server.client(undefined, '198.51.100.7'), 9000)).body.accepted).toBe(50)
    })
  })
})
