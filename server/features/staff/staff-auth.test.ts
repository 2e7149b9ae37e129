import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { qrPath, totpCode } from '../../platform/auth/totp.ts'
import { many } from '../../platform/db/database.ts'
import {
  accountId,
  ADMIN,
  DATABASES,
  EDITOR,
  MEMBER,
  otherTenant,
  SUPPORT,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const SIGN_IN = '/api/v4/staff/signIn'
const VERIFY = '/api/v4/staff/verify'
const ME = '/api/v4/staff/me'

/**
 * The server's clock, moved on by each test, so that each test's codes are of time steps no
 * other test has used (a code is accepted once).
 */
let clock = new Date('2026-11-27T10:00:00Z')
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000))

const signIn = (client: TestClient, account: { email: string; password: string }) =>
  client.json(SIGN_IN, { method: 'POST', body: { email: account.email, password: account.password } })
const verify = (client: TestClient, code: string) => client.json(VERIFY, { method: 'POST', body: { code } })

/** The audit entries of an account written after entry `after`, oldest first. */
async function auditActions(server: TestServer, email: string, after: number) {
  const id = await accountId(server.deps.db, email)
  const rows = await many(
    server.deps.db,
    z.object({ action: z.string() }),
    'SELECT action FROM audit_events WHERE actor_id = $1 AND id > $2 ORDER BY id',
    [id, after],
  )
  return rows.map((row) => row.action)
}
const lastAuditId = async (server: TestServer) =>
  (
    await many(
      server.deps.db,
      z.object({ id: z.coerce.number() }),
      'SELECT coalesce(max(id), 0) AS id FROM audit_events',
    )
  )[0]!.id

describe.each(DATABASES)('the staff sign-in in two steps (%s)', (kind) => {
  const server = useTestServer(kind, { now: () => clock })

  it('signs the demo support in with the password then a code of the demo secret, accepts each code once, and audits every attempt', async () => {
    tick(120)
    const before = await lastAuditId(server)
    const client = server.client()
    expect(await signIn(client, SUPPORT)).toMatchObject({ status: 200, body: { next: 'code' } })
    // Waiting for the code is no session: not for staff, members, or the site's pages.
    expect((await client.json(ME)).status).toBe(401)
    expect((await client.json('/api/v4/member/info')).status).toBe(401)
    expect((await client.json('/api/auth')).body).toEqual({ isAuthenticated: false })
    const pendingCookie = client.cookie('session')

    expect(await verify(client, totpCode(SUPPORT.totpSecret, new Date(clock.getTime() + 3600_000)))).toMatchObject({
      status: 422,
    })
    const code = totpCode(SUPPORT.totpSecret, clock)
    expect(await verify(client, code)).toMatchObject({
      status: 200,
      body: { email: SUPPORT.email, roles: ['support'] },
    })
    // A fresh session id once both factors are given.
    expect(client.cookie('session')).not.toBe(pendingCookie)
    expect(await client.json(ME)).toMatchObject({ status: 200, body: { email: SUPPORT.email, roles: ['support'] } })
    // A staff member is no member, and no content manager.
    expect((await client.json('/api/v4/member/info')).status).toBe(403)
    expect((await client.json('/api/cms/inheritance')).status).toBe(403)

    // The same code again, from another browser with the right password: refused.
    const replay = server.client()
    expect((await signIn(replay, SUPPORT)).status).toBe(200)
    expect(await verify(replay, code)).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'code'] }] },
    })
    expect((await replay.json(ME)).status).toBe(401)

    expect(await auditActions(server, SUPPORT.email, before)).toEqual([
      'staff.password_ok',
      'staff.code_refused',
      'staff.sign_in',
      'staff.password_ok',
      'staff.code_refused',
    ])
  })

  it('refuses a member and an unknown email at the staff sign-in as the site’s sign-in does, and a staff account at the site’s sign-in', async () => {
    const before = await lastAuditId(server)
    const refused = { status: 401, body: { message: 'Invalid email or password' } }
    expect(await signIn(server.client(), MEMBER)).toMatchObject(refused)
    expect(await signIn(server.client(), { email: 'nobody@example.com', password: 'Not-A-Staff-2026!' })).toMatchObject(
      refused,
    )
    expect(await signIn(server.client(), { ...SUPPORT, password: 'Wrong-Password-2026!' })).toMatchObject(refused)
    expect(
      await server
        .client()
        .json('/api/login', { method: 'POST', body: { email: SUPPORT.email, password: SUPPORT.password } }),
    ).toMatchObject(refused)
    expect(await auditActions(server, MEMBER.email, before)).toEqual(['staff.password_refused'])
    expect(await auditActions(server, SUPPORT.email, before)).toEqual(['staff.password_refused'])
    const unknown = await many(
      server.deps.db,
      z.object({ action: z.string() }),
      "SELECT action FROM audit_events WHERE id > $1 AND subject = 'email:nobody@example.com'",
      [before],
    )
    expect(unknown).toEqual([{ action: 'staff.password_refused' }])
  })

  it('enrols a content manager at first sign-in: a secret, a first code, ten recovery codes each good once; the site’s sign-in opens no content work', async () => {
    tick(120)
    // A content manager who has not enrolled yet (the demo's is enrolled with the README's secret).
    await server.deps.db.query('DELETE FROM staff_mfa WHERE user_id = $1', [
      await accountId(server.deps.db, EDITOR.email),
    ])
    const before = await lastAuditId(server)
    const client = server.client()
    expect(await signIn(client, EDITOR)).toMatchObject({ status: 200, body: { next: 'enrol' } })
    expect((await verify(client, '123456')).status).toBe(409)
    const started = await client.json<{ uri: string; secret: string; qr: { size: number; path: string } }>(
      '/api/v4/staff/enrol/start',
      { method: 'POST' },
    )
    expect(started.status).toBe(200)
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/)
    expect(started.body.uri).toContain(`secret=${started.body.secret}`)
    // The QR code the console draws is the link's: a version's size (4n + 17), and the finder square's
    // top row (seven dark squares) at each of three corners.
    expect(started.body.qr).toEqual(qrPath(started.body.uri))
    const { size, path } = started.body.qr
    expect((size - 17) % 4).toBe(0)
    for (const [column, row] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const)
      for (let step = 0; step < 7; step++) expect(path).toContain(`M${column + step} ${row}h1v1h-1z`)
    const finish = (code: string) =>
      client.json<{ email: string; roles: string[]; recoveryCodes: string[] }>('/api/v4/staff/enrol/finish', {
        method: 'POST',
        body: { code },
      })
    expect((await finish(totpCode(started.body.secret, new Date(clock.getTime() + 3600_000)))).status).toBe(422)
    const finished = await finish(totpCode(started.body.secret, clock))
    expect(finished).toMatchObject({ status: 200, body: { email: EDITOR.email, roles: ['content'] } })
    const codes = finished.body.recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    expect(await client.json(ME)).toMatchObject({ status: 200, body: { roles: ['content'] } })
    // Enrolled: the next sign-in asks for a code, and may not enrol again.
    const next = server.client()
    expect(await signIn(next, EDITOR)).toMatchObject({ body: { next: 'code' } })
    expect((await next.json('/api/v4/staff/enrol/start', { method: 'POST' })).status).toBe(409)
    // A recovery code signs in once (typed in capitals, without its hyphen), and not twice.
    expect(await verify(next, codes[3]!.replace('-', '').toUpperCase())).toMatchObject({ status: 200 })
    const again = server.client()
    expect((await signIn(again, EDITOR)).status).toBe(200)
    expect((await verify(again, codes[3]!)).status).toBe(422)
    expect((await verify(again, codes[4]!)).status).toBe(200)
    // The site's sign-in checks the password only: no content work with it.
    const editor = await server.client().login(EDITOR)
    expect((await editor.json('/api/cms/inheritance')).status).toBe(401)
    expect((await again.json('/api/cms/inheritance')).status).toBe(200)
    expect(await auditActions(server, EDITOR.email, before)).toEqual([
      'staff.password_ok',
      'staff.enrol_started',
      'staff.code_refused',
      'staff.enrolled',
      'staff.password_ok',
      'staff.recovery_code_used',
      'staff.password_ok',
      'staff.code_refused',
      'staff.recovery_code_used',
    ])
  })

  it('throttles the codes of an account: after five wrong ones, even the right code is refused', async () => {
    tick(120)
    const client = server.client()
    expect((await signIn(client, ADMIN)).status).toBe(200)
    for (const wrong of ['000000', '111111', '222222', '333333', '444444'])
      expect((await verify(client, wrong === totpCode(ADMIN.totpSecret, clock) ? '555555' : wrong)).status).toBe(422)
    const throttled = await verify(client, totpCode(ADMIN.totpSecret, clock))
    expect(throttled.status).toBe(429)
    expect(throttled.response.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await client.json(ME)).status).toBe(401)
  })

  it('keeps the audit trail append-only: the database refuses to change or delete an entry', async () => {
    expect(await lastAuditId(server)).toBeGreaterThan(0)
    await expect(server.deps.db.query("UPDATE audit_events SET action = 'staff.sign_in'")).rejects.toThrow(
      /append-only/,
    )
    await expect(server.deps.db.query('DELETE FROM audit_events')).rejects.toThrow(/append-only/)
    await expect(server.deps.db.query('TRUNCATE audit_events')).rejects.toThrow(/append-only/)
    expect(await lastAuditId(server)).toBeGreaterThan(0)
  })

  it('keeps one tenant’s staff session and staff out of another tenant', async () => {
    tick(120)
    const client = await server.client().staffLogin({ ...SUPPORT, now: clock })
    expect((await client.json(ME)).status).toBe(200)
    const elsewhere = server.client(otherTenant.hosts[0])
    for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value)
    expect((await elsewhere.json(ME)).status).toBe(401)
    expect((await signIn(server.client(otherTenant.hosts[0]), SUPPORT)).status).toBe(401)
  })
})
