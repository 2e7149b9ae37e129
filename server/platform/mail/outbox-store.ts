import { z } from '#schemas/engine/zod.ts'
import { many, type Queryable } from '../db/database.ts'

const outboxRow = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  attempts: z.number(),
  created_at: z.coerce.date(),
  sent_at: z.nullable(z.coerce.date()),
})
/** A mail to send: what `deliver` leases and the SMTP server is given. */
const dueRow = z.pick(outboxRow, { id: true, recipient: true, subject: true, body: true, attempts: true })
export type DueMail = z.infer<typeof dueRow>

/** How many mails one round of `deliver` leases at most. */
const BATCH = 20

/**
 * Keeps a mail; `leaseMs` null: never to be sent (no SMTP server), 0: due at once, else leased
 * for that long to the process that sends it now.
 */
export async function insertMail(
  db: Queryable,
  mail: { groupKey: string; to: string; subject: string; text: string },
  leaseMs: number | null,
): Promise<DueMail | undefined> {
  const [row] = await many(
    db,
    dueRow,
    `INSERT INTO outbox (group_key, recipient, subject, body, next_attempt_at) VALUES ($1, $2, $3, $4, CASE WHEN $5::integer IS NULL THEN NULL ELSE now() + $5::integer * interval '1 millisecond' END)
         RETURNING id, recipient, subject, body, attempts`,
    [mail.groupKey, mail.to, mail.subject, mail.text, leaseMs],
  )
  return row
}

/** Takes the mail that is due, a batch at a time, with a lease, so that another process does not send the same mail meanwhile. */
export const leaseDueMail = (db: Queryable, leaseMs: number) =>
  many(
    db,
    dueRow,
    `UPDATE outbox SET next_attempt_at = now() + $1 * interval '1 millisecond' WHERE id IN (
         SELECT id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= now() ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
       ) RETURNING id, recipient, subject, body, attempts`,
    [leaseMs],
  )

export async function markSent(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1', [id])
}

/** Counts a failed attempt and when to try again. */
export async function markFailed(db: Queryable, id: number, error: string, retryInMs: number): Promise<void> {
  await db.query(
    "UPDATE outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + $3 * interval '1 millisecond' WHERE id = $1",
    [id, error, retryInMs],
  )
}

/** The outbox (a tenant's, or everyone's when `groupKey` is null), newest first. */
export const recentMail = (db: Queryable, groupKey: string | null, limit: number) =>
  many(
    db,
    z.omit(outboxRow, { attempts: true }),
    'SELECT id, recipient, subject, body, created_at, sent_at FROM outbox WHERE ($1::text IS NULL OR group_key = $1) ORDER BY id DESC LIMIT $2',
    [groupKey, limit],
  )

/** How many of the latest mails to an address are listed (a member's record shows them). */
const LATEST = 50

/** The latest mails to `address` (in any case), newest first. */
export const mailsTo = (db: Queryable, groupKey: string, address: string) =>
  many(
    db,
    z.pick(outboxRow, { subject: true, created_at: true, sent_at: true }),
    `SELECT subject, created_at, sent_at FROM outbox WHERE group_key = $1 AND lower(recipient) = lower($2) ORDER BY id DESC LIMIT ${LATEST}`,
    [groupKey, address],
  )
