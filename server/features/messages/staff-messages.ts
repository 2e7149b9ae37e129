import { z } from '#schemas/engine/zod.ts'
import { contactRequestSchema } from '#schemas/api/support.ts'
import type { StaffMessageDetail, staffMessageFiltersSchema } from '#schemas/api/staff-messages.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'
import { audit } from '../staff/index.ts'
import { NotFound } from '../../platform/errors.ts'
import { day } from '../../platform/dates/day.ts'
import type { Actor } from '../staff/index.ts'
import type { StaffDirectoryDeps } from '../directory/index.ts'

export const MESSAGE_NOT_FOUND = 'No such message'

const messageRow = z.object({
  id: z.number(),
  created_at: z.coerce.date(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  topic: contactRequestSchema.shape.topic,
  message: z.string(),
  replies: z.coerce.number(),
  answered_at: z.nullable(z.coerce.date()),
})
type MessageRow = z.output<typeof messageRow>
const SELECT = `SELECT m.id, m.created_at, m.name, m.email, m.phone, m.topic, m.message,
    (SELECT count(*) FROM contact_message_replies r WHERE r.message_id = m.id) AS replies,
    (SELECT max(r.at) FROM contact_message_replies r WHERE r.message_id = m.id) AS answered_at
  FROM contact_messages m`

const rowOf = (row: MessageRow) => ({
  id: row.id,
  receivedAt: row.created_at.toISOString(),
  name: row.name,
  email: row.email,
  topic: row.topic,
  status: row.replies > 0 ? ('answered' as const) : ('open' as const),
  replies: row.replies,
  answeredAt: row.answered_at?.toISOString() ?? null,
})

/** The tenant's messages: open ones first, the oldest first (the longest waiting); then answered ones, the latest answered first. */
export async function listMessages(
  deps: Pick<StaffDirectoryDeps, 'db' | 'tenant'>,
  filters: z.output<typeof staffMessageFiltersSchema>,
) {
  const rows = await many(
    deps.db,
    messageRow,
    `${SELECT} WHERE m.group_key = $1 AND ($2::text IS NULL OR m.topic = $2)`,
    [deps.tenant.groupKey, filters.topic ?? null],
  )
  return rows
    .map(rowOf)
    .filter((row) => filters.status === undefined || row.status === filters.status)
    .sort((a, b) => {
      if (a.status !== b.status) return a.status === 'open' ? -1 : 1
      if (a.status === 'open') return a.receivedAt.localeCompare(b.receivedAt) || a.id - b.id
      return (b.answeredAt ?? '').localeCompare(a.answeredAt ?? '') || b.id - a.id
    })
}

async function find(db: Queryable, groupKey: string, id: number, lock = false): Promise<MessageRow> {
  // Another tenant's message is as missing as one that does not exist.
  const row = await maybeOne(
    db,
    messageRow,
    `${SELECT} WHERE m.group_key = $1 AND m.id = $2${lock ? ' FOR UPDATE OF m' : ''}`,
    [groupKey, id],
  )
  if (!row) throw new NotFound(MESSAGE_NOT_FOUND)
  return row
}

export async function messageDetail(
  deps: Pick<StaffDirectoryDeps, 'db' | 'tenant'>,
  id: number,
): Promise<StaffMessageDetail> {
  const row = await find(deps.db, deps.tenant.groupKey, id)
  const replies = await many(
    deps.db,
    z.object({ from: z.nullable(z.string()), at: z.coerce.date(), text: z.string() }),
    `SELECT u.email AS from, r.at, r.body AS text FROM contact_message_replies r LEFT JOIN users u ON u.id = r.actor_id
      WHERE r.message_id = $1 ORDER BY r.at, r.id`,
    [id],
  )
  return {
    ...rowOf(row),
    phone: row.phone,
    message: row.message,
    thread: replies.map((reply) => ({ ...reply, at: reply.at.toISOString() })),
  }
}

/** Mails a reply to the sender and adds it to the thread, with one audit entry, in one transaction. */
export async function replyToMessage(deps: StaffDirectoryDeps, actor: Actor, id: number, text: string) {
  const { tenant } = deps
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const row = await find(tx, tenant.groupKey, id, true)
    await tx.query(
      'INSERT INTO contact_message_replies (message_id, group_key, at, actor_id, body) VALUES ($1, $2, $3, $4, $5)',
      [id, tenant.groupKey, now, actor.id, text],
    )
    await deps.mailer.send(
      {
        groupKey: tenant.groupKey,
        to: row.email,
        subject: `Re: your message to ${tenant.companyName}`,
        // The sender's own words are not quoted: the address was never verified.
        text: `Hello,\n\n${text}\n\n${tenant.companyName}\n\n(In answer to the message you sent us on ${day(row.created_at)}.)`,
      },
      tx,
    )
    const status = row.replies > 0 ? 'answered' : 'open'
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: actor.id,
      action: 'message.reply',
      subject: `contact-message:${id}`,
      reason: text,
      before: { status, replies: row.replies },
      after: { status: 'answered', replies: row.replies + 1 },
      address: actor.address,
    })
  })
  return messageDetail(deps, id)
}
