import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiContract, StaffRole } from '#schemas/engine/contract.ts'
import { z } from '#schemas/engine/zod.ts'
import { many, one } from '../../platform/db/database.ts'
import { apiEndpoints } from '../../app.ts'
import {
  accountId,
  ADMIN,
  DATABASES,
  EDITOR,
  defaultTenant,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  startTestServer,
  SUPPORT,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'
import { valid, type JsonSchema } from '../../platform/http/contract-arbitraries.ts'
import { contractJsonSchema } from '../../platform/http/endpoint.ts'

/**
 * Every staff endpoint (every contract whose `access` names staff roles: the console's and the
 * playground's), called by each kind of caller: only the roles its contract names get in; the
 * others get 401, 403 or 404 and change nothing in the database. A new endpoint is in this table by
 * being in the API.
 */

const staffContracts = apiEndpoints
  .map(({ contract }) => contract)
  .filter(
    (contract): contract is ApiContract & { access: { staff: readonly StaffRole[] } } =>
      typeof contract.access === 'object',
  )

/** Tables a refused call may touch: sessions (last seen), throttles, and what browsers report. */
const BOOKKEEPING = new Set(['sessions', 'rate_limits', 'login_failures', 'csp_reports', 'rum_events'])

/** A digest of every row of every table but the bookkeeping: equal digests, nothing changed. */
async function databaseDigest(server: TestServer): Promise<Record<string, string>> {
  const tables = await many(
    server.deps.db,
    z.object({ table_name: z.string() }),
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  const digest: Record<string, string> = {}
  for (const { table_name: table } of tables.filter(({ table_name }) => !BOOKKEEPING.has(table_name)))
    digest[table] = (
      await one(
        server.deps.db,
        z.object({ digest: z.string() }),
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`,
      )
    ).digest
  return digest
}

const SAMPLES = { email: ['corrected@example.com'] }

/**
 * A request's body the contract takes (generated from its schema, a fixed seed; an email from the
 * samples, since the JSON Schema's format is looser than the contract's check).
 */
const bodyFor = (contract: ApiContract) =>
  contract.body
    ? fc.sample(valid(contractJsonSchema(contract.body, 'input') as JsonSchema, { naughty: [], byName: SAMPLES }), {
        numRuns: 1,
        seed: 29,
      })[0]
    : undefined

/** The server's clock, moved on before each staff sign-in: a code is accepted once per 30 s step. */
let clock = new Date('2026-03-02T10:00:00Z')
const tick = () => (clock = new Date(clock.getTime() + 60_000))

describe.each(DATABASES)('the console’s endpoints by role and tenant (%s)', (kind) => {
  let server: TestServer
  /** The first tenant's records a path names by an `:id` after the resource's segment (`grievances/:id`). */
  const ids: Record<string, number> = {}
  const pathOf = (contract: ApiContract) =>
    contract.path.replace(/([a-z-]+)\/:([A-Za-z]+)/g, (_match, resource: string, name: string) => {
      const id = name === 'index' ? 0 : ids[resource]
      if (id === undefined)
        throw new Error(`No id of the first tenant's ${resource} for ${contract.path}: add one to the table's ids`)
      return `${resource}/${id}`
    })
  const call = (client: TestClient, contract: ApiContract) =>
    client.json(pathOf(contract), { method: contract.method.toUpperCase(), body: bodyFor(contract) })

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    // A grievance of the first tenant, filed as a visitor does.
    const filed = await server.client().json<{ reference: string }>('/api/v4/grievance', {
      method: 'POST',
      body: {
        name: 'Ana Silva',
        email: 'ana@example.com',
        category: 'billing',
        description: 'I was charged twice for the same visit in February.',
        desiredResolution: 'Refund the second charge.',
        // A file, for the attachment's download.
        attachments: [
          {
            name: 'ledger.pdf',
            type: 'application/pdf',
            dataBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
          },
        ],
      },
    })
    expect(filed.status).toBe(201)
    ids.grievances = (
      await one(server.deps.db, z.object({ id: z.number() }), 'SELECT id FROM grievances WHERE reference = $1', [
        filed.body.reference,
      ])
    ).id
    ids.members = await accountId(server.deps.db, MEMBER.email)
    ids.versions = (
      await one(
        server.deps.db,
        z.object({ id: z.number() }),
        'SELECT min(id)::int AS id FROM content_versions WHERE group_key = $1',
        [defaultTenant.groupKey],
      )
    ).id
    ids.receipts = (
      await one(
        server.deps.db,
        z.object({ id: z.number() }),
        'SELECT min(id) AS id FROM receipts WHERE member_id = $1',
        [ids.members],
      )
    ).id
    // A directory report and a contact message of the first tenant, sent as visitors send them.
    const reported = await server.client().json<{ reference: string }>('/api/v4/directory/reports', {
      method: 'POST',
      body: {
        providerId: 5002,
        field: 'languages',
        details: 'No longer sees patients in Spanish.',
        email: 'pat@example.com',
      },
    })
    expect(reported.status).toBe(201)
    ids['directory-reports'] = (
      await one(server.deps.db, z.object({ id: z.number() }), 'SELECT id FROM directory_reports WHERE reference = $1', [
        reported.body.reference,
      ])
    ).id
    const contact = {
      name: 'Sam Reyes',
      email: 'sam@example.com',
      topic: 'billing',
      message: 'Why was I charged twice?',
    }
    expect((await server.client().json('/api/v4/contact', { method: 'POST', body: contact })).status).toBe(201)
    ids.messages = (
      await one(server.deps.db, z.object({ id: z.number() }), 'SELECT max(id) AS id FROM contact_messages', [])
    ).id
    // A staff account of its own for the administrators' actions on one (invited, with member services).
    ids.accounts = (
      await one(
        server.deps.db,
        z.object({ id: z.number() }),
        `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name)
         VALUES ($1, 'table-staff@example.com', '', 'staff', 'Table', 'Staff') RETURNING id`,
        [defaultTenant.groupKey],
      )
    ).id
    await server.deps.db.query("INSERT INTO staff_roles (group_key, user_id, role) VALUES ($1, $2, 'support')", [
      defaultTenant.groupKey,
      ids.accounts,
    ])
    // A plan of the first tenant, with a price change scheduled (administrators cancel it).
    ids.plans = (
      await one(server.deps.db, z.object({ id: z.number() }), 'SELECT min(id) AS id FROM plans WHERE group_key = $1', [
        defaultTenant.groupKey,
      ])
    ).id
    ids.price = (
      await one(
        server.deps.db,
        z.object({ id: z.number() }),
        `INSERT INTO plan_price_changes (group_key, plan_id, period, amount_cents, previous_cents, effective_on, effective_at, created_at)
         VALUES ($1, $2, 'year', 99900, 14900, '2026-06-01', '2026-06-01T07:00:00Z', '2026-03-01T00:00:00Z') RETURNING id`,
        [defaultTenant.groupKey, ids.plans],
      )
    ).id
  }, 60_000)
  afterAll(() => server.close())

  it('lists every console endpoint with the roles it allows', () => {
    expect(staffContracts.map((contract) => contract.path)).toEqual(
      expect.arrayContaining([
        '/api/v4/staff/me',
        '/api/v4/staff/grievances',
        '/api/v4/staff/audit',
        '/api/cms/publish',
      ]),
    )
    for (const contract of staffContracts) expect(contract.access.staff.length, contract.path).toBeGreaterThan(0)
  })

  it('refuses every caller the contract does not name, and nothing changes', async () => {
    // Another tenant's content manager, made that tenant's administrator too, with both factors.
    const otherAdminId = await accountId(server.deps.db, OTHER_EDITOR.email, otherTenant.groupKey)
    await server.deps.db.query(`INSERT INTO staff_roles (group_key, user_id, role) VALUES ($1, $2, 'admin')`, [
      otherTenant.groupKey,
      otherAdminId,
    ])
    const otherAdmin = await server.staffClient(OTHER_EDITOR, otherTenant.hosts[0])
    // Their session's cookie, sent to the first tenant's site.
    const otherAdminHere = server.client()
    for (const [name, value] of otherAdmin.cookies) otherAdminHere.cookies.set(name, value)
    const editorWithPassword = await server.client().login(EDITOR)
    const editorWithCode = await server.staffClient(EDITOR)

    const callers: [
      string,
      TestClient,
      (contract: ApiContract & { access: { staff: readonly StaffRole[] } }) => number | null,
    ][] = [
      ['anonymous', server.client(), () => 401],
      ['a member', await server.client().login(MEMBER), () => 403],
      // The site's sign-in gives a password-only session: no staff work, whatever the roles.
      [
        'a content manager signed in with the password only',
        editorWithPassword,
        (contract) => (contract.access.staff.includes('content') ? 401 : 403),
      ],
      [
        'a content manager with both factors',
        editorWithCode,
        (contract) => (contract.access.staff.includes('content') ? null : 403),
      ],
      [
        'support',
        await server.client().staffLogin({ ...SUPPORT, now: tick() }),
        (contract) => (contract.access.staff.includes('support') ? null : 403),
      ],
      ["another tenant's administrator, on this tenant's site", otherAdminHere, () => 401],
      // On their own site, the first tenant's records are not found.
      [
        "another tenant's administrator, on their own site",
        otherAdmin,
        (contract) =>
          !contract.access.staff.some((role) => role === 'admin' || role === 'content')
            ? 403
            : contract.path.includes(':')
              ? 404
              : null,
      ],
    ]

    const before = await databaseDigest(server)
    const refusals: string[] = []
    for (const [caller, client, expected] of callers)
      for (const contract of staffContracts) {
        const status = expected(contract)
        if (status === null) continue
        const answer = await call(client, contract)
        if (answer.status !== status)
          refusals.push(`${caller}: ${contract.method} ${contract.path} answered ${answer.status}, not ${status}`)
      }
    expect(refusals).toEqual([])
    expect(await databaseDigest(server)).toEqual(before)
  })

  // Every staff contract by three callers, one after another: more than the default 5 s on a busy machine.
  it('lets in the roles each contract names', async () => {
    const callers: [string, TestClient, readonly StaffRole[]][] = [
      ['support', await server.client().staffLogin({ ...SUPPORT, now: tick() }), ['support']],
      ['an administrator', await server.client().staffLogin({ ...ADMIN, now: tick() }), ['admin', 'support']],
      ['a content manager', await server.staffClient(EDITOR), ['content']],
    ]
    const refused: string[] = []
    for (const [caller, client, roles] of callers)
      for (const contract of staffContracts) {
        if (!contract.access.staff.some((role) => roles.includes(role))) continue
        const answer = await call(client, contract)
        // In: the work itself may refuse (a 409 for a step already taken, a 422 for its body), never the access.
        if ([401, 403, 404].includes(answer.status) || answer.status >= 500)
          refused.push(`${caller}: ${contract.method} ${contract.path} answered ${answer.status}`)
      }
    expect(refused).toEqual([])
  }, 30_000)
})
