import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { GrievanceRequest, GrievanceSummary } from '#schemas/api/grievances.ts'
import type { StaffGrievanceDetail } from '#schemas/api/grievances.ts'
import { many, one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import {
  expectRefused,
  fileGrievance,
  makeOtherTenantStaff,
  refusedCallers,
  staffClock,
} from '../../test-staff-setup.ts'
import {
  accountId,
  ADMIN,
  DATABASES,
  defaultTenant,
  MEMBER,
  SUPPORT,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const INBOX = '/api/v4/staff/grievances'
type Row = Omit<StaffGrievanceDetail, 'email'>

/** The server's clock, moved on before each staff sign-in: a code is accepted once per time step. */
const clock = staffClock('2026-03-02T10:00:00Z')
const { tick, at, staff } = clock

const grievance = (change: Partial<GrievanceRequest> = {}): GrievanceRequest => ({
  name: 'Ana Silva',
  email: 'ana@example.com',
  category: 'billing',
  description: 'I was charged twice for the same visit in February.',
  desiredResolution: 'Refund the second charge.',
  ...change,
})

let addresses = 0
const file = (
  server: TestServer,
  body: GrievanceRequest,
  client = server.client(undefined, `198.19.1.${++addresses}`),
) => fileGrievance(server, client, body)

const act = (client: TestClient, id: number, action: string, body: unknown = {}) =>
  client.json<StaffGrievanceDetail & { message: string }>(`${INBOX}/${id}/${action}`, { method: 'POST', body })

/** What an action changes: the grievance's status, its history, its responses and the tenant's audit trail. */
async function state(server: TestServer, id: number) {
  const db = server.deps.db
  const count = async (sql: string, params: (string | number)[]) =>
    (await one(db, z.object({ n: z.coerce.number() }), sql, params)).n
  return {
    status: (await one(db, z.object({ status: z.string() }), 'SELECT status FROM grievances WHERE id = $1', [id]))
      .status,
    events: await count('SELECT count(*) AS n FROM grievance_events WHERE grievance_id = $1', [id]),
    responses: await count('SELECT count(*) AS n FROM grievance_responses WHERE grievance_id = $1', [id]),
    audit: await count('SELECT count(*) AS n FROM audit_events WHERE subject = $1', [`grievance:${id}`]),
    mails: (await outbox(db, undefined, 1000)).length,
  }
}

describe.each(DATABASES)('the staff’s grievances inbox (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  it('takes a member’s grievance from received to closed and back: dates, mails, the member’s view, one event and one audit entry per action', async () => {
    // Each database's run starts from the same day (each has its own server, so codes may repeat).
    at('2026-03-02T10:00:00Z')
    const member = await server.client().login(MEMBER)
    const { body: info } = await member.json<{ email: string; firstName: string; lastName: string }>(
      '/api/v4/member/info',
    )
    const filedAt = new Date(clock.now())
    const { id, reference } = await file(
      server,
      grievance({ email: info.email, name: `${info.firstName} ${info.lastName}` }),
      member,
    )
    // Six days later: the acknowledgement is a day late; the resolution is due in 24 days.
    tick(6 * 86_400)
    const support = await staff(server, SUPPORT)
    const list = await support.json<{ grievances: Row[] }>(INBOX)
    expect(list.status).toBe(200)
    const row = list.body.grievances.find((item) => item.id === id)
    expect(row).toEqual({
      id,
      reference,
      filedAt: filedAt.toISOString(),
      name: `${info.firstName} ${info.lastName}`,
      category: 'billing',
      urgent: false,
      status: 'received',
      acknowledge: { by: '2026-03-07T10:00:00.000Z', doneAt: null, daysLeft: -1, overdue: true },
      resolve: { by: '2026-04-01T10:00:00.000Z', doneAt: null, daysLeft: 24, overdue: false },
      overdue: true,
    })
    const ids = async (query: string) =>
      (await support.json<{ grievances: Row[] }>(`${INBOX}?${query}`)).body.grievances.map((item) => item.id)
    expect(await ids('overdue=true')).toContain(id)
    expect(await ids('overdue=false')).not.toContain(id)
    expect(await ids('status=received&urgent=false')).toContain(id)
    expect(await ids('urgent=true')).not.toContain(id)
    expect(await ids('status=closed')).not.toContain(id)

    const detail = await support.json<StaffGrievanceDetail>(`${INBOX}/${id}`)
    expect(detail.body).toMatchObject({
      email: info.email,
      memberId: await accountId(server.deps.db, MEMBER.email),
      description: 'I was charged twice for the same visit in February.',
      desiredResolution: 'Refund the second charge.',
      attachments: [],
      history: [],
    })

    const start = await state(server, id)
    const acknowledged = await act(support, id, 'acknowledge')
    expect(acknowledged).toMatchObject({
      status: 200,
      body: { status: 'acknowledged', acknowledge: { overdue: false } },
    })
    expect(await state(server, id)).toEqual({
      ...start,
      status: 'acknowledged',
      events: 1,
      responses: 1,
      audit: 1,
      mails: start.mails + 1,
    })
    const [ackMail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    expect(ackMail).toMatchObject({ recipient: info.email, subject: `Grievance ${reference} acknowledged` })
    expect(await act(support, id, 'acknowledge')).toMatchObject({
      status: 409,
      body: { message: 'This grievance is already acknowledged.' },
    })

    expect((await act(support, id, 'note', { text: 'Asked the office for the ledger.' })).status).toBe(200)
    const resolution = 'The second charge of $45 is refunded to your card.'
    expect(await act(support, id, 'resolve', { resolution })).toMatchObject({
      status: 200,
      body: { status: 'resolved' },
    })
    const [resolvedMail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    expect(resolvedMail).toMatchObject({ recipient: info.email, subject: `Grievance ${reference}: our decision` })
    expect(resolvedMail!.body).toContain(resolution)
    // Signed in again: six days on, the first session has expired.
    const mine = await (
      await server.client().login(MEMBER)
    ).json<{ grievances: GrievanceSummary[] }>('/api/v4/member/grievances')
    expect(mine.body.grievances.find((item) => item.reference === reference)).toMatchObject({
      status: 'resolved',
      resolvedAt: clock.now().toISOString(),
      responses: [{ kind: 'acknowledgement' }, { kind: 'resolution', body: resolution }],
    })

    expect((await act(support, id, 'close')).status).toBe(200)
    expect(await act(support, id, 'resolve', { resolution: 'Again.' })).toMatchObject({
      status: 409,
      body: { message: 'Only an open grievance can be resolved: reopen it first.' },
    })
    expect(await act(support, id, 'reopen', { reason: 'The member called: the refund did not arrive.' })).toMatchObject(
      {
        status: 200,
        body: { status: 'acknowledged', resolve: { doneAt: null } },
      },
    )

    const history = (await support.json<StaffGrievanceDetail>(`${INBOX}/${id}`)).body.history
    expect(history.map((event) => [event.kind, event.actor])).toEqual(
      ['acknowledged', 'note', 'resolved', 'closed', 'reopened'].map((kind) => [kind, SUPPORT.email]),
    )
    expect(history[1]!.text).toBe('Asked the office for the ledger.')
    const trail = await many(
      server.deps.db,
      z.object({ action: z.string(), actor_id: z.number(), before: z.unknown(), after: z.unknown() }),
      'SELECT action, actor_id, before, after FROM audit_events WHERE subject = $1 ORDER BY id',
      [`grievance:${id}`],
    )
    const supportId = await accountId(server.deps.db, SUPPORT.email)
    expect(trail).toEqual([
      {
        action: 'grievance.acknowledge',
        actor_id: supportId,
        before: { status: 'received' },
        after: { status: 'acknowledged' },
      },
      {
        action: 'grievance.note',
        actor_id: supportId,
        before: { status: 'acknowledged' },
        after: { status: 'acknowledged' },
      },
      {
        action: 'grievance.resolve',
        actor_id: supportId,
        before: { status: 'acknowledged' },
        after: { status: 'resolved' },
      },
      { action: 'grievance.close', actor_id: supportId, before: { status: 'resolved' }, after: { status: 'closed' } },
      {
        action: 'grievance.reopen',
        actor_id: supportId,
        before: { status: 'closed' },
        after: { status: 'acknowledged' },
      },
    ])
  })

  it('lists the nearest deadline first (an urgent grievance filed later before an older ordinary one) and names a grievance’s files', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
    const ordinary = await file(
      server,
      grievance({ attachments: [{ name: 'ledger.pdf', type: 'application/pdf', dataBase64: pdf.toString('base64') }] }),
    )
    tick(3600)
    const urgent = await file(server, grievance({ urgent: true }))
    const support = await staff(server, SUPPORT)
    const listed = (await support.json<{ grievances: Row[] }>(`${INBOX}?status=received`)).body.grievances
    const ids = listed.map((item) => item.id)
    expect(ids.indexOf(urgent.id)).toBeLessThan(ids.indexOf(ordinary.id))
    const dues = listed.map((item) => item.acknowledge.by)
    expect(dues).toEqual([...dues].sort())
    // The detail names the files (their download is a route of its own, to come).
    expect((await support.json<StaffGrievanceDetail>(`${INBOX}/${ordinary.id}`)).body.attachments).toEqual([
      { name: 'ledger.pdf', contentType: 'application/pdf', size: pdf.length },
    ])
  })

  it('answers each endpoint by caller: 401 signed out or without the second factor, 403 for a member and a content manager, 404 for another tenant’s staff, 200 for support and admin; a refusal changes nothing', async () => {
    const { id } = await file(server, grievance({ email: 'table@example.com' }))
    // A member-services account of the other tenant.
    await makeOtherTenantStaff(server, 'support')
    const before = await expectRefused(refusedCallers(server, { otherRole: 'support' }), {
      list: INBOX,
      // The list answers another tenant's staff with their own grievances: never this one.
      notTheirs: (list: { grievances: Row[] }) => expect(list.grievances.map((item) => item.id)).not.toContain(id),
      endpoints: [
        ['GET', `${INBOX}/${id}`, undefined],
        ['POST', `${INBOX}/${id}/acknowledge`, {}],
        ['POST', `${INBOX}/${id}/note`, { text: 'A note.' }],
        ['POST', `${INBOX}/${id}/resolve`, { resolution: 'Resolved.' }],
        ['POST', `${INBOX}/${id}/close`, {}],
        ['POST', `${INBOX}/${id}/reopen`, { reason: 'Reopened.' }],
      ],
      state: () => state(server, id),
    })

    for (const account of [SUPPORT, ADMIN]) {
      const client = await staff(server, account)
      expect((await client.json(INBOX)).status).toBe(200)
      expect((await client.json(`${INBOX}/${id}`)).status).toBe(200)
      expect((await act(client, id, 'note', { text: `Seen by ${account.email}.` })).status).toBe(200)
    }
    expect(await state(server, id)).toEqual({ ...before, events: 2, audit: 2 })
  })
})
