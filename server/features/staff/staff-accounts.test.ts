import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { StaffAccount } from '#schemas/api/staff.ts'
import { one } from '../../platform/db/database.ts'
import { tokenHash } from '../../platform/auth/sessions.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { auditTrail, makeOtherTenantStaff, staffClock } from '../../test-staff-setup.ts'
import {
  accountId,
  ADMIN,
  DATABASES,
  defaultTenant,
  EDITOR,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  SUPPORT,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const ACCOUNTS = '/api/v4/staff/accounts'
const ACCEPT = '/api/v4/staff/invitation'
const PASSWORD = 'A-new-colleague-2026!'

/** The server's clock, moved on before each staff sign-in: a code is accepted once per time step. */
const clock = staffClock('2026-05-04T09:00:00Z')
const { tick, staff } = clock

/** A staff account signing in for the first time: password, enrolment of a new secret, its first code. */
async function enrolled(server: TestServer, host: string, account: { email: string; password: string }) {
  const client = server.client(host)
  const { secret } = await client.staffEnrol({ ...account, now: tick(60) })
  return { client, secret }
}

let invitations = 0
/** An administrator invites someone; answers the account and the link's token from the mail. */
async function invite(server: TestServer, admin: TestClient, roles: string[] = ['support']) {
  const email = `colleague${++invitations}@example.com`
  const invited = await admin.json<StaffAccount>(ACCOUNTS, {
    method: 'POST',
    body: { email, firstName: 'Jamie', lastName: `Colleague ${invitations}`, roles },
  })
  expect(invited.status).toBe(201)
  const [mail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
  expect(mail!.recipient).toBe(email)
  const token = /set-password\?token=([\w-]+)/.exec(mail!.body)?.[1]
  expect(token).toBeDefined()
  return { account: invited.body, email, token: token!, mail: mail! }
}

const act = (client: TestClient, id: number, action: string, body: unknown = {}) =>
  client.json<StaffAccount & { message: string }>(`${ACCOUNTS}/${id}/${action}`, { method: 'POST', body })

const entriesAbout = (server: TestServer, id: number) => auditTrail(server, `user:${id}`)

describe.each(DATABASES)('staff administration (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  it('invites a staff member by mail, who sets a password with the link (once), signs in at the console and enrols; the list shows them', async () => {
    const admin = await staff(server, ADMIN)
    const { account, email, token, mail } = await invite(server, admin, ['support', 'content'])
    expect(account).toMatchObject({
      email,
      roles: ['support', 'content'],
      status: 'invited',
      enrolled: false,
      lastSignInAt: null,
      deactivatedAt: null,
    })
    expect(mail.body).toContain(`${defaultTenant.publicUrl.replace(/\/$/, '')}/console/set-password?token=`)
    // No password yet: nothing signs in, not even an empty one.
    expect(
      (await server.client().json('/api/v4/staff/signIn', { method: 'POST', body: { email, password: '' } })).status,
    ).toBe(422)
    expect(
      (await server.client().json('/api/v4/staff/signIn', { method: 'POST', body: { email, password: PASSWORD } }))
        .status,
    ).toBe(401)

    // A weak password is refused at its field, and the link stays usable.
    const weak = await server.client().json<{ issues: { path: string[] }[] }>(ACCEPT, {
      method: 'POST',
      body: { token, password: 'short' },
    })
    expect(weak.status).toBe(422)
    expect(weak.body.issues[0]!.path).toEqual(['body', 'password'])
    expect((await server.client().json(ACCEPT, { method: 'POST', body: { token, password: PASSWORD } })).status).toBe(
      200,
    )
    // Single use.
    expect(await server.client().json(ACCEPT, { method: 'POST', body: { token, password: PASSWORD } })).toMatchObject({
      status: 400,
      body: { message: 'This invitation has expired or was already used. Ask an administrator for a new one.' },
    })

    const { client } = await enrolled(server, defaultTenant.hosts[0]!, { email, password: PASSWORD })
    expect((await client.json<{ roles: string[] }>('/api/v4/staff/me')).body.roles).toEqual(['support', 'content'])
    // A content manager: the site's role follows, so the playground lets them in.
    expect(
      (await one(server.deps.db, z.object({ role: z.string() }), 'SELECT role FROM users WHERE id = $1', [account.id]))
        .role,
    ).toBe('editor')

    const list = await admin.json<{ accounts: StaffAccount[] }>(ACCOUNTS)
    expect(list.status).toBe(200)
    expect(list.body.accounts.find((item) => item.id === account.id)).toEqual({
      ...account,
      status: 'active',
      enrolled: true,
      lastSignInAt: clock.now().toISOString(),
    })
    // The demo staff and the content manager are listed too; members are not.
    const emails = list.body.accounts.map((item) => item.email)
    expect(emails).toEqual(expect.arrayContaining([ADMIN.email, SUPPORT.email, EDITOR.email, email]))
    expect(emails).not.toContain(MEMBER.email)
    expect(list.body.accounts.find((item) => item.email === ADMIN.email)).toMatchObject({
      roles: ['support', 'admin'],
      status: 'active',
      enrolled: true,
    })

    const adminId = await accountId(server.deps.db, ADMIN.email)
    expect((await entriesAbout(server, account.id)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['staff.invited', adminId],
      ['staff.invitation_accepted', account.id],
      ['staff.password_ok', account.id],
      ['staff.enrol_started', account.id],
      ['staff.enrolled', account.id],
    ])
  })

  it('refuses an expired invitation, sends a new one that ends the old, and refuses an address that has an account (409), changing nothing', async () => {
    const admin = await staff(server, ADMIN)
    const { token, email, account } = await invite(server, admin)
    tick(8 * 86_400)
    expect((await server.client().json(ACCEPT, { method: 'POST', body: { token, password: PASSWORD } })).status).toBe(
      400,
    )
    const again = await staff(server, ADMIN)
    // A new link, for an account still invited only; the link before it ends.
    expect((await act(again, account.id, 'invitation')).status).toBe(200)
    const [resent] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    const fresh = /set-password\?token=([\w-]+)/.exec(resent!.body)![1]!
    expect((await act(again, account.id, 'invitation')).status).toBe(200)
    expect(
      (await server.client().json(ACCEPT, { method: 'POST', body: { token: fresh, password: PASSWORD } })).status,
    ).toBe(400)
    const [latest] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    const last = /set-password\?token=([\w-]+)/.exec(latest!.body)![1]!
    expect(
      (await server.client().json(ACCEPT, { method: 'POST', body: { token: last, password: PASSWORD } })).status,
    ).toBe(200)
    expect(await act(again, account.id, 'invitation')).toMatchObject({
      status: 409,
      body: { message: 'This staff member has chosen a password already.' },
    })
    expect((await entriesAbout(server, account.id)).map((entry) => entry.action)).toEqual([
      'staff.invited',
      'staff.invitation_sent',
      'staff.invitation_sent',
      'staff.invitation_accepted',
    ])
    const accounts = (await again.json<{ accounts: StaffAccount[] }>(ACCOUNTS)).body.accounts
    for (const taken of [email, MEMBER.email, SUPPORT.email])
      expect(
        await again.json(ACCOUNTS, {
          method: 'POST',
          body: { email: taken, firstName: 'A', lastName: 'B', roles: ['support'] },
        }),
      ).toMatchObject({ status: 409, body: { message: 'An account already uses this email address.' } })
    expect((await again.json<{ accounts: StaffAccount[] }>(ACCOUNTS)).body.accounts).toEqual(accounts)
  })

  it('changes roles, and never leaves the tenant without an active administrator (409); nobody deactivates themselves', async () => {
    const admin = await staff(server, ADMIN)
    const adminId = await accountId(server.deps.db, ADMIN.email)
    const supportId = await accountId(server.deps.db, SUPPORT.email)
    const entries = (await entriesAbout(server, adminId)).length

    // The demo administrator is the only one: their admin role stays, and so does their account.
    expect(await act(admin, adminId, 'roles', { roles: ['support'] })).toMatchObject({
      status: 409,
      body: { message: 'The team needs an active administrator: make another one first.' },
    })
    expect(await act(admin, adminId, 'deactivate', { reason: 'Leaving.' })).toMatchObject({
      status: 409,
      body: { message: 'You cannot deactivate your own account.' },
    })
    expect((await entriesAbout(server, adminId)).length).toBe(entries)

    // A second administrator: now the first may step down, and the support may not be left without a role.
    const promoted = await act(admin, supportId, 'roles', { roles: ['admin', 'support'], reason: 'Covers the summer.' })
    expect(promoted).toMatchObject({ status: 200, body: { roles: ['support', 'admin'] } })
    expect((await act(admin, supportId, 'roles', { roles: [] })).status).toBe(422)
    expect((await act(admin, supportId, 'roles', { roles: ['admin', 'admin'] })).status).toBe(422)
    expect((await act(admin, adminId, 'roles', { roles: ['support', 'admin'] })).status).toBe(200)
    const back = await act(admin, supportId, 'roles', { roles: ['support'] })
    expect(back).toMatchObject({ status: 200, body: { roles: ['support'] } })
    expect((await entriesAbout(server, supportId)).filter((entry) => entry.action === 'staff.roles_changed')).toEqual([
      {
        action: 'staff.roles_changed',
        actor_id: adminId,
        reason: 'Covers the summer.',
        before: { roles: ['support'], status: 'active' },
        after: { roles: ['support', 'admin'], status: 'active' },
      },
      {
        action: 'staff.roles_changed',
        actor_id: adminId,
        reason: null,
        before: { roles: ['support', 'admin'], status: 'active' },
        after: { roles: ['support'], status: 'active' },
      },
    ])
    // A member's account is no staff account to change.
    expect(
      (await act(admin, await accountId(server.deps.db, MEMBER.email), 'roles', { roles: ['admin'] })).status,
    ).toBe(404)
  })

  it('deactivates an account: its open session gets 401 at its next call, its sign-in is refused; reactivated, it signs in again', async () => {
    const admin = await staff(server, ADMIN)
    const { account, email, token } = await invite(server, admin)
    await server.client().json(ACCEPT, { method: 'POST', body: { token, password: PASSWORD } })
    const { client: colleague, secret } = await enrolled(server, defaultTenant.hosts[0]!, { email, password: PASSWORD })
    expect((await colleague.json('/api/v4/staff/grievances')).status).toBe(200)

    expect((await act(admin, account.id, 'deactivate', {})).status).toBe(422)
    const deactivated = await act(admin, account.id, 'deactivate', { reason: 'Left the team.' })
    expect(deactivated).toMatchObject({
      status: 200,
      body: { status: 'deactivated', deactivatedAt: clock.now().toISOString(), roles: ['support'] },
    })
    expect((await colleague.json('/api/v4/staff/grievances')).status).toBe(401)
    expect((await colleague.json('/api/v4/staff/me')).status).toBe(401)
    const sessions = await one(
      server.deps.db,
      z.object({ n: z.coerce.number() }),
      'SELECT count(*) AS n FROM sessions WHERE user_id = $1',
      [account.id],
    )
    expect(sessions.n).toBe(0)
    const signIn = () =>
      server.client().json('/api/v4/staff/signIn', { method: 'POST', body: { email, password: PASSWORD } })
    expect((await signIn()).status).toBe(401)
    expect((await act(admin, account.id, 'deactivate', { reason: 'Again.' })).status).toBe(409)

    expect(await act(admin, account.id, 'reactivate', { reason: 'Back from leave.' })).toMatchObject({
      status: 200,
      body: { status: 'active', deactivatedAt: null },
    })
    expect((await act(admin, account.id, 'reactivate')).status).toBe(409)
    tick(60)
    const back = await server.client().staffLogin({ email, password: PASSWORD, totpSecret: secret, now: clock.now() })
    expect((await back.json('/api/v4/staff/grievances')).status).toBe(200)
    expect(
      (await entriesAbout(server, account.id))
        .filter((entry) => entry.action.endsWith('activated'))
        .map(({ action, reason, before, after }) => ({ action, reason, before, after })),
    ).toEqual([
      {
        action: 'staff.deactivated',
        reason: 'Left the team.',
        before: { roles: ['support'], status: 'active' },
        after: { roles: ['support'], status: 'deactivated' },
      },
      {
        action: 'staff.reactivated',
        reason: 'Back from leave.',
        before: { roles: ['support'], status: 'deactivated' },
        after: { roles: ['support'], status: 'active' },
      },
    ])
  })

  it('a deactivated account gets no working reset: the mail makes no link and names who can reactivate it; a link sent before refuses', async () => {
    const admin = await staff(server, ADMIN)
    const { account, email, token } = await invite(server, admin)
    await server.client().json(ACCEPT, { method: 'POST', body: { token, password: PASSWORD } })
    const resetMails = async () =>
      (await outbox(server.deps.db, defaultTenant.groupKey)).filter(
        (mail) => mail.recipient === email && mail.subject.startsWith('Choose a new password'),
      )
    const ask = () => server.client().json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email } })
    expect((await ask()).status).toBe(200)
    const before = /token=([A-Za-z0-9_-]+)/.exec((await resetMails())[0]!.body)![1]!

    expect((await act(admin, account.id, 'deactivate', { reason: 'Left the team.' })).status).toBe(200)
    const links = () =>
      one(
        server.deps.db,
        z.object({ n: z.coerce.number() }),
        'SELECT count(*) AS n FROM password_resets WHERE user_id = $1',
        [account.id],
      )
    const linksBefore = (await links()).n
    const answer = await ask()
    expect(answer.status).toBe(200)
    // The same answer as for an address no account uses: the page tells nobody which addresses exist.
    const unknown = await server
      .client()
      .json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email: 'nobody-here@demo.test' } })
    expect([answer.status, answer.body]).toEqual([unknown.status, unknown.body])
    const [mail] = await resetMails()
    expect(mail!.body).toContain('the account is deactivated')
    expect(mail!.body).toContain('ask an administrator of your team to reactivate it')
    expect(mail!.body).not.toContain('token=')
    expect((await links()).n).toBe(linksBefore)

    // Deactivating ended the link sent before.
    const setWith = (token: string) =>
      server.client().json('/api/v4/member/setNewPassword', {
        method: 'POST',
        body: { token, password: 'Another-colleague-2026!' },
      })
    expect(await setWith(before)).toMatchObject({
      status: 400,
      body: { message: 'This link has expired or was already used. Ask for a new one.' },
    })
    // A link made as the account was being deactivated (a request racing the administrator) opens nothing either.
    const raced = 'a-link-made-as-the-account-was-deactivated'
    await server.deps.db.query(
      'INSERT INTO password_resets (token_hash, group_key, user_id, expires_at) VALUES ($1, $2, $3, $4)',
      [tokenHash(raced), defaultTenant.groupKey, account.id, new Date(clock.now().getTime() + 60 * 60_000)],
    )
    expect(await setWith(raced)).toMatchObject({
      status: 400,
      body: { message: 'This account is deactivated. Ask an administrator of your team to reactivate it.' },
    })
    const signIn = await server
      .client()
      .json('/api/v4/staff/signIn', { method: 'POST', body: { email, password: 'Another-colleague-2026!' } })
    expect(signIn.status).toBe(401)
  })

  it('answers each endpoint by caller: 401 signed out, 403 for a member, a content manager and support, 404 for another tenant’s administrator, 200 for an administrator; a refusal changes nothing', async () => {
    const admin = await staff(server, ADMIN)
    const { account } = await invite(server, admin)
    // An administrator of the other tenant.
    await makeOtherTenantStaff(server, 'admin')
    // The callers' own sign-ins aside (a staff caller's last sign-in moves).
    const state = async () => ({
      accounts: (await admin.json<{ accounts: StaffAccount[] }>(ACCOUNTS)).body.accounts.map(
        ({ lastSignInAt: _signedIn, ...rest }) => rest,
      ),
      entries: await entriesAbout(server, account.id),
      mails: (await outbox(server.deps.db, defaultTenant.groupKey, 1000)).length,
    })
    const callers: [string, () => Promise<TestClient>, number][] = [
      ['anonymous', () => Promise.resolve(server.client()), 401],
      ['a member', () => server.client().login(MEMBER), 403],
      ['a content manager', () => server.client().login(EDITOR), 403],
      ['support', () => staff(server, SUPPORT), 403],
      ['another tenant’s administrator', () => server.staffClient(OTHER_EDITOR, otherTenant.hosts[0]), 404],
    ]
    const endpoints: [string, unknown][] = [
      ['roles', { roles: ['admin'] }],
      ['deactivate', { reason: 'Not theirs to do.' }],
      ['reactivate', {}],
      ['invitation', {}],
    ]
    const before = await state()
    for (const [caller, signIn, expected] of callers) {
      const client = await signIn()
      const list = await client.json<{ accounts: StaffAccount[] }>(ACCOUNTS)
      const invited = await client.json(ACCOUNTS, {
        method: 'POST',
        body: { email: `by-${caller.length}@example.com`, firstName: 'A', lastName: 'B', roles: ['admin'] },
      })
      if (expected === 404) {
        // Their own tenant's staff, never this one's; an invitation of theirs is their tenant's.
        expect(list.body.accounts.map((item) => item.id)).not.toContain(account.id)
        expect(invited.status).toBe(201)
      } else expect([caller, list.status, invited.status]).toEqual([caller, expected, expected])
      for (const [action, body] of endpoints)
        expect([caller, action, (await act(client, account.id, action, body)).status]).toEqual([
          caller,
          action,
          expected,
        ])
    }
    expect(await state()).toEqual(before)

    expect((await act(admin, account.id, 'roles', { roles: ['support', 'content'] })).status).toBe(200)
    expect((await act(admin, account.id, 'deactivate', { reason: 'Never joined.' })).status).toBe(200)
    expect((await act(admin, account.id, 'reactivate')).status).toBe(200)
    expect((await act(admin, account.id, 'invitation')).status).toBe(200)
    expect((await entriesAbout(server, account.id)).length).toBe(before.entries.length + 4)
  })
})
