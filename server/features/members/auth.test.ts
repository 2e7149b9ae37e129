import { z } from '#schemas/engine/zod.ts'
import { SESSION_KEEP_ALIVE_MS } from '#engine'
import { describe, expect, it, vi } from 'vitest'
import { many } from '../../platform/db/database.ts'
import { COMMON_PASSWORD } from '../../platform/auth/common-passwords.ts'
import { hashPassword } from '../../platform/auth/passwords.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { DATABASES, defaultTenant, EDITOR, MEMBER, useTestServer, type TestClient } from '../../test-harness.ts'

/** Runs `work` as if the sign-in window (15 minutes) had passed: the system clock moved on. */
async function afterWindow(work: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 })
  try {
    await work()
  } finally {
    vi.useRealTimers()
  }
}

describe.each(DATABASES)('sessions and sign-in (%s)', (kind) => {
  const server = useTestServer(kind, {
    now: () => clock,
    env: { LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_PER_ADDRESS: '6' },
  })
  let clock = new Date('2026-11-23T12:00:00Z')

  it('signs in with a fresh HttpOnly, SameSite=Lax session cookie on every sign-in', async () => {
    const client = server.client()
    const first = await client.json('/api/login', { method: 'POST', body: MEMBER })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ isAuthenticated: true, email: MEMBER.email, role: 'member' })
    const cookie = first.response.headers.getSetCookie().find((value) => value.startsWith('session='))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Secure/)
    const firstId = client.cookies.get('session')
    await client.login(MEMBER)
    expect(client.cookies.get('session')).not.toBe(firstId)
    expect((await client.json('/api/auth')).body).toEqual({
      isAuthenticated: true,
      email: MEMBER.email,
      role: 'member',
    })
  })

  it('over HTTPS (to the trusted proxy), names the cookies __Host- and marks them Secure', async () => {
    const client = server.client(undefined, undefined, { https: true })
    const { response } = await client.json('/api/login', { method: 'POST', body: MEMBER })
    expect(response.status).toBe(200)
    const cookies = response.headers.getSetCookie()
    expect(cookies.find((value) => value.startsWith('__Host-session='))).toMatch(
      /; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
    expect(cookies.find((value) => value.startsWith('__Host-csrf='))).toMatch(
      /; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
    expect(cookies.some((value) => /^(session|csrf)=/.test(value))).toBe(false)
    expect((await client.json('/api/auth')).body).toEqual({
      isAuthenticated: true,
      email: MEMBER.email,
      role: 'member',
    })
  })

  it('answers a wrong password and an unknown account identically, in status, body and time', async () => {
    const wrong = server.client(undefined, '192.0.2.1')
    const unknown = server.client(undefined, '192.0.2.2')
    const timings: Record<string, number[]> = { wrong: [], unknown: [] }
    let answers: unknown[] = []
    for (let round = 0; round < 2; round += 1) {
      for (const [name, client, email] of [
        ['wrong', wrong, MEMBER.email],
        ['unknown', unknown, 'nobody@demo.test'],
      ] as const) {
        const started = performance.now()
        const { status, body } = await client.json('/api/login', {
          method: 'POST',
          body: { email, password: 'Not-The-Password-1' },
        })
        timings[name]!.push(performance.now() - started)
        answers = [...answers, { status, body }]
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ status: 401, body: { message: 'Invalid email or password' } })]),
    )
    // Both verify a password hash: neither answers in a fraction of the other's time.
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
    expect(mean(timings.unknown!) / mean(timings.wrong!)).toBeGreaterThan(0.3)
    expect(mean(timings.unknown!) / mean(timings.wrong!)).toBeLessThan(3)
  })

  it('throttles repeated failures per account and address without locking the member out', async () => {
    const attacker = server.client(undefined, '198.51.100.7')
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (
          await attacker.json('/api/login', {
            method: 'POST',
            body: { email: EDITOR.email, password: 'guess' + attempt },
          })
        ).status,
      ).toBe(401)
    }
    const blocked = await attacker.json('/api/login', { method: 'POST', body: EDITOR })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ message: 'Too many sign-in attempts. Try again later.' })
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0)
    // The same account from its owner's address still signs in: nobody can lock a member out.
    const owner = await server.client(undefined, '203.0.113.9').json('/api/login', { method: 'POST', body: EDITOR })
    expect(owner.status).toBe(200)
    // After the window, the attacker's address may try again (the limits count on the system clock).
    await afterWindow(() =>
      attacker.json('/api/login', { method: 'POST', body: EDITOR }).then(({ status }) => expect(status).toBe(200)),
    )
  })

  it('throttles every account from one address after the per-address limit', async () => {
    const attacker = server.client(undefined, '198.51.100.8')
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await attacker.json('/api/login', {
        method: 'POST',
        body: { email: `user${attempt}@demo.test`, password: 'guess' },
      })
    }
    expect(
      (await attacker.json('/api/login', { method: 'POST', body: { email: 'another@demo.test', password: 'guess' } }))
        .status,
    ).toBe(429)
  })

  it('keeps sessions in the database: another server process on the same database knows them', async () => {
    const client = await server.client().login(MEMBER)
    const rows = await many(server.deps.db, z.object({ n: z.number() }), 'SELECT count(*)::int AS n FROM sessions')
    expect(rows[0]!.n).toBeGreaterThan(0)
    const stored = await many(server.deps.db, z.object({ id_hash: z.string() }), 'SELECT id_hash FROM sessions')
    expect(stored.map((row) => row.id_hash)).not.toContain(client.cookies.get('session'))
  })

  it('ends a session idle for the browser’s sign-out limit and the keep-alive’s interval, not an hour later', async () => {
    const client = await server.client().login(MEMBER)
    expect((await client.json('/api/auth')).body).toMatchObject({ isAuthenticated: true })
    // Used just within the limit: it stays, and its idle clock starts again.
    clock = new Date(clock.getTime() + server.env.IDLE_AUTH_MS + SESSION_KEEP_ALIVE_MS - 1000)
    expect((await client.json('/api/auth')).body).toMatchObject({ isAuthenticated: true })
    clock = new Date(clock.getTime() + server.env.IDLE_AUTH_MS + SESSION_KEEP_ALIVE_MS + 1000)
    expect(server.env.IDLE_AUTH_MS + SESSION_KEEP_ALIVE_MS + 1000).toBeLessThan(server.env.IDLE_SESSION_MS)
    expect((await client.json('/api/auth')).body).toEqual({ isAuthenticated: false })
    expect((await client.json('/api/v4/member/info')).status).toBe(401)
  })

  it('signs out: the session ends on the server', async () => {
    const client = await server.client().login(MEMBER)
    const session = client.cookies.get('session')!
    expect((await client.json('/api/v4/member/logout', { method: 'POST' })).status).toBe(200)
    expect((await client.json('/api/auth')).body).toEqual({ isAuthenticated: false })
    const replay = server.client()
    replay.cookies.set('session', session)
    expect((await replay.json('/api/auth')).body).toEqual({ isAuthenticated: false })
  })

  it('never changes state on a GET: a GET to a POST-only path is not found', async () => {
    const client = await server.client().login(MEMBER)
    expect((await client.json('/api/v4/member/logout')).status).toBe(404)
    expect((await client.json('/api/auth')).body).toMatchObject({ isAuthenticated: true })
  })

  describe('password reset', () => {
    const resetMails = async () =>
      (await outbox(server.deps.db, defaultTenant.groupKey)).filter((mail) =>
        mail.subject.startsWith('Choose a new password'),
      )

    /** The statements `work` runs on the database, in order. */
    async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
      const db = server.deps.db
      const query = db.query.bind(db)
      const seen: string[] = []
      db.query = (text, params) => {
        seen.push(text.replace(/\s+/g, ' '))
        return query(text, params)
      }
      try {
        await work()
      } finally {
        db.query = query
      }
      return seen
    }

    it('answers the same for a known and an unknown email, with the same work on the database: one statement and one mail each, a link only for the account', async () => {
      const [knownClient, unknownClient] = [server.client(), server.client()]
      for (const client of [knownClient, unknownClient]) await client.json('/api/auth')
      // The mails' words are the tenant's content, read once and cached for every request alike.
      await server.deps.content.get(defaultTenant.groupKey)
      let known: Awaited<ReturnType<TestClient['json']>> | undefined
      let unknown: Awaited<ReturnType<TestClient['json']>> | undefined
      const knownWork = await statementsOf(
        async () =>
          (known = await knownClient.json('/api/v4/member/resetPasswordEmail', {
            method: 'POST',
            body: { email: MEMBER.email },
          })),
      )
      const unknownWork = await statementsOf(
        async () =>
          (unknown = await unknownClient.json('/api/v4/member/resetPasswordEmail', {
            method: 'POST',
            body: { email: 'nobody@demo.test' },
          })),
      )
      expect(known!.status).toBe(200)
      expect({ status: unknown!.status, body: unknown!.body }).toEqual({ status: known!.status, body: known!.body })
      expect(unknownWork).toEqual(knownWork)
      expect(knownWork.filter((text) => /password_resets|outbox/.test(text))).toHaveLength(2)
      const [toUnknown, toKnown] = await resetMails()
      expect(toKnown).toMatchObject({
        recipient: MEMBER.email,
        body: expect.stringContaining('/reset-password?token='),
      })
      expect(toUnknown).toMatchObject({
        recipient: 'nobody@demo.test',
        body: expect.stringContaining('no account uses it'),
      })
      expect(toUnknown!.body).not.toContain('token=')
    })

    it('builds the link from the tenant’s public address, never from the Host header', async () => {
      const client = server.client()
      await client.json('/api/v4/member/resetPasswordEmail', {
        method: 'POST',
        body: { email: MEMBER.email },
        headers: { 'x-forwarded-host': 'evil.example' },
      })
      const [mail] = await resetMails()
      expect(mail!.body).toContain(`${defaultTenant.publicUrl}/reset-password?token=`)
      expect(mail!.body).not.toContain('evil.example')
    })

    it('sets a new password once, ends every session, does not sign in; the link cannot be used twice', async () => {
      const elsewhere = await server.client().login(MEMBER)
      const client = server.client()
      await client.json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email: MEMBER.email } })
      const token = /token=([A-Za-z0-9_-]+)/.exec((await resetMails())[0]!.body)![1]!
      const weak = await client.json('/api/v4/member/setNewPassword', {
        method: 'POST',
        body: { token, password: 'short' },
      })
      expect(weak.status).toBe(422)
      expect(weak.body).toMatchObject({
        issues: [{ path: ['body', 'password'], message: 'Use at least 12 characters' }],
      })
      const common = await client.json('/api/v4/member/setNewPassword', {
        method: 'POST',
        body: { token, password: 'Password123!' },
      })
      expect(common).toMatchObject({
        status: 422,
        body: { issues: [{ path: ['body', 'password'], message: COMMON_PASSWORD }] },
      })
      const done = await client.json('/api/v4/member/setNewPassword', {
        method: 'POST',
        body: { token, password: 'Fresh-Dental-Pass-42' },
      })
      expect(done.status).toBe(200)
      expect(client.cookies.has('session')).toBe(false)
      expect((await elsewhere.json('/api/auth')).body).toEqual({ isAuthenticated: false })
      expect(
        (
          await client.json('/api/v4/member/setNewPassword', {
            method: 'POST',
            body: { token, password: 'Another-Pass-42' },
          })
        ).status,
      ).toBe(400)
      await server.client().login({ email: MEMBER.email, password: 'Fresh-Dental-Pass-42' })
    })

    it('ends every other outstanding link of the account with a reset, and mails the account that its password changed', async () => {
      const tokens: string[] = []
      for (let asked = 0; asked < 2; asked += 1) {
        await server
          .client()
          .json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email: EDITOR.email } })
        tokens.push(/token=([A-Za-z0-9_-]+)/.exec((await resetMails())[0]!.body)![1]!)
      }
      expect(
        (
          await server.client().json('/api/v4/member/setNewPassword', {
            method: 'POST',
            body: { token: tokens[1]!, password: 'Fresh-Pass-For-Staff-26' },
          })
        ).status,
      ).toBe(200)
      const older = await server.client().json('/api/v4/member/setNewPassword', {
        method: 'POST',
        body: { token: tokens[0]!, password: 'Another-Staff-Pass-26' },
      })
      expect(older).toMatchObject({
        status: 400,
        body: { message: 'This link has expired or was already used. Ask for a new one.' },
      })
      const [changed] = (await outbox(server.deps.db, defaultTenant.groupKey)).filter(
        (mail) => mail.recipient === EDITOR.email,
      )
      expect(changed).toMatchObject({ subject: `Your ${defaultTenant.companyName} password was changed` })
      expect(changed!.body).toContain('every session of the account was signed out')
      await server.client().login({ email: EDITOR.email, password: 'Fresh-Pass-For-Staff-26' })
    })

    it('refuses an expired link', async () => {
      const client = server.client()
      await client.json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email: MEMBER.email } })
      const token = /token=([A-Za-z0-9_-]+)/.exec((await resetMails())[0]!.body)![1]!
      clock = new Date(clock.getTime() + server.env.RESET_TOKEN_TTL_MS + 1000)
      const expired = await client.json('/api/v4/member/setNewPassword', {
        method: 'POST',
        body: { token, password: 'Fresh-Member-Pass-42' },
      })
      expect(expired).toMatchObject({
        status: 400,
        body: { message: 'This link has expired or was already used. Ask for a new one.' },
      })
    })
  })

  it('validates an email address by its form only', async () => {
    const client = server.client()
    expect(
      (await client.json('/api/v4/member/validateEmail', { method: 'POST', body: { email: MEMBER.email } })).body,
    ).toEqual({ valid: true })
    expect(
      (await client.json('/api/v4/member/validateEmail', { method: 'POST', body: { email: 'not an email' } })).body,
    ).toEqual({ valid: false, message: 'Enter a valid email address' })
    // A common domain mistyped: still valid, with a question (the visitor decides).
    expect(
      (await client.json('/api/v4/member/validateEmail', { method: 'POST', body: { email: 'jane@gmial.com' } })).body,
    ).toEqual({ valid: true, message: 'Did you mean jane@gmail.com?' })
    expect(
      (await client.json('/api/v4/member/validateEmail', { method: 'POST', body: { email: 'jane@hotmial.com' } })).body,
    ).toEqual({ valid: true, message: 'Did you mean jane@hotmail.com?' })
    expect(
      (await client.json('/api/v4/member/validateEmail', { method: 'POST', body: { email: 'jane@smalltown.org' } }))
        .body,
    ).toEqual({ valid: true })
  })

  it('signs up a new member; a taken email gets the same answer and its owner a mail', async () => {
    const client = server.client()
    const body = { email: 'new.member@demo.test', password: 'Brand-New-Pass-7', firstName: 'Nia', lastName: 'Park' }
    const created = await client.json('/api/v4/member/signup', { method: 'POST', body })
    const again = await client.json('/api/v4/member/signup', { method: 'POST', body })
    expect(created.status).toBe(201)
    expect(again).toMatchObject({ status: 201, body: created.body })
    const mails = (await outbox(server.deps.db, defaultTenant.groupKey)).filter((mail) => mail.recipient === body.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Someone tried to create an account with your email',
      `Welcome to ${defaultTenant.companyName}`,
    ])
    await server.client().login(body)
  })

  it('takes a passphrase without a composition rule, refuses a common password at its field, and keeps the passwords members already have', async () => {
    const signup = (password: string) =>
      server.client().json('/api/v4/member/signup', {
        method: 'POST',
        body: {
          email: `phrase-${password.length}-${Math.random().toString(36).slice(2)}@demo.test`,
          password,
          firstName: 'Nia',
          lastName: 'Park',
        },
      })
    expect((await signup('correct horse battery staple')).status).toBe(201)
    for (const password of ['Password123!', 'iloveyou2026']) {
      expect(await signup(password)).toMatchObject({
        status: 422,
        body: { issues: [{ path: ['body', 'password'], message: COMMON_PASSWORD }] },
      })
    }
    expect(await signup('eleven-char')).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'password'], message: 'Use at least 12 characters' }] },
    })
    // A member whose password was set under the old rules still signs in with it.
    const old = { email: 'old-rules@demo.test', password: 'Sunshine1!' }
    await server.deps.db.query(
      "INSERT INTO users (group_key, email, password_hash, role, first_name, last_name) VALUES ($1, $2, $3, 'member', 'Old', 'Rules')",
      [defaultTenant.groupKey, old.email, await hashPassword(old.password, server.deps.hashCost)],
    )
    await server.client().login(old)
  })

  it('explains every invalid field of a sign-in body', async () => {
    const { status, body } = await server
      .client()
      .json('/api/login', { method: 'POST', body: { email: 'x', password: '' } })
    expect(status).toBe(422)
    expect(body).toEqual({
      message: 'Validation error: Enter a valid email address at "email"; Required at "password"',
      issues: [
        { path: ['body', 'email'], message: 'Enter a valid email address' },
        { path: ['body', 'password'], message: 'Required' },
      ],
    })
    expect((await server.client().json('/api/login', { method: 'POST', body: 'not json' })).status).toBe(422)
  })
})
