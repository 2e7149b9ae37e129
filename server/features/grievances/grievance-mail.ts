import type { z } from '#schemas/engine/zod.ts'
import { GRIEVANCE_ATTACHMENTS, type grievanceRequestSchema } from '#schemas/api/grievances.ts'
import { DMHC, dmhcStatement } from '#schemas/dmhc.ts'
import { fillText } from '#schemas/fill-text.ts'
import { categoryName, type GrievanceCategoryWords, type GrievanceReceiptWords } from '#schemas/grievance-mails.ts'
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
  /** The mail's words, in the grievance's language (`pages.grievance-form`: schemas/grievance-mails.ts). */
  words: GrievanceReceiptWords & GrievanceCategoryWords
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
  words,
}: GrievanceMail): string {
  const representative = body.representative
  const category = categoryName(words, body.category)
  const fields: [string, string | undefined][] = [
    [words.mail_field_member, body.name],
    [words.mail_field_email, body.email],
    [words.mail_field_phone, body.phone],
    [words.mail_field_member_number, body.memberNumber],
    [words.mail_field_patient, body.patientName],
    [words.mail_field_office, office && `${office.name}, ${office.city}`],
    [words.mail_field_date, body.dateOfService],
    [words.mail_field_category, category],
    [words.mail_field_urgent, body.urgent ? words.mail_yes : words.mail_no],
    [
      words.mail_field_filed_by,
      representative &&
        fillText(representative.phone ? words.mail_filed_by_phone : words.mail_filed_by, {
          name: representative.name,
          relationship: representative.relationship,
          phone: representative.phone ?? '',
        }),
    ],
  ]
  const received = copy
    ? [
        [
          words.mail_received_copy,
          ...fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
        ].join('\n'),
        files.length
          ? [
              words.mail_attached,
              ...files.map(
                (file) => `- ${file.name} (${GRIEVANCE_ATTACHMENTS.types[file.type]}, ${fileSize(file.size)})`,
              ),
            ].join('\n')
          : words.mail_attached_none,
        `${words.mail_what_happened}\n${body.description}`,
        `${words.mail_resolution_wanted}\n${body.desiredResolution}`,
      ]
    : [
        fillText(words.mail_not_repeated, {
          category,
          files: fillText(files.length === 1 ? words.mail_one_file : words.mail_many_files, {
            count: String(files.length),
          }),
          phone: planPhone,
        }),
      ]
  const dates = {
    filed: day(filed),
    reference,
    acknowledge_by: day(acknowledgeBy),
    resolve_by: day(resolveBy),
    resolve_days: String(resolveDays),
  }
  return [
    copy ? fillText(words.mail_received_greeting, { name: body.name }) : words.mail_received_greeting_other,
    fillText(copy ? words.mail_received_intro : words.mail_received_intro_other, dates),
    fillText(words.mail_received_status, { status_link: statusUrl }),
    ...(body.urgent ? [fillText(words.mail_received_urgent, { dmhc_phone: DMHC.phone, dmhc_tdd: DMHC.tdd })] : []),
    ...received,
    dmhcStatement(planPhone, statement),
  ].join('\n\n')
}
