import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { RenewalLink } from '#schemas/api/members.ts'
import { one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { renewalOffLink } from './renewal-link-url.ts'
import { DATABASES, defaultTenant, MEMBER, startTestServer, type TestServer } from '../../test-harness.ts'

/** Today in the demo data: the demo member's membership renews on 5 December 2026. */
let today = new Date('2026-11-27T12:00:00Z')
const groupKey = defaultTenant.groupKey

const membership = (server: TestServer) =>
  one(
    server.deps.db,
    z.object({ id: z.number(), renews_at: z.coerce.date(), plan: z.string() }),
    `SELECT s.id, s.renews_at, p.name AS plan FROM subscriptions s JOIN users u ON u.id = s.member_id JOIN plans p ON p.id = s.plan_id
      WHERE u.email = $1 AND s.group_key = $2 ORDER BY s.id DESC LIMIT 1`,
    [MEMBER.email, groupKey],
  )

/** The link's token, as the renewal notice carries it. */
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe.each(DATABASES)('a renewal notice’s one-click link (%s)', (kind) => {
  let server: TestServer
  let token: string
  let renewsAt: Date
  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => today })
    const current = await membership(server)
    renewsAt = current.renews_at
    token = tokenOf(renewalOffLink(server.deps.signer, defaultTenant, current))
  }, 60_000)
  afterAll(() => server.close())

  const show = (value: string) =>
    server.client().json<RenewalLink>(`/api/v4/membership/renewal?token=${encodeURIComponent(value)}`)
  const turnOff = (value: string) =>
    server.client().json<RenewalLink>('/api/v4/membership/renewalOff', { method: 'POST', body: { token: value } })
  const endingMails = async () =>
    (await outbox(server.deps.db, groupKey)).filter(
      (mail) => mail.recipient === MEMBER.email && /will end on/.test(mail.subject),
    )

  it('shows the membership it names to anyone who has it, and opening it changes nothing', async () => {
    const shown = await show(token)
    expect(shown).toMatchObject({
      status: 200,
      body: { firstName: 'Jordan', plan: (await membership(server)).plan, status: 'active', autoRenew: true },
    })
    expect(shown.body.renewsAt).toBe(renewsAt.toISOString())
    expect((await show(token)).body.status).toBe('active')
  })

  it('refuses a changed token, another purpose’s, and a malformed one, saying the link is not valid', async () => {
    const sentence = 'This link has expired or is not valid. Sign in to change automatic renewal from your dashboard.'
    const [data, mac] = token.split('.')
    const changed = `${data}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await show(changed)).toMatchObject({ status: 400, body: { message: sentence } })
    const other = server.deps.signer.sign({
      purpose: 'preview',
      groupKey,
      subject: '1',
      expiresAt: Date.now() + 60_000,
    })
    expect(await turnOff(other)).toMatchObject({ status: 400, body: { message: sentence } })
    // Not a token's form at all: the request is invalid (422, at the field), as every API body is.
    expect(await turnOff('not a token')).toMatchObject({ status: 422 })
    expect(await endingMails()).toHaveLength(0)
  })

  it('turns renewal off with one request, mails it once, and answers the same when asked again', async () => {
    const off = await turnOff(token)
    expect(off).toMatchObject({ status: 200, body: { status: 'ending', autoRenew: false } })
    expect(off.body.endsAt).toBe(renewsAt.toISOString())
    expect(await turnOff(token)).toMatchObject({ status: 200, body: { status: 'ending' } })
    expect(await endingMails()).toHaveLength(1)
    const member = await server.client().login(MEMBER)
    expect(
      (await member.json<{ subscription: { status: string } }>('/api/v4/member/info')).body.subscription,
    ).toMatchObject({ status: 'ending' })
  })

  it('has expired once the renewal date has come', async () => {
    today = new Date(renewsAt.getTime() + 1000)
    expect((await show(token)).status).toBe(400)
    today = new Date('2026-11-27T12:00:00Z')
    expect((await show(token)).status).toBe(200)
  })
})
