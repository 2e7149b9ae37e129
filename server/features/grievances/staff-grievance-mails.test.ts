import { describe, expect, it } from 'vitest'
import type { GrievanceRequest, GrievanceSummary } from '#schemas/api/grievances.ts'
import { contentLanguageAssistance, languageAssistanceText } from '#schemas/language-assistance.ts'
import { z } from '#schemas/engine/zod.ts'
import { fillText } from '#schemas/fill-text.ts'
import { grievanceMailsSchema, grievanceReceiptSchema } from '#schemas/grievance-mails.ts'
import { one } from '../../platform/db/database.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { fileGrievance, staffClock } from '../../test-staff-setup.ts'
import { DATABASES, defaultTenant, SUPPORT, useTestServer, type TestServer } from '../../test-harness.ts'

const INBOX = '/api/v4/staff/grievances'
const clock = staffClock('2026-06-01T09:00:00Z')

const grievance: GrievanceRequest = {
  name: 'Ana Silva',
  email: 'worded@example.com',
  category: 'billing',
  description: 'I was charged twice.',
  desiredResolution: 'Refund the second charge.',
}

const file = (server: TestServer) => fileGrievance(server, server.client(undefined, '198.19.3.1'), grievance)

/** The grievance status page's content, with the mails' words changed, published. */
async function reword(server: TestServer, words: Record<string, string>) {
  const { content } = server.deps
  const draft = await content.draft(defaultTenant.groupKey)
  const changed = structuredClone(draft.content) as { pages?: Record<string, Record<string, unknown>> }
  changed.pages = { ...changed.pages, 'grievance-status': { ...changed.pages?.['grievance-status'], ...words } }
  await content.saveDraft(defaultTenant.groupKey, changed, draft.revision, 'editor@example.com')
  await content.publish(defaultTenant.groupKey, 'grievance mails reworded', 'editor@example.com')
}

describe.each(DATABASES)('the mails of member services to a grievance’s filer (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  // Saving and publishing content is slow the first time (its schemas load): a longer timeout.
  it('are worded as the content says (pages.grievance-status), the acknowledgement the member reads too', async () => {
    const { id, reference } = await file(server)
    const support = await clock.staff(server, SUPPORT)
    // Today's words first.
    await support.json(`${INBOX}/${id}/acknowledge`, { method: 'POST', body: {} })
    const [ack] = await outbox(server.deps.db, defaultTenant.groupKey, 1)
    // Every mail to the filer ends with the site's language assistance (California's taglines).
    const words = contentLanguageAssistance(await server.deps.content.get(defaultTenant.groupKey))!
    expect(words.taglines.length).toBeGreaterThan(10)
    const assistance = `\n\n${languageAssistanceText(words)}`
    expect(ack).toMatchObject({
      recipient: grievance.email,
      subject: `Grievance ${reference} acknowledged`,
      body: `Hello,\n\nWe acknowledge your grievance ${reference}, received on 2026-06-01. We are looking into it and will send our written decision by 2026-07-01.\n\nSee its status and our responses at ${defaultTenant.publicUrl}/grievance-form/status with the reference and this email address.${assistance}`,
    })

    await reword(server, {
      grievance_acknowledgement:
        '{company} has your grievance {reference} since {filed}; a decision comes by {resolve_by}.',
      mail_grievance_acknowledged_subject: 'We have your grievance ({reference})',
      mail_grievance_acknowledged_body: 'Dear member,\n\n{acknowledgement}\n\nFollow it: {status_link}',
      mail_grievance_resolved_subject: 'Decision on {reference}',
      mail_grievance_resolved_body: 'Dear member,\n\nDecided on {date}:\n{resolution}',
    })
    await support.json(`${INBOX}/${id}/resolve`, { method: 'POST', body: { resolution: 'Refunded {in full}.' } })
    await support.json(`${INBOX}/${id}/reopen`, { method: 'POST', body: { reason: 'The member called.' } })
    const second = await file(server)
    await support.json(`${INBOX}/${second.id}/acknowledge`, { method: 'POST', body: {} })
    const mails = await outbox(server.deps.db, defaultTenant.groupKey, 10)
    const resolved = mails.find((mail) => mail.subject === `Decision on ${reference}`)
    const secondAck = mails.find((mail) => mail.subject === `We have your grievance (${second.reference})`)
    expect(resolved).toMatchObject({
      // The staff's text is the member's as written: its braces are no placeholders.
      body: `Dear member,\n\nDecided on 2026-06-01:\nRefunded {in full}.${assistance}`,
    })
    const acknowledgement = `${defaultTenant.companyName} has your grievance ${second.reference} since 2026-06-01; a decision comes by 2026-07-01.`
    expect(secondAck).toMatchObject({
      recipient: grievance.email,
      body: `Dear member,\n\n${acknowledgement}\n\nFollow it: ${defaultTenant.publicUrl}/grievance-form/status${assistance}`,
    })
    // The written acknowledgement the status page shows is the content's too.
    const status = await server
      .client(undefined, '198.19.3.2')
      .json<{ grievance: GrievanceSummary }>('/api/v4/grievance/status', {
        method: 'POST',
        body: { reference: second.reference, email: grievance.email },
      })
    expect(status.body.grievance.responses).toEqual([
      { kind: 'acknowledgement', sentAt: clock.now().toISOString(), body: acknowledgement },
    ])
  }, 30_000)

  it('are written in the language of the page it was filed on: the receipt, the page’s sentence, the acknowledgement', async () => {
    const { content } = server.deps
    const groupKey = defaultTenant.groupKey
    const words = async (language?: string) => {
      const pages = (await content.get(groupKey, undefined, language)).pages
      return {
        ...grievanceReceiptSchema.parse(pages['grievance-form'] ?? {}),
        ...grievanceMailsSchema.parse(pages['grievance-status'] ?? {}),
      }
    }
    const [english, spanish] = [await words(), await words('es')]
    // The site publishes Spanish with its own words for these.
    expect(spanish.mail_received_subject).not.toBe(english.mail_received_subject)
    expect(spanish.mail_grievance_acknowledged_subject).not.toBe(english.mail_grievance_acknowledged_subject)

    // As the Spanish page's API client sends it (engine/api-request.ts).
    const filed = await server
      .client(undefined, '198.19.3.3')
      .json<{ reference: string; message: string }>('/api/v4/grievance', {
        method: 'POST',
        body: grievance,
        headers: { 'accept-language': 'es' },
      })
    expect(filed.status).toBe(201)
    const { reference } = filed.body
    expect(filed.body.message).toBe(fillText(spanish.done_message, { reference, email: grievance.email }))
    const [receipt] = await outbox(server.deps.db, groupKey, 1)
    expect(receipt?.subject).toBe(fillText(spanish.mail_received_subject, { reference }))
    expect(receipt?.body.startsWith(spanish.mail_received_greeting_other)).toBe(true)

    const { id } = await one(
      server.deps.db,
      z.object({ id: z.number() }),
      'SELECT id FROM grievances WHERE reference = $1',
      [reference],
    )
    const support = await clock.staff(server, SUPPORT)
    await support.json(`${INBOX}/${id}/acknowledge`, { method: 'POST', body: {} })
    const [ack] = await outbox(server.deps.db, groupKey, 1)
    expect(ack?.subject).toBe(fillText(spanish.mail_grievance_acknowledged_subject, { reference }))
  })
})
