import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { ContactRequest } from '#schemas/api/messages.ts'
import type { StaffMessageDetail } from '#schemas/api/messages.ts'
import { one } from '../../platform/db/database.ts'
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

const MESSAGES = '/api/v4/staff/messages'
type Row = Omit<StaffMessageDetail, 'phone' | 'message' | 'thread'>

const clock = staffClock('2026-06-01T10:00:00Z')
const { tick, at, staff } = clock

/** A visitor writes through the contact form; the message's id. */
async function send(server: TestServer, change: Partial<ContactRequest> = {}) {
  const body: ContactRequest = {
    name: 'Sam Reyes',
    email: 'sam@example.com',
    topic: 'billing',
    message: 'Why was I charged the enrolment fee twice?',
    ...change,
  }
  const sent = await server.client().json('/api/v4/contact', { method: 'POST', body })
  expect(sent.status).toBe(201)
  return (
    await one(
      server.deps.db,
      z.object({ id: z.number() }),
      'SELECT id FROM contact_messages WHERE group_key = $1 ORDER BY id DESC LIMIT 1',
      [defaultTenant.groupKey],
    )
  ).id
}

const reply = (client: TestClient, id: number, text: unknown) =>
  client.json<StaffMessageDetail & { message: string }>(`${MESSAGES}/${id}/reply`, {
    method: 'POST',
    body: { text },
  })

/** What a reply changes: the thread, the audit trail and the mails. */
async function state(server: TestServer, id: number) {
  const db = server.deps.db
  const count = async (sql: string, params: (string | number)[]) =>
    (await one(db, z.object({ n: z.coerce.number() }), sql, params)).n
  return {
    replies: await count('SELECT count(*) AS n FROM contact_message_replies WHERE message_id = $1', [id]),
    audit: await count('SELECT count(*) AS n FROM audit_events WHERE subject = $1', [`contact-message:${id}`]),
    mails: (await outbox(db, undefined, 1000)).length,
  }
}

describe.each(DATABASES)('contact messages for member services (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  it('lists a message by topic and status, answers it by mail from the console and shows the thread; one audit entry per reply', async () => {
    at('2026-06-01T10:00:00Z')
    const receivedAt = clock.now().toISOString()
    const id = await send(server, { phone: '(415) 555-0100' })
    tick(3600)
    const other = await send(server, { topic: 'website', email: 'lee@example.com', message: 'The map does not load.' })
    const support = await staff(server, SUPPORT)
    const ids = async (query: string) =>
      (await support.json<{ messages: Row[] }>(`${MESSAGES}?${query}`)).body.messages.map((row) => row.id)
    const listed = await support.json<{ messages: Row[] }>(MESSAGES)
    expect(listed.status).toBe(200)
    expect(listed.body.messages.find((row) => row.id === id)).toEqual({
      id,
      receivedAt,
      name: 'Sam Reyes',
      email: 'sam@example.com',
      topic: 'billing',
      status: 'open',
      replies: 0,
      answeredAt: null,
    })
    // Open ones first, the longest waiting first.
    expect(listed.body.messages.map((row) => row.id).slice(0, 2)).toEqual([id, other])
    expect(await ids('topic=billing')).toEqual([id])
    expect(await ids('topic=website&status=open')).toEqual([other])
    expect(await ids('status=answered')).toEqual([])

    const before = await state(server, id)
    for (const text of ['', '   ', 'x'.repeat(4001), 42])
      expect([String(text).slice(0, 10), (await reply(support, id, text)).status]).toEqual([
        String(text).slice(0, 10),
        422,
      ])
    expect(await state(server, id)).toEqual(before)

    const answer = 'The second charge was a hold: it disappears within five days.'
    const first = await reply(support, id, `  ${answer}  `)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      status: 'answered',
      replies: 1,
      answeredAt: clock.now().toISOString(),
      phone: '4155550100',
      message: 'Why was I charged the enrolment fee twice?',
      thread: [{ from: SUPPORT.email, at: clock.now().toISOString(), text: answer }],
    })
    const [mail] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    expect(mail).toMatchObject({
      recipient: 'sam@example.com',
      subject: `Re: your message to ${defaultTenant.companyName}`,
    })
    expect(mail!.body).toContain(answer)
    // What the sender typed is not sent back to an address nobody verified.
    expect(mail!.body).not.toContain('enrolment fee twice')
    expect(await state(server, id)).toEqual({ replies: 1, audit: 1, mails: before.mails + 1 })

    tick(600)
    const admin = await staff(server, ADMIN)
    const second = await reply(admin, id, 'A refund of the hold is on its way as well.')
    expect(second.body.thread.map((entry) => entry.from)).toEqual([SUPPORT.email, ADMIN.email])
    expect(await state(server, id)).toEqual({ replies: 2, audit: 2, mails: before.mails + 2 })
    expect(await ids('status=answered')).toEqual([id])
    expect(await ids('status=open')).not.toContain(id)
    expect((await support.json<StaffMessageDetail>(`${MESSAGES}/${id}`)).body.thread).toHaveLength(2)

    const trail = await auditTrail(server, `contact-message:${id}`)
    expect(trail).toEqual([
      {
        action: 'message.reply',
        actor_id: await accountId(server.deps.db, SUPPORT.email),
        reason: answer,
        before: { status: 'open', replies: 0 },
        after: { status: 'answered', replies: 1 },
      },
      {
        action: 'message.reply',
        actor_id: await accountId(server.deps.db, ADMIN.email),
        reason: 'A refund of the hold is on its way as well.',
        before: { status: 'answered', replies: 1 },
        after: { status: 'answered', replies: 2 },
      },
    ])
    expect((await support.json(`${MESSAGES}/999999`)).status).toBe(404)
  })

  it('answers each endpoint by caller: 401 signed out or without the second factor, 403 for a member and a content manager, 404 for another tenant’s admin, 200 for support and admin; a refusal changes nothing', async () => {
    const id = await send(server, { email: 'table@example.com' })
    await makeOtherTenantStaff(server, 'admin')
    const before = await expectRefused(refusedCallers(server), {
      list: MESSAGES,
      notTheirs: (list: { messages: Row[] }) => expect(list.messages.map((row) => row.id)).not.toContain(id),
      endpoints: [
        ['GET', `${MESSAGES}/${id}`, undefined],
        ['POST', `${MESSAGES}/${id}/reply`, { text: 'A reply.' }],
      ],
      state: () => state(server, id),
    })

    for (const account of [SUPPORT, ADMIN]) {
      const client = await staff(server, account)
      expect((await client.json(MESSAGES)).status).toBe(200)
      expect((await client.json(`${MESSAGES}/${id}`)).status).toBe(200)
      expect((await reply(client, id, `Answered by ${account.email}.`)).status).toBe(201)
    }
    expect(await state(server, id)).toEqual({ replies: 2, audit: 2, mails: before.mails + 2 })
  })
})
