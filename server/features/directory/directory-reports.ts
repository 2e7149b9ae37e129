import { randomBytes } from 'node:crypto'
import type { z } from '#schemas/engine/zod.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { directoryReportSchema } from '#schemas/api/directory.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { Invalid } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { addBusinessDays } from '../../platform/dates/business-days.ts'
import { officeName, providerWithOffice } from './office-store.ts'
import { insertReport } from './report-store.ts'

/** PostgreSQL text cannot hold U+0000: a report keeps the rest of what was typed. */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD')

type DirectoryReport = z.output<typeof directoryReportSchema>

/** What a report says is wrong, in words for the mails. */
export const REPORTED_FIELDS: Record<DirectoryReport['field'], string> = {
  name: 'the name',
  'address-or-phone': 'the address or phone number',
  specialty: 'the specialty',
  'accepting-new-patients': 'whether new patients are accepted',
  languages: 'the languages',
  accessibility: 'the accessibility',
  'licence-or-npi': 'the licence or NPI',
  other: 'another detail',
}

/**
 * Files a report that the directory is wrong, with a reference, and acknowledges it by mail: the
 * plan investigates and corrects within 30 business days (H&S §1367.27(e)). The provider and the
 * office must be the tenant's; named together, the provider must practise at the office.
 */
export async function reportDirectoryError(
  deps: { db: Queryable; tenant: Tenant; now: () => Date; mailer: Mailer },
  body: DirectoryReport,
) {
  const { db, tenant } = deps
  const { groupKey } = tenant
  const provider = body.providerId === undefined ? undefined : await providerWithOffice(db, groupKey, body.providerId)
  if (body.providerId !== undefined && !provider)
    throw new Invalid('We do not know that provider', [
      { path: ['body', 'providerId'], message: 'Choose a provider from the directory' },
    ])
  const office = body.officeId === undefined ? undefined : await officeName(db, groupKey, body.officeId)
  if (body.officeId !== undefined && !office)
    throw new Invalid('We do not know that office', [
      { path: ['body', 'officeId'], message: 'Choose an office from the directory' },
    ])
  if (provider && body.officeId !== undefined && provider.office_id !== body.officeId) {
    throw new Invalid('That provider does not practise at that office', [
      { path: ['body', 'officeId'], message: 'Choose the office where the provider practises' },
    ])
  }
  const now = deps.now()
  const reference = `DIR-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`
  const correctBy = addBusinessDays(now, 30)
  const details = storable(body.details)
  const name = body.name ? storable(body.name) : null
  await insertReport(db, {
    groupKey,
    reference,
    providerId: body.providerId ?? null,
    officeId: body.officeId ?? provider?.office_id ?? null,
    field: body.field,
    details,
    name,
    email: body.email,
    correctBy,
    createdAt: now,
  })
  const about = provider ? `${provider.name} at ${provider.office_name}` : (office?.name ?? '')
  await deps.mailer.send({
    groupKey,
    to: body.email,
    subject: `Directory report ${reference} received`,
    // Fixed words and the directory's own data: nothing the sender typed goes to an address nobody has verified.
    text:
      `Hello,\n\nThank you for telling us that our provider directory may be wrong about ${REPORTED_FIELDS[body.field]} of ${about}. ` +
      `Your report has the reference ${reference}. We will investigate it and correct the directory within 30 business days (by ${correctBy.toISOString().slice(0, 10)}), ` +
      `as California law requires (Health and Safety Code §1367.27(e)).\n\nIf you did not write to us, you can ignore this mail.\n\n${tenant.companyName}`,
  })
  return {
    reference,
    message: `Thank you. Your report ${reference} will be investigated and the directory corrected within 30 business days. We sent a confirmation to ${body.email}.`,
  }
}
