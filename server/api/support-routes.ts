import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { contactRequestSchema, grievanceRequestSchema} from '#schemas/api/support.ts';
import { supportApi } from '#schemas/api/support.ts'
import { endpoint, type ApiContext } from './context.ts'

const DAY = 24 * 60 * 60_000

async function submitContact(ctx: ApiContext, body: z.output<typeof contactRequestSchema>) {
  await ctx.db.query('INSERT INTO contact_messages (group_key, name, email, phone, topic, message) VALUES ($1, $2, $3, $4, $5, $6)', [ctx.tenant.groupKey, body.name, body.email, body.phone ?? null, body.topic, body.message])
  await ctx.mailer.send({
    groupKey: ctx.tenant.groupKey,
    to: body.email,
    subject: `We received your message`,
    text: `Hello ${body.name},\n\nThank you for writing to ${ctx.tenant.companyName}. We answer within two business days.\n\nYour message:\n${body.message}`,
  })
  return { ok: true as const, message: 'Thank you. We answer within two business days.' }
}

async function fileGrievance(ctx: ApiContext, body: z.output<typeof grievanceRequestSchema>) {
  const now = ctx.now()
  const reference = `GRV-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`
  const acknowledgeBy = new Date(now.getTime() + ctx.env.GRIEVANCE_ACK_DAYS * DAY)
  const resolveBy = new Date(now.getTime() + ctx.env.GRIEVANCE_RESOLVE_DAYS * DAY)
  await ctx.db.query(
    'INSERT INTO grievances (group_key, reference, member_id, name, email, phone, member_number, category, description, acknowledge_by, resolve_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
    [ctx.tenant.groupKey, reference, ctx.user?.role === 'member' ? ctx.user.user_id : null, body.name, body.email, body.phone ?? null, body.memberNumber ?? null, body.category, body.description, acknowledgeBy, resolveBy],
  )
  const date = (value: Date) => value.toISOString().slice(0, 10)
  await ctx.mailer.send({
    groupKey: ctx.tenant.groupKey,
    to: body.email,
    subject: `Grievance ${reference} received`,
    text: `Hello ${body.name},\n\nWe received your grievance and gave it the reference ${reference}. We will acknowledge it by ${date(acknowledgeBy)} and resolve it by ${date(resolveBy)}.\n\nWhat you told us:\n${body.description}`,
  })
  return {
    reference,
    acknowledgeBy: acknowledgeBy.toISOString(),
    resolveBy: resolveBy.toISOString(),
    message: `Your grievance is filed with reference ${reference}. We sent a confirmation to ${body.email}.`,
  }
}

/** Contact messages and grievances; the v4 and km paths share one service. */
export const supportRoutes = [supportApi.contact, supportApi.kmContact].map((api) => endpoint(api, ({ body, ctx }) => submitContact(ctx, body))).concat(
  [supportApi.grievance, supportApi.kmGrievance].map((api) => endpoint(api, ({ body, ctx }) => fileGrievance(ctx, body))),
)
