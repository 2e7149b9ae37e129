import { z } from '#schemas/engine/zod.ts'
import { escapeHtml } from '#engine/server'
import { many, type Database } from '../db/database.ts'

const mailRow = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.coerce.date(),
  sent_at: z.nullable(z.coerce.date()),
})

/** The tenant's outbox, newest first (development only): follow mail flows without an SMTP server. */
export async function outbox(db: Database, groupKey: string | undefined, limit = 50) {
  return many(
    db,
    mailRow,
    'SELECT id, recipient, subject, body, created_at, sent_at FROM outbox WHERE ($1::text IS NULL OR group_key = $1) ORDER BY id DESC LIMIT $2',
    [groupKey ?? null, limit],
  )
}

export async function outboxPage(db: Database, groupKey: string): Promise<string> {
  const mails = await outbox(db, groupKey)
  const items = mails
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.recipient)}, ${mail.created_at.toISOString()}${mail.sent_at ? ', sent' : ', not sent (no SMTP server)'}</p><pre>${escapeHtml(mail.body).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><main><h1>Outbox (${escapeHtml(groupKey)})</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`
}
