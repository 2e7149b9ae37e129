import { escapeHtml } from '#engine/server'
import type { Database } from '../db/database.ts'
import { recentMail } from './outbox-store.ts'

/** The tenant's outbox, newest first (development only): follow mail flows without an SMTP server. */
export async function outbox(db: Database, groupKey: string | undefined, limit = 50) {
  return recentMail(db, groupKey ?? null, limit)
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
