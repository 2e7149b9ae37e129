/**
 * What the staff console's tests set up and read alike: the server's clock that staff sign in by,
 * another tenant's staff, a grievance to work on, a subject's audit trail, and the callers each
 * staff endpoint refuses (issue 29).
 */
import { expect } from 'vitest'
import type { GrievanceRequest } from '#schemas/api/grievances.ts'
import { z } from '#schemas/engine/zod.ts'
import { many, one } from './platform/db/database.ts'
import {
  accountId,
  EDITOR,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  SUPPORT,
  type TestClient,
  type TestServer,
} from './test-harness.ts'

/**
 * A test file's server clock (`useTestServer(kind, { now: clock.now })`), starting at `start`.
 * `staff` signs a staff member in with both factors, a minute on first: a code is accepted once per
 * 30 s step, so no two sign-ins share one.
 */
export function staffClock(start: string) {
  let current = new Date(start)
  const tick = (seconds: number) => (current = new Date(current.getTime() + seconds * 1000))
  return {
    now: () => current,
    tick,
    /** Sets the clock to `iso`. */
    at: (iso: string) => (current = new Date(iso)),
    staff: (server: TestServer, account: typeof SUPPORT = SUPPORT, host?: string) => {
      tick(60)
      return server.client(host).staffLogin({ ...account, now: current })
    },
  }
}

/** Makes the other tenant's content manager staff of theirs with `roles` too (again is nothing). */
export async function makeOtherTenantStaff(server: TestServer, ...roles: ('admin' | 'support')[]) {
  const id = await accountId(server.deps.db, OTHER_EDITOR.email, otherTenant.groupKey)
  for (const role of roles)
    await server.deps.db.query(
      'INSERT INTO staff_roles (group_key, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [otherTenant.groupKey, id, role],
    )
}

/** A grievance filed through the form by `client` (a visitor, at an address of the test's, or a member); its id and reference. */
export async function fileGrievance(server: TestServer, client: TestClient, body: GrievanceRequest) {
  const filed = await client.json<{ reference: string }>('/api/v4/grievance', { method: 'POST', body })
  expect(filed.status).toBe(201)
  const { id } = await one(
    server.deps.db,
    z.object({ id: z.number() }),
    'SELECT id FROM grievances WHERE reference = $1',
    [filed.body.reference],
  )
  return { id, reference: filed.body.reference }
}

/** The audit trail of a subject (`member:12`), oldest first: what was done, by whom, why, and the record before and after. */
export const auditTrail = (server: TestServer, subject: string) =>
  many(
    server.deps.db,
    z.object({
      action: z.string(),
      actor_id: z.nullable(z.number()),
      reason: z.nullable(z.string()),
      before: z.unknown(),
      after: z.unknown(),
    }),
    'SELECT action, actor_id, reason, before, after FROM audit_events WHERE subject = $1 ORDER BY id',
    [subject],
  )

export type RefusedCaller = [caller: string, signIn: () => Promise<TestClient>, status: number]

/**
 * The caller table of the staff console's endpoints: who calls, how they sign in, and the status
 * each must get from an endpoint about a record of the first tenant. Support and admin are not in
 * it: each test shows they pass by doing the work. The other tenant's staff are named by their role
 * there (`makeOtherTenantStaff`).
 */
export function refusedCallers(
  server: TestServer,
  { otherRole = 'admin', bySiteSignIn = true }: { otherRole?: 'admin' | 'support'; bySiteSignIn?: boolean } = {},
): RefusedCaller[] {
  const other = `another tenant’s ${otherRole}`
  // Staff work needs both factors: the site's sign-in of an account with a staff role is not enough.
  const siteSignIn: RefusedCaller = [
    `${other}, by the site’s sign-in`,
    () => server.client(otherTenant.hosts[0]).login(OTHER_EDITOR),
    401,
  ]
  return [
    ['anonymous', () => Promise.resolve(server.client()), 401],
    ['a member', () => server.client().login(MEMBER), 403],
    ['a content manager', () => server.staffClient(EDITOR), 403],
    ...(bySiteSignIn ? [siteSignIn] : []),
    [other, () => server.staffClient(OTHER_EDITOR, otherTenant.hosts[0]), 404],
  ]
}

/**
 * Each refused caller at a list and at each endpoint about one record: the status of its row of
 * the table, and nothing changed (`state` reads what the endpoints may change; answers it). The
 * list answers another tenant's staff (404) with their own tenant's rows, which `notTheirs` checks
 * hold nothing of the first tenant's.
 */
export async function expectRefused<List, State>(
  callers: RefusedCaller[],
  {
    list,
    notTheirs,
    endpoints,
    state,
  }: {
    list: string
    notTheirs: (body: List) => void
    endpoints: [method: string, path: string, body: unknown][]
    state: () => Promise<State>
  },
): Promise<State> {
  const before = await state()
  for (const [caller, signIn, expected] of callers) {
    const client = await signIn()
    const listed = await client.json<List>(list)
    if (expected === 404) notTheirs(listed.body)
    else expect([caller, listed.status]).toEqual([caller, expected])
    for (const [method, path, body] of endpoints)
      expect([caller, method, path, (await client.json(path, { method, body })).status]).toEqual([
        caller,
        method,
        path,
        expected,
      ])
  }
  expect(await state()).toEqual(before)
  return before
}
