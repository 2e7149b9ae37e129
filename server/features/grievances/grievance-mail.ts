import type { z } from '#schemas/engine/zod.ts'
import { GRIEVANCE_ATTACHMENTS, type grievanceRequestSchema } from '#schemas/api/grievances.ts'
import { DMHC, dmhcStatement } from '#schemas/dmhc.ts'
import { day } from '../../platform/dates/day.ts'

export type Grievance = z.output<typeof grievanceRequestSchema>
export type AttachmentType = keyof typeof GRIEVANCE_ATTACHMENTS.types
/** A file filed with a grievance: its bytes as the base64 text they came in, their size and digest. */
export interface ReceivedFile {
  name: string
  type: AttachmentType
  base64: string
  size: number
  sha256: string
}

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
  /** The DMHC statement in the content's words (`pages.grievance-form.dmhc_statement`): the statute's by default. */
  statement?: string | undefined
  /** The page where the grievance's status is looked up by reference and email. */
  statusUrl: string
  /** Whether the mail may repeat what was filed: only to the signed-in member's own address. */
  copy: boolean
}

/**
 * The acknowledgement: the reference, the dates that follow and the department's notice; and the
 * filer's copy of every field as received, when it goes to the signed-in member's own address.
 * To any other address nothing the filer typed is repeated (the form would relay spam).
 */
export function grievanceMailText({
  body,
  reference,
  filed,
  acknowledgeBy,
  resolveBy,
  resolveDays,
  office,
  files,
  planPhone,
  statement,
  statusUrl,
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
                (file) => `- ${file.name} (${GRIEVANCE_ATTACHMENTS.types[file.type]}, ${fileSize(file.size)})`,
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
    `See its status and our responses at any time at ${statusUrl}, with the reference and this email address.`,
    ...(body.urgent
      ? [
          `You told us this is urgent: a serious threat to your health. You do not have to wait for our decision: you may call the California Department of Managed Health Care now at ${DMHC.phone} (TDD ${DMHC.tdd}).`,
        ]
      : []),
    ...received,
    dmhcStatement(planPhone, statement),
  ].join('\n\n')
}
