import { z } from '#schemas/engine/zod.ts'
import { contactRequestSchema } from '#schemas/api/messages.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'

/** A contact message with its replies' count and the last one's time. */
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
export type MessageRow = z.output<typeof messageRow>
/** A reply as the thread shows it: who sent it (their email), when, and what it said. */
const replyRow = z.object({ from: z.nullable(z.string()), at: z.coerce.date(), text: z.string() })

const SELECT = `SELECT m.id, m.created_at, m.name, m.email, m.phone, m.topic, m.message,
    (SELECT count(*) FROM contact_message_replies r WHERE r.message_id = m.id) AS replies,
    (SELECT max(r.at) FROM contact_message_replies r WHERE r.message_id = m.id) AS answered_at
  FROM contact_messages m`

export async function insertMessage(
  db: Queryable,
  message: {
    groupKey: string
    name: string
    email: string
    phone: string | null
    topic: string
    message: string
    createdAt: Date
  },
) {
  await db.query(
    'INSERT INTO contact_messages (group_key, name, email, phone, topic, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [message.groupKey, message.name, message.email, message.phone, message.topic, message.message, message.createdAt],
  )
}

/** The tenant's messages, of one topic or all (`null`). */
export const messagesOf = (db: Queryable, groupKey: string, topic: string | null) =>
  many(db, messageRow, `${SELECT} WHERE m.group_key = $1 AND ($2::text IS NULL OR m.topic = $2)`, [groupKey, topic])

/** One message of the tenant; `lock` locks it for the transaction (a reply waits for the one before). */
export const messageById = (db: Queryable, groupKey: string, id: number, lock = false) =>
  maybeOne(db, messageRow, `${SELECT} WHERE m.group_key = $1 AND m.id = $2${lock ? ' FOR UPDATE OF m' : ''}`, [
    groupKey,
    id,
  ])

/** A message's replies, oldest first. */
export const repliesTo = (db: Queryable, id: number) =>
  many(
    db,
    replyRow,
    `SELECT u.email AS from, r.at, r.body AS text FROM contact_message_replies r LEFT JOIN people u ON u.id = r.actor_id
      WHERE r.message_id = $1 ORDER BY r.at, r.id`,
    [id],
  )

export async function insertReply(
  db: Queryable,
  reply: { messageId: number; groupKey: string; at: Date; actorId: number; body: string },
) {
  await db.query(
    'INSERT INTO contact_message_replies (message_id, group_key, at, actor_id, body) VALUES ($1, $2, $3, $4, $5)',
    [reply.messageId, reply.groupKey, reply.at, reply.actorId, reply.body],
  )
}
