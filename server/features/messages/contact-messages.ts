import type { z } from '#schemas/engine/zod.ts'
import type { contactRequestSchema } from '#schemas/api/messages.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { Database } from '../../platform/db/database.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { insertMessage } from './message-store.ts'

/** What a contact message needs: the tenant's database and mailer, and the time. */
export interface ContactDeps {
  db: Database
  tenant: Tenant
  mailer: Mailer
  now: () => Date
}

/** Keeps a contact message and acknowledges it to the sender. */
export async function submitContact(deps: ContactDeps, body: z.output<typeof contactRequestSchema>) {
  const { tenant } = deps
  await insertMessage(deps.db, {
    groupKey: tenant.groupKey,
    name: body.name,
    email: body.email,
    phone: body.phone ?? null,
    topic: body.topic,
    message: body.message,
    createdAt: deps.now(),
  })
  await deps.mailer.send({
    groupKey: tenant.groupKey,
    to: body.email,
    subject: `We received your message`,
    // Fixed words: nothing the sender typed goes to an address nobody has verified (no relay for spam).
    text: `Hello,\n\nThank you for writing to ${tenant.companyName}. We received your message and answer within two business days.\n\nIf you did not write to us, you can ignore this mail.`,
  })
  return { ok: true as const, message: 'Thank you. We answer within two business days.' }
}
