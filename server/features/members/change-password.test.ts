import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD } from '../../platform/auth/common-passwords.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { WRONG_CURRENT_PASSWORD } from './accounts.ts'
import { DATABASES, defaultTenant, useTestServer, type TestServer } from '../../test-harness.ts'

const PATH = '/api/v4/member/changePassword'
const FIRST_PASSWORD = 'First-Dental-Pass-26'

/** A fresh member account (each test its own, so that their sessions and limits do not meet). */
async function freshAccount(server: TestServer, name: string) {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const { status } = await server.client().json('/api/v4/member/signup', {
    method: 'POST',
    body: { email, password: FIRST_PASSWORD, firstName: 'Robin', lastName: name },
  })
  expect(status).toBe(201)
  return { email, password: FIRST_PASSWORD }
}

const mailsTo = async (server: TestServer, email: string) =>
  (await outbox(server.deps.db, defaultTenant.groupKey)).filter((mail) => mail.recipient === email)

describe.each(DATABASES)('changing the password from the dashboard (%s)', (kind) => {
  const server = useTestServer(kind, { env: { LOGIN_FAILURES_PER_ACCOUNT: '3' } })

  it('changes it: the session that changed it stays, every other session ends, the old password fails, and a mail tells the member', async () => {
    const account = await freshAccount(server, 'changing')
    const here = await server.client().login(account)
    const elsewhere = await server.client().login(account)
    const changed = await here.json(PATH, {
      method: 'POST',
      body: { currentPassword: account.password, password: 'Second-Dental-Pass-26' },
    })
    expect(changed).toMatchObject({ status: 200, body: { ok: true } })
    expect((await here.json('/api/auth')).body).toMatchObject({ isAuthenticated: true, email: account.email })
    expect((await elsewhere.json('/api/auth')).body).toEqual({ isAuthenticated: false })
    expect((await server.client().json('/api/login', { method: 'POST', body: account })).status).toBe(401)
    await server.client().login({ email: account.email, password: 'Second-Dental-Pass-26' })
    const [mail] = await mailsTo(server, account.email)
    expect(mail).toMatchObject({ subject: `Your ${defaultTenant.companyName} password was changed` })
    expect(mail!.body).toContain('Hello Robin,')
    expect(mail!.body).toContain('Everywhere else you were signed in, you are now signed out')
    expect(mail!.body).toContain(`${defaultTenant.publicUrl}/reset-password`)
  })

  it('refuses a wrong current password at its field, and a weak new one at its own; the password stays', async () => {
    const account = await freshAccount(server, 'refused')
    const client = await server.client().login(account)
    const wrong = await client.json(PATH, {
      method: 'POST',
      body: { currentPassword: 'Not-My-Password-26', password: 'Second-Dental-Pass-26' },
    })
    expect(wrong).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'currentPassword'], message: WRONG_CURRENT_PASSWORD }] },
    })
    const weak = await client.json(PATH, {
      method: 'POST',
      body: { currentPassword: account.password, password: 'short' },
    })
    expect(weak).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'password'], message: 'Use at least 12 characters' }] },
    })
    const common = await client.json(PATH, {
      method: 'POST',
      body: { currentPassword: account.password, password: 'Password123!' },
    })
    expect(common).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['body', 'password'], message: COMMON_PASSWORD }] },
    })
    const empty = await client.json<{ issues: { path: string[]; message: string }[] }>(PATH, {
      method: 'POST',
      body: { currentPassword: '', password: '' },
    })
    expect(empty.status).toBe(422)
    expect(empty.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['body', 'currentPassword'], message: 'Enter your current password' }),
        expect.objectContaining({ path: ['body', 'password'], message: 'Required' }),
      ]),
    )
    await server.client().login(account)
    expect(await mailsTo(server, account.email)).toHaveLength(1) // the welcome only
  })

  it('is for a signed-in member only', async () => {
    const anonymous = server.client()
    const { status } = await anonymous.json(PATH, {
      method: 'POST',
      body: { currentPassword: FIRST_PASSWORD, password: 'Second-Dental-Pass-26' },
    })
    expect(status).toBe(401)
  })

  it('is throttled like a sign-in to the account: past the failures allowed, even the right password waits', async () => {
    const account = await freshAccount(server, 'throttled')
    const client = await server.client().login(account)
    const attempt = (currentPassword: string) =>
      client.json<{ message: string }>(PATH, {
        method: 'POST',
        body: { currentPassword, password: 'Second-Dental-Pass-26' },
      })
    for (let failed = 0; failed < 3; failed += 1) expect((await attempt('Not-My-Password-26')).status).toBe(422)
    const refused = await attempt(account.password)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many wrong current passwords/)
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another member's tries are their own.
    const other = await freshAccount(server, 'unthrottled')
    const otherClient = await server.client().login(other)
    expect(
      (
        await otherClient.json(PATH, {
          method: 'POST',
          body: { currentPassword: other.password, password: 'Second-Dental-Pass-26' },
        })
      ).status,
    ).toBe(200)
  })

  it('words the mail as the content says (pages.dashboard)', async () => {
    const { content } = server.deps
    const draft = await content.draft(defaultTenant.groupKey)
    const changed = structuredClone(draft.content) as { pages?: Record<string, Record<string, unknown>> }
    changed.pages = {
      ...changed.pages,
      dashboard: {
        ...changed.pages?.dashboard,
        mail_password_changed_subject: 'New password at {company}',
        mail_password_changed_body: 'Hi {first_name}, your password changed. Not you? {reset_link}',
      },
    }
    await content.saveDraft(defaultTenant.groupKey, changed, draft.revision, 'editor@example.com')
    await content.publish(defaultTenant.groupKey, 'reworded', 'editor@example.com')
    const account = await freshAccount(server, 'worded')
    await (
      await server.client().login(account)
    ).json(PATH, { method: 'POST', body: { currentPassword: account.password, password: 'Second-Dental-Pass-26' } })
    const [mail] = await mailsTo(server, account.email)
    expect(mail).toMatchObject({
      subject: `New password at ${defaultTenant.companyName}`,
      body: `Hi Robin, your password changed. Not you? ${defaultTenant.publicUrl}/reset-password`,
    })
  })
})
