import {
  accountId,
  EDITOR,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

/**
 * The caller table of the staff console's endpoints (issue 29): who calls, how they sign in, and
 * the status each must get from an endpoint about a record of the first tenant. Support and admin
 * are not in it: each test shows they pass by doing the work.
 */
export function refusedCallers(
  server: TestServer,
): [caller: string, signIn: () => Promise<TestClient>, status: number][] {
  return [
    ['anonymous', () => Promise.resolve(server.client()), 401],
    ['a member', () => server.client().login(MEMBER), 403],
    ['a content manager', () => server.staffClient(EDITOR), 403],
    // Staff work needs both factors: the site's sign-in of an account with a staff role is not enough.
    [
      'another tenant’s admin, by the site’s sign-in',
      () => server.client(otherTenant.hosts[0]).login(OTHER_EDITOR),
      401,
    ],
    ['another tenant’s admin', () => server.staffClient(OTHER_EDITOR, otherTenant.hosts[0]), 404],
  ]
}

/** Makes the other tenant's content manager an administrator too (once per server). */
export async function makeOtherAdmin(server: TestServer) {
  const id = await accountId(server.deps.db, OTHER_EDITOR.email, otherTenant.groupKey)
  await server.deps.db.query(
    "INSERT INTO staff_roles (group_key, user_id, role) VALUES ($1, $2, 'admin') ON CONFLICT DO NOTHING",
    [otherTenant.groupKey, id],
  )
}
