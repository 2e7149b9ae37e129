import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { Office, Provider, ProviderResults } from '#schemas/api/directory.ts'
import type { StaffDirectoryReportDetail } from '#schemas/api/directory.ts'
import { many, one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { auditTrail, expectRefused, makeOtherTenantStaff, refusedCallers, staffClock } from '../../test-staff-setup.ts'
import {
  accountId,
  ADMIN,
  DATABASES,
  defaultTenant,
  SUPPORT,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const REPORTS = '/api/v4/staff/directory-reports'
type Row = Omit<StaffDirectoryReportDetail, 'details' | 'name' | 'email' | 'office' | 'provider' | 'history'>

/** The server's clock, after the seed's own time (the directory's dates are the seed's until corrected). */
const clock = staffClock('2027-02-01T10:00:00Z')
const { tick, at, staff } = clock

/** A visitor files a report through the directory's dialog; its id. */
async function file(server: TestServer, body: Record<string, unknown>) {
  const filed = await server.client().json<{ reference: string }>('/api/v4/directory/reports', {
    method: 'POST',
    body: { email: 'pat@example.com', ...body },
  })
  expect(filed.status).toBe(201)
  const { id } = await one(
    server.deps.db,
    z.object({ id: z.number() }),
    'SELECT id FROM directory_reports WHERE reference = $1',
    [filed.body.reference],
  )
  return { id, reference: filed.body.reference }
}

const act = (client: TestClient, id: number, action: string, body: unknown) =>
  client.json<StaffDirectoryReportDetail & { message: string }>(`${REPORTS}/${id}/${action}`, { method: 'POST', body })

/** What an action may change: the report, its history, the record, the audit trail and the mails. */
async function state(server: TestServer, id: number) {
  const db = server.deps.db
  const count = async (sql: string, params: (string | number)[]) =>
    (await one(db, z.object({ n: z.coerce.number() }), sql, params)).n
  return {
    report: await one(
      db,
      z.object({ status: z.string(), closed_at: z.unknown() }),
      'SELECT status, closed_at FROM directory_reports WHERE id = $1',
      [id],
    ),
    records: await many(
      db,
      z.object({ office: z.unknown(), providers: z.unknown() }),
      `SELECT row_to_json(o) AS office, (SELECT json_agg(p ORDER BY p.id) FROM providers p WHERE p.office_id = o.id) AS providers
         FROM directory_reports r JOIN offices o ON o.id = r.office_id WHERE r.id = $1`,
      [id],
    ),
    events: await count('SELECT count(*) AS n FROM directory_report_events WHERE report_id = $1', [id]),
    audit: await count('SELECT count(*) AS n FROM audit_events WHERE subject = $1', [`directory-report:${id}`]),
    mails: (await outbox(db, undefined, 1000)).length,
  }
}

const publicProvider = async (server: TestServer, id: number) => {
  const { body } = await server.client().json<ProviderResults>('/api/v4/providers?pageSize=500')
  return { provider: body.results.find((result) => result.provider.id === id)?.provider, updatedAt: body.updatedAt }
}

describe.each(DATABASES)('directory reports for member services (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  it('lists a report with its 30-business-day due date, corrects the office and the provider (the public directory shows the new values and date), then closes it as verified with a mail to the reporter; one event and one audit entry per action', async () => {
    at('2027-02-01T10:00:00Z') // a Monday
    const filedAt = clock.now().toISOString()
    const { id, reference } = await file(server, {
      providerId: 5002,
      field: 'languages',
      details: 'The dentist no longer sees patients in Spanish.',
    })
    // Thursday: 27 business days to go until Monday 15 March (30 business days, weekends skipped).
    at('2027-02-04T09:00:00Z')
    let support = await staff(server, SUPPORT)
    const listed = await support.json<{ reports: Row[] }>(`${REPORTS}?status=open`)
    expect(listed.status).toBe(200)
    expect(listed.body.reports.find((row) => row.id === id)).toEqual({
      id,
      reference,
      filedAt,
      status: 'open',
      field: 'languages',
      about: expect.stringMatching(/^Dr\. .+ at .+$/) as string,
      due: { by: '2027-03-15T10:00:00.000Z', doneAt: null, daysLeft: 27, overdue: false },
    })

    // The day after the due date: overdue by one business day.
    at('2027-03-16T09:00:00Z')
    support = await staff(server, SUPPORT)
    const ids = async (query: string) =>
      (await support.json<{ reports: Row[] }>(`${REPORTS}?${query}`)).body.reports.map((row) => row.id)
    expect(await ids('overdue=true')).toContain(id)
    expect(await ids('overdue=false')).not.toContain(id)
    expect(await ids('status=verified')).not.toContain(id)
    const detail = await support.json<StaffDirectoryReportDetail>(`${REPORTS}/${id}`)
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({
      due: { daysLeft: -1, overdue: true },
      details: 'The dentist no longer sees patients in Spanish.',
      email: 'pat@example.com',
      office: { id: 1001 },
      provider: { id: 5002, officeId: 1001, listed: true },
      history: [],
    })
    const { office, provider } = detail.body
    const before = await state(server, id)

    // Refused corrections change nothing.
    for (const body of [
      { reason: 'Nothing to change.' },
      { reason: 'Called the office.', office: { phone: '555' } },
      { reason: 'Called the office.', provider: { npi: '12345' } },
      { reason: 'Called the office.', office: { hours: [{ day: 'Mon', opens: '17:00', closes: '08:00' }] } },
      { reason: '   ', provider: { languages: ['English'] } },
      { reason: 'Called the office.', office: { address: { ...office.address, zip: '00000' } } },
    ])
      expect([JSON.stringify(body), (await act(support, id, 'correct', body)).status]).toEqual([
        JSON.stringify(body),
        422,
      ])
    expect(await state(server, id)).toEqual(before)

    const hours = [
      { day: 'Mon', opens: '08:00', closes: '18:00' },
      { day: 'Sat', opens: '09:00', closes: '12:00' },
    ]
    const corrected = await act(support, id, 'correct', {
      reason: 'The office confirmed by phone.',
      office: { phone: '(310) 555-0199', hours },
      provider: { languages: ['English'], acceptingNewPatients: false },
    })
    expect(corrected.status).toBe(200)
    expect(corrected.body).toMatchObject({
      status: 'open',
      office: { phone: '3105550199', hours, updatedAt: clock.now().toISOString() },
      provider: { languages: ['English'], acceptingNewPatients: false, updatedAt: clock.now().toISOString() },
      history: [
        {
          kind: 'corrected',
          actor: SUPPORT.email,
          text: 'The office confirmed by phone.',
          before: {
            office: { phone: office.phone, hours: office.hours },
            provider: { languages: provider!.languages, acceptingNewPatients: provider!.acceptingNewPatients },
          },
          after: {
            office: { phone: '3105550199', hours },
            provider: { languages: ['English'], acceptingNewPatients: false },
          },
        },
      ],
    })
    expect(await state(server, id)).toMatchObject({ report: before.report, events: 1, audit: 1, mails: before.mails })

    // The public directory shows the new values, and its "last updated" is the correction's time.
    expect(await publicProvider(server, 5002)).toEqual({
      provider: expect.objectContaining({ languages: ['English'], acceptingNewPatients: false }) as Provider,
      updatedAt: clock.now().toISOString(),
    })
    const location = await server.client().json<Office>('/api/v4/locations/1001')
    expect(location.body).toMatchObject({ phone: '3105550199', hours })
    const group = await server.client().json<{ updatedAt: string }>(`/api/km/group/${defaultTenant.groupKey}/directory`)
    expect(group.body.updatedAt).toBe(clock.now().toISOString())

    const note = 'We called the office: the dentist now sees patients in English only.'
    tick(600)
    const verified = await act(support, id, 'verify', { note })
    expect(verified).toMatchObject({
      status: 200,
      body: { status: 'verified', due: { doneAt: clock.now().toISOString(), overdue: false } },
    })
    const [mail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    expect(mail).toMatchObject({ recipient: 'pat@example.com', subject: `Directory report ${reference}: our answer` })
    expect(mail!.body).toContain(note)
    expect(mail!.body).toContain('we have corrected it')
    // The reporter's own words are not sent back to an address nobody verified.
    expect(mail!.body).not.toContain('no longer sees patients in Spanish')

    const closed = await state(server, id)
    expect(closed).toMatchObject({ report: { status: 'verified' }, events: 2, audit: 2, mails: before.mails + 1 })
    for (const [action, body] of [
      ['verify', { note: 'Again.' }],
      ['not-confirmed', { note: 'Again.' }],
      ['correct', { reason: 'Later.', office: { acceptingNewPatients: false } }],
    ] as const)
      expect((await act(support, id, action, body)).status).toBe(409)
    expect(await state(server, id)).toEqual(closed)
    expect(await ids('status=verified')).toContain(id)
    expect(await ids('status=open')).not.toContain(id)

    const trail = await auditTrail(server, `directory-report:${id}`)
    const supportId = await accountId(server.deps.db, SUPPORT.email)
    expect(trail).toEqual([
      {
        action: 'directory.correct',
        actor_id: supportId,
        reason: 'The office confirmed by phone.',
        before: corrected.body.history[0]!.before,
        after: corrected.body.history[0]!.after,
      },
      {
        action: 'directory.verify',
        actor_id: supportId,
        reason: note,
        before: { status: 'open' },
        after: { status: 'verified' },
      },
    ])
  })

  it('closes an office’s report as not confirmed with its mail; refuses a provider correction on it, and moves the office to a new ZIP’s centre', async () => {
    at('2027-04-05T10:00:00Z')
    const { id, reference } = await file(server, {
      officeId: 1002,
      field: 'address-or-phone',
      details: 'The office moved across the street.',
    })
    const admin = await staff(server, ADMIN)
    const before = await state(server, id)
    expect(
      await act(admin, id, 'correct', { reason: 'Checked.', provider: { specialty: 'Orthodontics' } }),
    ).toMatchObject({ status: 422, body: { message: 'This report names no provider' } })
    expect(await state(server, id)).toEqual(before)

    const { body: report } = await admin.json<StaffDirectoryReportDetail>(`${REPORTS}/${id}`)
    expect(report.provider).toBeNull()
    const address = { line: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' }
    const moved = await act(admin, id, 'correct', { reason: 'The office sent its new address.', office: { address } })
    expect(moved.body.office).toMatchObject({ address, updatedAt: clock.now().toISOString() })
    expect(moved.body.office.latitude).not.toBe(report.office.latitude)

    const note = 'The office is at the address the directory shows.'
    expect(await act(admin, id, 'not-confirmed', { note })).toMatchObject({
      status: 200,
      body: {
        status: 'not-confirmed',
        history: [{ kind: 'corrected' }, { kind: 'not-confirmed', actor: ADMIN.email, text: note }],
      },
    })
    const [mail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    expect(mail).toMatchObject({ recipient: 'pat@example.com', subject: `Directory report ${reference}: our answer` })
    expect(mail!.body).toContain('could not confirm')
    expect(mail!.body).toContain(note)
    expect(await act(admin, id, 'not-confirmed', { note: '' })).toMatchObject({ status: 422 })
    expect((await admin.json<{ reports: Row[] }>(`${REPORTS}?status=not-confirmed`)).body.reports[0]!.id).toBe(id)
  })

  it('answers each endpoint by caller: 401 signed out or without the second factor, 403 for a member and a content manager, 404 for another tenant’s admin, 200 for support and admin; a refusal changes nothing', async () => {
    at('2027-05-03T10:00:00Z')
    const { id } = await file(server, { providerId: 5001, field: 'specialty', details: 'Wrong specialty listed.' })
    await makeOtherTenantStaff(server, 'admin')
    const before = await expectRefused(refusedCallers(server), {
      list: REPORTS,
      // The list answers another tenant's staff with their own reports: never this one.
      notTheirs: (list: { reports: Row[] }) => expect(list.reports.map((row) => row.id)).not.toContain(id),
      endpoints: [
        ['GET', `${REPORTS}/${id}`, undefined],
        ['POST', `${REPORTS}/${id}/correct`, { reason: 'Checked.', provider: { specialty: 'Orthodontics' } }],
        ['POST', `${REPORTS}/${id}/verify`, { note: 'Verified.' }],
        ['POST', `${REPORTS}/${id}/not-confirmed`, { note: 'Not confirmed.' }],
      ],
      state: () => state(server, id),
    })

    for (const account of [SUPPORT, ADMIN]) {
      const client = await staff(server, account)
      expect((await client.json(REPORTS)).status).toBe(200)
      expect((await client.json(`${REPORTS}/${id}`)).status).toBe(200)
      expect(
        (
          await act(client, id, 'correct', {
            reason: `Checked by ${account.email}.`,
            provider: { specialty: 'Orthodontics' },
          })
        ).status,
      ).toBe(200)
    }
    expect(await state(server, id)).toMatchObject({ report: before.report, events: 2, audit: 2 })
  })
})
