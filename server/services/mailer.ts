import nodemailer from 'nodemailer'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'

export interface Mail {
  groupKey: string
  to: string
  subject: string
  text: string
}

/** Sends mail. Every message is also kept in the outbox table, sent or not. */
export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Without SMTP_URL, mail goes to the outbox table only (`npm run mail:outbox` or
 * /dev/outbox in development shows it), so flows that mail can be followed on a fresh machine.
 * With SMTP_URL it is sent through that server too.
 */
export function createMailer(db: Database, logger: Logger, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined
  return {
    async send(mail) {
      await db.query('INSERT INTO outbox (group_key, recipient, subject, body, sent_at) VALUES ($1, $2, $3, $4, $5)', [
        mail.groupKey,
        mail.to,
        mail.subject,
        mail.text,
        null,
      ])
      if (!transport) return
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
        await db.query('UPDATE outbox SET sent_at = now() WHERE id = (SELECT max(id) FROM outbox WHERE recipient = $1 AND subject = $2)', [mail.to, mail.subject])
      } catch (error) {
        logger.error({ err: error, to: mail.to }, 'Mail could not be sent; it stays in the outbox')
      }
    },
  }
}
