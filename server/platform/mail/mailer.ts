import nodemailer from 'nodemailer'
import type { Database, Queryable } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { insertMail, leaseDueMail, markFailed, markSent, type DueMail } from './outbox-store.ts'

export interface Mail {
  groupKey: string
  to: string
  subject: string
  text: string
}

/** Sends mail. Every message is kept in the outbox table first, so none is lost. */
export interface Mailer {
  /**
   * Keeps the mail in the outbox (in the caller's transaction when `tx` is given: the mail then
   * exists exactly when what it tells of does) and, with an SMTP server, sends it: at once, or by
   * the retries when the server is away. Given a `tx`, it is sent as soon as that commits
   * (`deliver`, woken by the commit), not at the retry timer's next round.
   */
  send(mail: Mail, tx?: Queryable): Promise<void>
  /** Sends the mail that is due (new, or whose retry time has come). Returns how many were sent. */
  deliver(): Promise<number>
  /** Retries on a timer, every `MAIL_RETRY_MS` at most, until `stop`. */
  start(): void
  stop(): void
}

export interface MailerOptions {
  smtpUrl: string | undefined
  from: string
  /** The first retry's wait; each next one waits twice as long, up to an hour (MAIL_RETRY_MS). */
  retryMs: number
}

/** While one process sends a mail, others leave it: longer than nodemailer's timeouts below. */
const LEASE_MS = 120_000
const MAX_BACKOFF_MS = 60 * 60_000

/**
 * Without SMTP_URL, mail goes to the outbox table only (`npm run mail:outbox` or /dev/outbox in
 * development shows it), so flows that mail can be followed on a fresh machine. With SMTP_URL,
 * each mail is sent from the outbox and retried with backoff until the SMTP server takes it;
 * several server processes share the outbox (a mail being sent is leased to one of them).
 *
 * The retry runs on a timer in the server; it is one function (`deliver`) so that a job queue can
 * run it instead.
 */
export function createMailer(db: Database, logger: Logger, options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined
  const backoff = (attempts: number) => Math.min(MAX_BACKOFF_MS, options.retryMs * 2 ** Math.max(0, attempts - 1))

  const attempt = async (mail: DueMail): Promise<boolean> => {
    if (!transport) return false
    try {
      await transport.sendMail({ from: options.from, to: mail.recipient, subject: mail.subject, text: mail.body })
      await markSent(db, mail.id)
      return true
    } catch (error) {
      const wait = backoff(mail.attempts + 1)
      logger.warn(
        { err: error, to: mail.recipient, attempts: mail.attempts + 1, retryInMs: wait },
        'Mail could not be sent; it stays in the outbox and is retried',
      )
      await markFailed(db, mail.id, error instanceof Error ? error.message : String(error), wait)
      return false
    }
  }

  let delivering: Promise<number> | undefined
  let next: Promise<number> | undefined
  // One round at a time in this process: the timer and a caller's nudge do not overlap. A nudge
  // during a round (a commit's) may be for a mail that round's lease did not see: one more round
  // follows it, shared by every nudge meanwhile.
  const deliver = (): Promise<number> => {
    if (!delivering) {
      delivering = deliverDue().finally(() => (delivering = undefined))
      return delivering
    }
    next ??= delivering
      .catch(() => 0)
      .then(() => {
        next = undefined
        return deliver()
      })
    return next
  }
  const deliverDue = async () => {
    if (!transport) return 0
    // Taken with a lease, so that another process does not send the same mail meanwhile.
    const due = await leaseDueMail(db, LEASE_MS)
    let sent = 0
    for (const mail of due.sort((a, b) => a.id - b.id)) if (await attempt(mail)) sent += 1
    return sent
  }

  let timer: NodeJS.Timeout | undefined
  return {
    async send(mail, tx) {
      // With an SMTP server and no caller's transaction, this process takes the mail at once.
      const lease = transport ? (tx ? 0 : LEASE_MS) : null
      const row = await insertMail(tx ?? db, mail, lease)
      // Sent after the answer: a slow or absent SMTP server never holds up the request.
      if (row && transport && !tx)
        void attempt(row).catch((error: unknown) =>
          logger.error({ err: error }, 'Could not record a mail attempt; the outbox retries it'),
        )
      // In a transaction: due at once (lease 0), and delivered when it commits.
      if (row && transport && tx)
        tx.afterCommit?.(
          () =>
            void deliver().catch((error: unknown) =>
              logger.error({ err: error }, 'Could not read the outbox; the timer retries it'),
            ),
        )
    },
    deliver,
    start() {
      if (!transport || timer) return
      const tick = () => {
        void deliver()
          .catch((error: unknown) => logger.error({ err: error }, 'Could not read the outbox; retrying later'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, Math.min(options.retryMs, 30_000)).unref()
          })
      }
      timer = setTimeout(tick, 0).unref()
    },
    stop() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}
