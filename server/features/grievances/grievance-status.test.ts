import { describe, expect, it } from 'vitest'
import type { GrievanceRequest, GrievanceSummary } from '#schemas/api/grievances.ts'
import { grievances } from './grievances.ts'
import { GRIEVANCE_STATUS_PATH } from './support.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { DATABASES, defaultTenant, MEMBER, otherTenant, useTestServer, type TestServer } from '../../test-harness.ts'

const FILED = new Date('2026-01-29T15:00:00Z')

const grievance = (change: Partial<GrievanceRequest> = {}): GrievanceRequest => ({
  name: 'Ana Silva',
  email: 'ana@example.com',
  category: 'billing',
  description: 'I was charged twice for the same visit in October.',
  desiredResolution: 'Refund the second charge.',
  ...change,
})

let addresses = 0
/** A visitor from an address of their own (the test server trusts X-Forwarded-For). */
const visitor = (server: TestServer, host?: string) => server.client(host, `198.19.0.${++addresses}`)

async function file(server: TestServer, body: GrievanceRequest, client = visitor(server)): Promise<string> {
  const { status, body: receipt } = await client.json<{ reference: string }>('/api/v4/grievance', {
    method: 'POST',
    body,
  })
  expect(status).toBe(201)
  return receipt.reference
}

const lookUp = (server: TestServer, body: unknown, client = visitor(server)) =>
  client.json<{ grievance: GrievanceSummary; message: string }>('/api/v4/grievance/status', { method: 'POST', body })

describe.each(DATABASES)('a member’s grievances and the lookup by reference and email (%s)', (kind) => {
  const server = useTestServer(kind, { now: () => FILED })

  it('lists what the member filed signed in and what anyone filed with their number or a dependent’s, with the legal due dates, newest first', async () => {
    const member = server.client()
    await member.login(MEMBER)
    const { body: info } = await member.json<{ memberNumber: string; email: string }>('/api/v4/member/info')
    const signedIn = await file(server, grievance({ email: info.email, urgent: true }), member)
    // Typed by a visitor as people type numbers: lower case, spaces.
    const withNumber = await file(
      server,
      grievance({
        email: 'spouse@example.com',
        memberNumber: ` ${info.memberNumber.toLowerCase().replace(/(\d{3})/, '$1 ')} `,
      }),
    )
    const withDependentNumber = await file(
      server,
      grievance({ email: 'spouse@example.com', memberNumber: `${info.memberNumber}-01`, category: 'quality-of-care' }),
    )
    const someoneElse = await file(server, grievance({ memberNumber: `${info.memberNumber}9` }))
    const otherTenantsOwn = await file(
      server,
      grievance({ memberNumber: info.memberNumber }),
      visitor(server, otherTenant.hosts[0]),
    )

    const { status, body } = await member.json<{ grievances: GrievanceSummary[] }>('/api/v4/member/grievances')
    expect(status).toBe(200)
    const references = body.grievances.map((item) => item.reference)
    expect(references).toEqual(expect.arrayContaining([signedIn, withNumber, withDependentNumber]))
    expect(references).not.toContain(someoneElse)
    expect(references).not.toContain(otherTenantsOwn)
    // Filed at the same instant: the latest row first.
    expect(references.indexOf(withDependentNumber)).toBeLessThan(references.indexOf(signedIn))
    expect(body.grievances.find((item) => item.reference === signedIn)).toEqual({
      reference: signedIn,
      filedAt: '2026-01-29T15:00:00.000Z',
      category: 'billing',
      urgent: true,
      status: 'received',
      // Urgent: 3 calendar days for both.
      acknowledgeBy: '2026-02-01T15:00:00.000Z',
      acknowledgedAt: null,
      resolveBy: '2026-02-01T15:00:00.000Z',
      resolvedAt: null,
      responses: [],
    })
    // Across the month's end: 5 and 30 calendar days.
    expect(body.grievances.find((item) => item.reference === withNumber)).toMatchObject({
      acknowledgeBy: '2026-02-03T15:00:00.000Z',
      resolveBy: '2026-02-28T15:00:00.000Z',
    })
  })

  it('is the signed-in member’s only', async () => {
    expect((await server.client().json('/api/v4/member/grievances')).status).toBe(401)
  })

  it('shows the plan’s responses once there are any, and the status and dates they bring', async () => {
    const reference = await file(server, grievance({ email: 'responses@example.com' }))
    const db = server.deps.db
    await grievances.addResponse(db, defaultTenant.groupKey, reference, {
      kind: 'acknowledgement',
      body: 'We received your grievance and are looking into it.',
      sentAt: new Date('2026-01-30T10:00:00Z'),
    })
    let found = (await lookUp(server, { reference, email: 'responses@example.com' })).body.grievance
    expect(found).toMatchObject({
      status: 'acknowledged',
      acknowledgedAt: '2026-01-30T10:00:00.000Z',
      resolvedAt: null,
    })
    await grievances.addResponse(db, defaultTenant.groupKey, reference, {
      kind: 'update',
      body: 'We asked the office for the visit’s records.',
      sentAt: new Date('2026-02-05T10:00:00Z'),
    })
    await grievances.addResponse(db, defaultTenant.groupKey, reference, {
      kind: 'resolution',
      body: 'The second charge is refunded.',
      sentAt: new Date('2026-02-10T10:00:00Z'),
    })
    found = (await lookUp(server, { reference, email: 'responses@example.com' })).body.grievance
    expect(found).toMatchObject({
      status: 'resolved',
      acknowledgedAt: '2026-01-30T10:00:00.000Z',
      resolvedAt: '2026-02-10T10:00:00.000Z',
    })
    expect(found.responses).toEqual([
      {
        kind: 'acknowledgement',
        sentAt: '2026-01-30T10:00:00.000Z',
        body: 'We received your grievance and are looking into it.',
      },
      { kind: 'update', sentAt: '2026-02-05T10:00:00.000Z', body: 'We asked the office for the visit’s records.' },
      { kind: 'resolution', sentAt: '2026-02-10T10:00:00.000Z', body: 'The second charge is refunded.' },
    ])
  })

  it('looks one up by the reference the acknowledgement gives and the email it was filed with, in any case', async () => {
    const reference = await file(server, grievance({ email: 'lookup@example.com' }))
    // The acknowledgement's mail gives the same reference, and the page to look it up at.
    const mail = (await outbox(server.deps.db, defaultTenant.groupKey)).find(
      (sent) => sent.subject === `Grievance ${reference} received`,
    )!
    expect(mail.body).toContain(`${defaultTenant.publicUrl.replace(/\/$/, '')}${GRIEVANCE_STATUS_PATH}`)
    const { status, body } = await lookUp(server, {
      reference: ` ${reference.toLowerCase()} `,
      email: 'LookUp@Example.com',
    })
    expect(status).toBe(200)
    expect(body.grievance).toMatchObject({ reference, category: 'billing', status: 'received' })
    // What was typed into the form is never in the answer.
    expect(JSON.stringify(body)).not.toContain('charged twice')
  })

  it('answers a wrong email, an unknown reference and another tenant’s grievance alike: not found', async () => {
    const reference = await file(server, grievance({ email: 'owner@example.com' }))
    const answers = await Promise.all([
      lookUp(server, { reference, email: 'someone@example.com' }),
      lookUp(server, { reference: 'GRV-2026-00000000', email: 'owner@example.com' }),
      lookUp(server, { reference, email: 'owner@example.com' }, visitor(server, otherTenant.hosts[0])),
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ message: 'No grievance with that reference and email' })
    }
    const malformed = await lookUp(server, { reference: 'not a reference', email: 'owner@example.com' })
    expect(malformed.status).toBe(422)
  })

  it('answers the grievance status page for visitors and members', async () => {
    expect((await server.client().request(GRIEVANCE_STATUS_PATH)).status).toBe(200)
  })
})

describe.each(DATABASES)('the grievance lookup is rate limited per client address (%s)', (kind) => {
  const server = useTestServer(kind, { now: () => FILED, env: { RATE_LIMIT_GRIEVANCE_LOOKUP: '3/1h' } })

  it('refuses the attempt past the limit, even the right pair, before the database is asked; another address goes on', async () => {
    const reference = await file(server, grievance({ email: 'limited@example.com' }))
    const guesser = visitor(server)
    for (const guess of ['a@example.com', 'b@example.com', 'c@example.com'])
      expect((await lookUp(server, { reference, email: guess }, guesser)).status).toBe(404)
    const refused = await lookUp(server, { reference, email: 'limited@example.com' }, guesser)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many grievance lookups from your address. Try again later.')
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await lookUp(server, { reference, email: 'limited@example.com' })).status).toBe(200)
  })
})
