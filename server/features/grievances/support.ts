import { contentLanguageAssistance, withLanguageAssistance } from '#schemas/language-assistance.ts'
import { createHash, randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { base64Bytes, GRIEVANCE_ATTACHMENTS } from '#schemas/api/grievances.ts'
import { ValidationError, type ValidationIssue } from '#schemas/engine/validation-error.ts'
import { grievanceDueDates } from '#schemas/grievance-deadlines.ts'
import { grievanceCategoryWords, grievanceReceiptSchema } from '#schemas/grievance-mails.ts'
import { fillText } from '#schemas/fill-text.ts'
import type { DbContentService } from '../content/index.ts'
import type { Database } from '../../platform/db/database.ts'
import type { Env } from '../../env.ts'
import { linkTo } from '../members/index.ts'
import { Invalid } from '../../platform/errors.ts'
import { day } from '../../platform/dates/day.ts'
import { grievanceMailText, type AttachmentType, type Grievance, type ReceivedFile } from './grievance-mail.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { grievanceOffice, insertGrievance } from './grievance-store.ts'
import { insertAttachment } from './grievance-detail-store.ts'

/** Where anyone looks a grievance up by its reference and email (the manifest's grievance-status page). */
export const GRIEVANCE_STATUS_PATH = '/grievance-form/status'

/** What filing a grievance works with (the API's context has it all). */
export interface SupportDeps {
  db: Database
  tenant: Tenant
  now: () => Date
  mailer: Mailer
  content: Pick<DbContentService, 'get'>
  env: Pick<Env, 'GRIEVANCE_ACK_DAYS' | 'GRIEVANCE_RESOLVE_DAYS' | 'GRIEVANCE_URGENT_DAYS'>
}

/** The first bytes each accepted type starts with: a file is what its bytes say, not what its label says. */
const MAGIC: Record<AttachmentType, readonly number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46], // %PDF
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
}

function refuse(issues: ValidationIssue[]): never {
  throw new Invalid(
    new ValidationError(issues).message,
    issues.map((issue) => ({ ...issue, path: ['body', ...issue.path] })),
  )
}

/** Base64 characters decoded at a time to hash a file: a multiple of 4, so each slice decodes alone. */
const HASH_SLICE = 64 * 1024

/**
 * A file's size and SHA-256, decoded a slice at a time into one small buffer: a request holds its
 * files once, as the base64 text it came in (issue 44: a decoded copy of each, and the text
 * encoded again for the database, were 14 MB more for each 8 MB upload to hold and collect).
 */
function sizeAndDigest(text: string) {
  const hash = createHash('sha256')
  const slice = Buffer.allocUnsafe((HASH_SLICE / 4) * 3)
  for (let at = 0; at < text.length; at += HASH_SLICE)
    hash.update(slice.subarray(0, slice.write(text.slice(at, at + HASH_SLICE), 'base64')))
  return { size: base64Bytes(text), sha256: hash.digest('hex') }
}

/**
 * The text the database decodes (`decode(…, 'base64')`), which takes only whole groups of four
 * characters: the text as received when it is (a browser's always is), else re-encoded.
 */
const storableBase64 = (text: string) => (text.length % 4 === 0 ? text : Buffer.from(text, 'base64').toString('base64'))

/** The form's words the acknowledgement repeats (the DMHC statement); the statute's where content has none that parses. */
/** The form page's words the receipt is written in (today's wording where the content's no longer parse). */
const receiptWords = z.extend(grievanceReceiptSchema, {
  ...grievanceCategoryWords.shape,
  dmhc_statement: z.optional(z.string().check(z.minLength(1))),
  phone_fallback: z.optional(z.string().check(z.minLength(1))),
})
const formWords = z.catch(receiptWords, receiptWords.parse({}))

/** What the schema cannot know: the tenant's offices, today's date, the files' real contents. */
async function checkGrievance(deps: SupportDeps, body: Grievance, today: string) {
  // (A NUL character is refused for every body before here: endpoint.ts.)
  const issues: ValidationIssue[] = []
  const office =
    body.officeId === undefined ? undefined : await grievanceOffice(deps.db, deps.tenant.groupKey, body.officeId)
  if (body.officeId !== undefined && !office)
    issues.push({ path: ['officeId'], message: 'Choose an office from the list' })
  // Today in UTC is never behind California's today, so nobody there is refused their own today.
  if (body.dateOfService !== undefined && body.dateOfService > today)
    issues.push({ path: ['dateOfService'], message: 'The date of service cannot be in the future' })
  // The schema takes year 0000, which PostgreSQL has not.
  if (body.dateOfService !== undefined && body.dateOfService < '1900-01-01')
    issues.push({ path: ['dateOfService'], message: 'Enter a date of service after 1900' })
  const files = body.attachments.map((attachment, index): ReceivedFile => {
    const text = attachment.dataBase64
    const magic = MAGIC[attachment.type]
    const head = Buffer.from(text.slice(0, 12), 'base64')
    if (!magic.every((byte, at) => head[at] === byte)) {
      issues.push({
        path: ['attachments', index, 'dataBase64'],
        message: `${attachment.name} is not a ${GRIEVANCE_ATTACHMENTS.types[attachment.type]} file`,
      })
    }
    return { name: attachment.name, type: attachment.type, ...sizeAndDigest(text), base64: storableBase64(text) }
  })
  if (issues.length) refuse(issues)
  return { office, files }
}

/**
 * Files a grievance with its attachments under a reference, with the dates it is acknowledged and
 * resolved by, and acknowledges it by mail. `member` is the signed-in member, if any: the
 * grievance is theirs, and the mail repeats what was filed only to their own address.
 */
export async function fileGrievance(
  deps: SupportDeps,
  member: { id: number; email: string } | undefined,
  body: Grievance,
  /** The language of the page it is filed on (null: the site's default): its mails are written in it. */
  language: string | null = null,
) {
  const { tenant, env } = deps
  const now = deps.now()
  const { office, files } = await checkGrievance(deps, body, day(now))
  // Read before storing: a tenant without published content fails here, not after the grievance is kept.
  const content = await deps.content.get(tenant.groupKey, undefined, language ?? undefined)
  const words = formWords.parse(content.pages['grievance-form'] ?? {})
  const planPhone =
    content.header.variables.header_phone_number ?? words.phone_fallback ?? `the number on ${tenant.publicUrl}`
  const statement = words.dmhc_statement
  const reference = `GRV-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`
  const { acknowledgeDays, resolveDays, acknowledgeBy, resolveBy } = grievanceDueDates(now, body.urgent, {
    acknowledgeDays: env.GRIEVANCE_ACK_DAYS,
    resolveDays: env.GRIEVANCE_RESOLVE_DAYS,
    urgentDays: env.GRIEVANCE_URGENT_DAYS,
  })
  const representative = body.representative
  await deps.db.transaction(async (tx) => {
    const id = await insertGrievance(tx, {
      groupKey: tenant.groupKey,
      reference,
      memberId: member?.id ?? null,
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      memberNumber: body.memberNumber ?? null,
      category: body.category,
      description: body.description,
      acknowledgeBy,
      resolveBy,
      patientName: body.patientName ?? null,
      officeId: office?.id ?? null,
      dateOfService: body.dateOfService ?? null,
      desiredResolution: body.desiredResolution,
      urgent: body.urgent,
      representativeName: representative?.name ?? null,
      representativeRelationship: representative?.relationship ?? null,
      representativePhone: representative?.phone ?? null,
      representativeAuthorized: representative ? representative.authorized : null,
      // Filed when the due dates are counted from (the server's clock, not the database's).
      createdAt: now,
      language,
    })
    for (const file of files) await insertAttachment(tx, id, file)
  })
  await deps.mailer.send({
    groupKey: tenant.groupKey,
    to: body.email,
    subject: fillText(words.mail_received_subject, { reference }),
    text: withLanguageAssistance(
      grievanceMailText({
        body,
        reference,
        filed: now,
        acknowledgeBy,
        resolveBy,
        resolveDays,
        office,
        files,
        planPhone,
        statement,
        statusUrl: linkTo(tenant, GRIEVANCE_STATUS_PATH),
        copy: member !== undefined && member.email === body.email,
        words,
      }),
      contentLanguageAssistance(content),
    ),
  })
  return {
    reference,
    acknowledgeDays,
    resolveDays,
    acknowledgeBy: acknowledgeBy.toISOString(),
    resolveBy: resolveBy.toISOString(),
    urgent: body.urgent,
    message: fillText(words.done_message, { reference, email: body.email }),
  }
}
