import { describe, expect, it } from 'vitest'
import type { AuditEvent } from '#schemas/api/staff.ts'
import { z } from '#schemas/engine/zod.ts'
import { many } from '../../platform/db/database.ts'
import {
  ADMIN,
  DATABASES,
  EDITOR,
  MEMBER,
  otherTenant,
  SUPPORT,
  useTestServer,
  type TestServer,
} from '../../test-harness.ts'

const AUDIT = '/api/v4/staff/audit'

/** The server's clock: each sign-in's code is of a time step of its own (a code is accepted once). */
let clock = new Date('2026-11-27T10:00:00Z')
const tick = () => (clock = new Date(clock.getTime() + 120_000))

const signedIn = (server: TestServer, account: typeof ADMIN, host?: string) =>
  server.client(host).staffLogin({ ...account, now: tick() })

const countEntries = async (server: TestServer) =>
  (await many(server.deps.db, z.object({ n: z.coerce.number() }), 'SELECT count(*) AS n FROM audit_events'))[0]!.n

type Page = { entries: AuditEvent[]; next: number | null }

describe.each(DATABASES)('the audit trail, read by an administrator (%s)', (kind) => {
  const server = useTestServer(kind, { now: () => clock })

  it('shows the tenant’s entries newest first, with who did it, by action or kind, by period, a page at a time', async () => {
    await signedIn(server, SUPPORT)
    const admin = await signedIn(server, ADMIN)

    const { status, body } = await admin.json<Page>(AUDIT)
    expect(status).toBe(200)
    // The newest first: the administrator's sign-in (the code, then the password), then the support's.
    expect(body.entries.slice(0, 4).map((entry) => [entry.action, entry.actor])).toEqual([
      ['staff.sign_in', ADMIN.email],
      ['staff.password_ok', ADMIN.email],
      ['staff.sign_in', SUPPORT.email],
      ['staff.password_ok', SUPPORT.email],
    ])
    expect(body.entries[0]).toMatchObject({ subject: expect.stringMatching(/^user:\d+$/), at: expect.any(String) })
    const ids = body.entries.map((entry) => entry.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))

    // A page of one, then the next from its `next`: the same entries, in order.
    const first = await admin.json<Page>(`${AUDIT}?limit=1`)
    expect(first.body.entries.map((entry) => entry.id)).toEqual([ids[0]])
    const second = await admin.json<Page>(`${AUDIT}?limit=1&before=${first.body.next}`)
    expect(second.body.entries.map((entry) => entry.id)).toEqual([ids[1]])

    // By action, or by its kind ("staff."); a kind that matches nothing gives nothing.
    const signIns = await admin.json<Page>(`${AUDIT}?action=staff.sign_in`)
    expect(signIns.body.entries.map((entry) => entry.actor).slice(0, 2)).toEqual([ADMIN.email, SUPPORT.email])
    expect(signIns.body.entries.every((entry) => entry.action === 'staff.sign_in')).toBe(true)
    const staff = await admin.json<Page>(`${AUDIT}?action=staff.`)
    expect(staff.body.entries.every((entry) => entry.action.startsWith('staff.'))).toBe(true)
    expect((await admin.json<Page>(`${AUDIT}?action=grievance.`)).body.entries).toEqual([])

    // By period: from tomorrow, nothing; up to tomorrow, today's.
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    expect((await admin.json<Page>(`${AUDIT}?from=${tomorrow}`)).body.entries).toEqual([])
    expect((await admin.json<Page>(`${AUDIT}?from=${today}&to=${tomorrow}`)).body.entries.length).toBeGreaterThan(0)

    // A bad query says what is wrong.
    const bad = await admin.json<{ message: string }>(`${AUDIT}?limit=0&from=yesterday`)
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.body)).toContain('At least 1')
    expect(JSON.stringify(bad.body)).toContain('Enter a date as YYYY-MM-DD')
  })

  it('is for administrators of the tenant only, and no route changes it', async () => {
    const admin = await signedIn(server, ADMIN)
    const entries = await countEntries(server)
    const callers = {
      anonymous: server.client(),
      member: await server.client().login(MEMBER),
      'content manager': await server.staffClient(EDITOR),
      support: await signedIn(server, SUPPORT),
    }
    const afterSignIns = await countEntries(server)
    // A staff sign-in is two entries (the password, the code), a content manager's too; the member's is the site's.
    expect(afterSignIns).toBe(entries + 4)
    expect((await callers.anonymous.json(AUDIT)).status).toBe(401)
    expect((await callers.member.json(AUDIT)).status).toBe(403)
    expect((await callers['content manager'].json(AUDIT)).status).toBe(403)
    expect((await callers.support.json(AUDIT)).status).toBe(403)
    expect((await admin.json(AUDIT)).status).toBe(200)

    // Another tenant's host: the administrator's session is none there.
    const elsewhere = server.client(otherTenant.hosts[0])
    for (const [name, value] of admin.cookies) elsewhere.cookies.set(name, value)
    expect((await elsewhere.json(AUDIT)).status).toBe(401)

    // Nothing updates or deletes the trail: no route for it, whoever asks.
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const response = await admin.request(AUDIT, { method, body: {} })
      expect([403, 404, 405], method).toContain(response.status)
    }
    expect(await countEntries(server)).toBe(afterSignIns)
  })
})
