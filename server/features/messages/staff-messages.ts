import type { z } from '#schemas/engine/zod.ts'
import type { StaffMessageDetail, staffMessageFiltersSchema } from '#schemas/api/messages.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { audit } from '../staff/index.ts'
import { NotFound } from '../../platform/errors.ts'
import { day } from '../../platform/dates/day.ts'
import type { Actor } from '../staff/index.ts'
import type { StaffDirectoryDeps } from '../directory/index.ts'
import { messageById, messagesOf, repliesTo, insertReply, type MessageRow } from './message-store.ts'

export const MESSAGE_NOT_FOUND = 'No such message'

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
  const rows = await messagesOf(deps.db, deps.tenant.groupKey, filters.topic ?? null)
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
  const row = await messageById(db, groupKey, id, lock)
  if (!row) throw new NotFound(MESSAGE_NOT_FOUND)
  return row
}

export async function messageDetail(
  deps: Pick<StaffDirectoryDeps, 'db' | 'tenant'>,
  id: number,
): Promise<StaffMessageDetail> {
  const row = await find(deps.db, deps.tenant.groupKey, id)
  const replies = await repliesTo(deps.db, id)
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
    await insertReply(tx, { messageId: id, groupKey: tenant.groupKey, at: now, actorId: actor.id, body: text })
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
