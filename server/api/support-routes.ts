import { createHash, randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import type { contactRequestSchema, grievanceRequestSchema } from '#schemas/api/support.ts'
import { GRIEVANCE_ATTACHMENTS, supportApi } from '#schemas/api/support.ts'
import { DMHC, dmhcStatement } from '#schemas/dmhc.ts'
import { ValidationError, type ValidationIssue } from '#schemas/engine/validation-error.ts'
import { limitFor } from '../body-limit.ts'
import { maybeOne, one } from '../db/database.ts'
import { endpoint, guardSender, type ApiContext } from './context.ts'
import { HttpError } from './endpoint.ts'

const DAY = 24 * 60 * 60_000

type Grievance = z.output<typeof grievanceRequestSchema>
type AttachmentType = keyof typeof GRIEVANCE_ATTACHMENTS.types
interface ReceivedFile {
  name: string
  type: AttachmentType
  bytes: Buffer
  sha256: string
}

/** The grievance routes take files in base64: three of 2 MB, plus room for the form's text, JSON-escaped. */
export const GRIEVANCE_MAX_BODY_BYTES =
  GRIEVANCE_ATTACHMENTS.maxFiles * 4 * Math.ceil(GRIEVANCE_ATTACHMENTS.maxBytes / 3) + 256 * 1024
/** Grievances carry attachments: their bodies may be larger than others (server/body-limit.ts). */
export const grievanceBodyLimits = [supportApi.grievance, supportApi.kmGrievance].map((contract) =>
  limitFor(
    contract,
    GRIEVANCE_MAX_BODY_BYTES,
    `Attachments are too large: at most ${GRIEVANCE_ATTACHMENTS.maxFiles} files of ${GRIEVANCE_ATTACHMENTS.maxBytes / 1024 / 1024} MB each`,
  ),
)

/** The first bytes each accepted type starts with: a file is what its bytes say, not what its label says. */
const MAGIC: Record<AttachmentType, readonly number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46], // %PDF
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
}

function refuse(issues: ValidationIssue[]): never {
  throw new HttpError(
    422,
    new ValidationError(issues).message,
    issues.map((issue) => ({ ...issue, path: ['body', ...issue.path] })),
  )
}

async function submitContact(ctx: ApiContext, body: z.output<typeof contactRequestSchema>) {
  await ctx.db.query(
    'INSERT INTO contact_messages (group_key, name, email, phone, topic, message) VALUES ($1, $2, $3, $4, $5, $6)',
    [ctx.tenant.groupKey, body.name, body.email, body.phone ?? null, body.topic, body.message],
  )
  await ctx.mailer.send({
    groupKey: ctx.tenant.groupKey,
    to: body.email,
    subject: `We received your message`,
    // Fixed words: nothing the sender typed goes to an address nobody has verified (no relay for spam).
    text: `Hello,\n\nThank you for writing to ${ctx.tenant.companyName}. We received your message and answer within two business days.\n\nIf you did not write to us, you can ignore this mail.`,
  })
  return { ok: true as const, message: 'Thank you. We answer within two business days.' }
}

/** What the schema cannot know: the tenant's offices, today's date, the files' real contents. */
async function checkGrievance(ctx: ApiContext, body: Grievance, today: string) {
  // (A NUL character is refused for every body before here: endpoint.ts.)
  const issues: ValidationIssue[] = []
  const office =
    body.officeId === undefined
      ? undefined
      : await maybeOne(
          ctx.db,
          z.object({ id: z.number(), name: z.string(), city: z.string() }),
          'SELECT id, name, city FROM offices WHERE id = $1 AND group_key = $2',
          [body.officeId, ctx.tenant.groupKey],
        )
  if (body.officeId !== undefined && !office)
    issues.push({ path: ['officeId'], message: 'Choose an office from the list' })
  // Today in UTC is never behind California's today, so nobody there is refused their own today.
  if (body.dateOfService !== undefined && body.dateOfService > today)
    issues.push({ path: ['dateOfService'], message: 'The date of service cannot be in the future' })
  // The schema takes year 0000, which PostgreSQL has not.
  if (body.dateOfService !== undefined && body.dateOfService < '1900-01-01')
    issues.push({ path: ['dateOfService'], message: 'Enter a date of service after 1900' })
  const files = body.attachments.map((attachment, index): ReceivedFile => {
    const bytes = Buffer.from(attachment.dataBase64, 'base64')
    const magic = MAGIC[attachment.type]
    if (!magic.every((byte, at) => bytes[at] === byte)) {
      issues.push({
        path: ['attachments', index, 'dataBase64'],
        message: `${attachment.name} is not a ${GRIEVANCE_ATTACHMENTS.types[attachment.type]} file`,
      })
    }
    return {
      name: attachment.name,
      type: attachment.type,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    }
  })
  if (issues.length) refuse(issues)
  return { office, files }
}

const day = (value: Date) => value.toISOString().slice(0, 10)
const fileSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`
const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1).replaceAll('-', ' ')

interface GrievanceMail {
  body: Grievance
  reference: string
  filed: Date
  acknowledgeBy: Date
  resolveBy: Date
  resolveDays: number
  office: { name: string; city: string } | undefined
  files: ReceivedFile[]
  planPhone: string
  /** Whether the mail may repeat what was filed: only to the signed-in member's own address. */
  copy: boolean
}

/**
 * The acknowledgement: the reference, the dates that follow and the department's notice; and the
 * filer's copy of every field as received, when it goes to the signed-in member's own address.
 * To any other address nothing the filer typed is repeated (the form would relay spam).
 */
function grievanceMailText({
  body,
  reference,
  filed,
  acknowledgeBy,
  resolveBy,
  resolveDays,
  office,
  files,
  planPhone,
  copy,
}: GrievanceMail): string {
  const representative = body.representative
  const fields: [string, string | undefined][] = [
    ['Member', body.name],
    ['Email', body.email],
    ['Phone', body.phone],
    ['Member number', body.memberNumber],
    ['Patient', body.patientName],
    ['Office', office && `${office.name}, ${office.city}`],
    ['Date of service', body.dateOfService],
    ['Category', categoryLabel(body.category)],
    ['Urgent', body.urgent ? 'yes' : 'no'],
    [
      'Filed by',
      representative &&
        `${representative.name} (${representative.relationship})${representative.phone ? `, phone ${representative.phone}` : ''}, authorized in writing by the member`,
    ],
  ]
  const received = copy
    ? [
        [
          'What you told us:',
          ...fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
        ].join('\n'),
        files.length
          ? [
              'Attached files:',
              ...files.map(
                (file) => `- ${file.name} (${GRIEVANCE_ATTACHMENTS.types[file.type]}, ${fileSize(file.bytes.length)})`,
              ),
            ].join('\n')
          : 'Attached files: none',
        `What happened:\n${body.description}`,
        `How you would like it resolved:\n${body.desiredResolution}`,
      ]
    : [
        `What was filed is kept with the grievance (category: ${categoryLabel(body.category)}; ${files.length} attached ${files.length === 1 ? 'file' : 'files'}). This mail does not repeat it. For a copy, call us at ${planPhone} and give the reference.`,
      ]
  return [
    copy ? `Hello ${body.name},` : 'Hello,',
    `We received ${copy ? 'your grievance' : 'a grievance filed with this email address'} on ${day(filed)} and gave it the reference ${reference}. We will acknowledge it by ${day(acknowledgeBy)} and resolve it by ${day(resolveBy)} (within ${resolveDays} days).`,
    ...(body.urgent
      ? [
          `You told us this is urgent: a serious threat to your health. You do not have to wait for our decision: you may call the California Department of Managed Health Care now at ${DMHC.phone} (TDD ${DMHC.tdd}).`,
        ]
      : []),
    ...received,
    dmhcStatement(planPhone),
  ].join('\n\n')
}

async function fileGrievance(ctx: ApiContext, body: Grievance) {
  const now = ctx.now()
  const { office, files } = await checkGrievance(ctx, body, day(now))
  // Read before storing: a tenant without published content fails here, not after the grievance is kept.
  const planPhone =
    (await ctx.content.get(ctx.tenant.groupKey)).header.variables.header_phone_number ??
    `the number on ${ctx.tenant.publicUrl}`
  const reference = `GRV-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`
  const resolveDays = body.urgent ? ctx.env.GRIEVANCE_URGENT_DAYS : ctx.env.GRIEVANCE_RESOLVE_DAYS
  // An acknowledgement due after the decision would say nothing.
  const acknowledgeDays = Math.min(ctx.env.GRIEVANCE_ACK_DAYS, resolveDays)
  const acknowledgeBy = new Date(now.getTime() + acknowledgeDays * DAY)
  const resolveBy = new Date(now.getTime() + resolveDays * DAY)
  const representative = body.representative
  await ctx.db.transaction(async (tx) => {
    const { id } = await one(
      tx,
      z.object({ id: z.number() }),
      `INSERT INTO grievances (group_key, reference, member_id, name, email, phone, member_number, category, description, acknowledge_by, resolve_by,
         patient_name, office_id, date_of_service, desired_resolution, urgent, representative_name, representative_relationship, representative_phone, representative_authorized)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id`,
      [
        ctx.tenant.groupKey,
        reference,
        ctx.user?.role === 'member' ? ctx.user.user_id : null,
        body.name,
        body.email,
        body.phone ?? null,
        body.memberNumber ?? null,
        body.category,
        body.description,
        acknowledgeBy,
        resolveBy,
        body.patientName ?? null,
        office?.id ?? null,
        body.dateOfService ?? null,
        body.desiredResolution,
        body.urgent,
        representative?.name ?? null,
        representative?.relationship ?? null,
        representative?.phone ?? null,
        representative ? representative.authorized : null,
      ],
    )
    // The query layer takes no binary parameters; base64 decoded by the database works on both drivers.
    for (const file of files) {
      await tx.query(
        "INSERT INTO grievance_attachments (grievance_id, name, content_type, size, sha256, data) VALUES ($1, $2, $3, $4, $5, decode($6, 'base64'))",
        [id, file.name, file.type, file.bytes.length, file.sha256, file.bytes.toString('base64')],
      )
    }
  })
  await ctx.mailer.send({
    groupKey: ctx.tenant.groupKey,
    to: body.email,
    subject: `Grievance ${reference} received`,
    text: grievanceMailText({
      body,
      reference,
      filed: now,
      acknowledgeBy,
      resolveBy,
      resolveDays,
      office,
      files,
      planPhone,
      copy: ctx.user?.role === 'member' && ctx.user.email === body.email,
    }),
  })
  return {
    reference,
    acknowledgeDays,
    resolveDays,
    acknowledgeBy: acknowledgeBy.toISOString(),
    resolveBy: resolveBy.toISOString(),
    urgent: body.urgent,
    message: `Your grievance is filed with reference ${reference}. We sent a confirmation to ${body.email}.`,
  }
}

/** Contact messages and grievances; the v4 and km paths share one service. */
export const supportRoutes = [supportApi.contact, supportApi.kmContact]
  .map((api) =>
    endpoint(api, async ({ body, ctx, c }) => {
      await guardSender(ctx, c, 'contact', [['contact', ctx.address]])
      return submitContact(ctx, body)
    }),
  )
  .concat(
    [supportApi.grievance, supportApi.kmGrievance].map((api) =>
      endpoint(api, async ({ body, ctx, c }) => {
        await guardSender(ctx, c, 'grievance', [['grievance', ctx.address]])
        return fileGrievance(ctx, body)
      }),
    ),
  )
