import {
  contentLanguageAssistance,
  withLanguageAssistance,
  type LanguageAssistanceWords,
} from '#schemas/language-assistance.ts'
import { z } from '#schemas/engine/zod.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { GRIEVANCE_STATUSES, type GrievanceStatus } from '#schemas/grievance-deadlines.ts'
import type {
  GRIEVANCE_EVENT_KINDS,
  staffGrievanceFiltersSchema,
  StaffGrievanceDetail,
} from '#schemas/api/grievances.ts'
import { fillGrievanceMail, grievanceMailsSchema, type GrievanceMails } from '#schemas/grievance-mails.ts'
import type { Database, Queryable } from '../../platform/db/database.ts'
import type { DbContentService } from '../content/index.ts'
import { audit, type Actor } from '../staff/index.ts'
import { linkTo } from '../members/index.ts'
import { Conflict, NotFound } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { GRIEVANCE_STATUS_PATH } from './support.ts'
import { day } from '../../platform/dates/day.ts'
import {
  setAcknowledged,
  setClosed,
  setReopened,
  setResolved,
  staffGrievanceById,
  staffGrievances,
  type StaffGrievanceRow,
} from './grievance-store.ts'
import { attachmentsOf, historyOf, insertEvent, insertResponse, responsesTo } from './grievance-detail-store.ts'

/** What the inbox works with (the API's context has it all). */
export interface StaffGrievanceDeps {
  db: Database
  tenant: Tenant
  now: () => Date
  mailer: Mailer
  /** The tenant's content: the words of the mails to the filer. */
  content: Pick<DbContentService, 'get'>
}
/** The staff member acting, and the client's address for the audit trail. */

export const STAFF_GRIEVANCE_NOT_FOUND = 'No such grievance'
const DAY_MS = 86_400_000

/** Midnight UTC of a date: days are counted on the UTC calendar, as the due dates are (schemas/grievance-deadlines.ts). */
const calendarDay = (value: Date) => Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate())

/** A clock: calendar days left until `by` (0 on its day, negative once past), overdue when not done and past. */
function clock(by: Date, doneAt: Date | null, now: Date) {
  return {
    by: by.toISOString(),
    doneAt: doneAt?.toISOString() ?? null,
    daysLeft: Math.round((calendarDay(by) - calendarDay(now)) / DAY_MS),
    overdue: doneAt === null && by.getTime() < now.getTime(),
  }
}

function rowOf(row: StaffGrievanceRow, now: Date) {
  const acknowledge = clock(row.acknowledge_by, row.acknowledged_at, now)
  const resolve = clock(row.resolve_by, row.resolved_at, now)
  return {
    id: row.id,
    reference: row.reference,
    filedAt: row.created_at.toISOString(),
    name: row.name,
    category: row.category,
    urgent: row.urgent,
    status: row.status,
    acknowledge,
    resolve,
    overdue: acknowledge.overdue || resolve.overdue,
  }
}

/** The date the next step is due by: acknowledgement, then resolution; none once resolved. */
const nextDue = (row: ReturnType<typeof rowOf>) =>
  row.acknowledge.doneAt === null ? row.acknowledge.by : row.resolve.doneAt === null ? row.resolve.by : undefined

export async function listGrievances(
  deps: Pick<StaffGrievanceDeps, 'db' | 'tenant' | 'now'>,
  filters: z.output<typeof staffGrievanceFiltersSchema>,
) {
  const now = deps.now()
  const rows = await staffGrievances(deps.db, deps.tenant.groupKey, {
    status: filters.status ?? null,
    urgent: filters.urgent === undefined ? null : filters.urgent === 'true',
  })
  const listed = rows
    .map((row) => rowOf(row, now))
    .filter((row) => filters.overdue === undefined || row.overdue === (filters.overdue === 'true'))
  // The nearest deadline first; those with nothing left due last, the newest of them first.
  return listed.sort((a, b) => {
    const [dueA, dueB] = [nextDue(a), nextDue(b)]
    if (dueA && dueB) return dueA.localeCompare(dueB) || a.id - b.id
    if (dueA || dueB) return dueA ? -1 : 1
    return b.filedAt.localeCompare(a.filedAt) || b.id - a.id
  })
}

async function find(db: Queryable, groupKey: string, id: number, lock = false): Promise<StaffGrievanceRow> {
  // Another tenant's grievance is as missing as one that does not exist.
  const row = await staffGrievanceById(db, groupKey, id, lock)
  if (!row) throw new NotFound(STAFF_GRIEVANCE_NOT_FOUND)
  return row
}

export async function grievanceDetail(
  deps: Pick<StaffGrievanceDeps, 'db' | 'tenant' | 'now'>,
  id: number,
): Promise<StaffGrievanceDetail> {
  const row = await find(deps.db, deps.tenant.groupKey, id)
  const [attachments, responses, history] = [
    await attachmentsOf(deps.db, id),
    await responsesTo(deps.db, id),
    await historyOf(deps.db, id),
  ]
  return {
    ...rowOf(row, deps.now()),
    email: row.email,
    phone: row.phone,
    memberNumber: row.member_number,
    memberId: row.member_id,
    patientName: row.patient_name,
    office: row.office,
    dateOfService: row.date_of_service,
    description: row.description,
    desiredResolution: row.desired_resolution,
    representative:
      row.representative_name && row.representative_relationship
        ? {
            name: row.representative_name,
            relationship: row.representative_relationship,
            phone: row.representative_phone,
          }
        : null,
    attachments: attachments.map((file) => ({ name: file.name, contentType: file.content_type, size: file.size })),
    responses: responses.map((response) => ({
      kind: response.kind,
      sentAt: response.sent_at.toISOString(),
      body: response.body,
    })),
    history: history.map((event) => ({
      kind: event.kind,
      at: event.at.toISOString(),
      actor: event.actor,
      text: event.text,
    })),
  }
}

export type GrievanceAction =
  | { kind: 'acknowledge'; reason?: string | undefined }
  | { kind: 'note'; text: string }
  | { kind: 'resolve'; resolution: string }
  | { kind: 'close'; reason?: string | undefined }
  | { kind: 'reopen'; reason: string }

/** Each action: the statuses it starts from, the one it leads to, its history's kind, and why it is refused otherwise. */
const TRANSITIONS = {
  acknowledge: {
    from: ['received'],
    to: () => 'acknowledged',
    event: 'acknowledged',
    refused: 'This grievance is already acknowledged.',
  },
  note: { from: GRIEVANCE_STATUSES, to: (status) => status, event: 'note', refused: '' },
  resolve: {
    from: ['received', 'acknowledged'],
    to: () => 'resolved',
    event: 'resolved',
    refused: 'Only an open grievance can be resolved: reopen it first.',
  },
  close: {
    from: ['resolved'],
    to: () => 'closed',
    event: 'closed',
    refused: 'Only a resolved grievance can be closed.',
  },
  reopen: {
    from: ['resolved', 'closed'],
    to: () => 'acknowledged',
    event: 'reopened',
    refused: 'This grievance is open: there is nothing to reopen.',
  },
} as const satisfies Record<
  GrievanceAction['kind'],
  {
    from: readonly GrievanceStatus[]
    to: (status: GrievanceStatus) => GrievanceStatus
    event: (typeof GRIEVANCE_EVENT_KINDS)[number]
    refused: string
  }
>

const actionText = (action: GrievanceAction) =>
  action.kind === 'note' ? action.text : action.kind === 'resolve' ? action.resolution : (action.reason ?? '')

const wording = z.catch(grievanceMailsSchema, grievanceMailsSchema.parse({}))

/** The words of the mails to the filer, from content (`pages.grievance-status`; today's words by default). */
async function mailWords(deps: Pick<StaffGrievanceDeps, 'tenant' | 'content'>, language: string | null) {
  const content = await deps.content.get(deps.tenant.groupKey, undefined, language ?? undefined)
  return {
    ...wording.parse(content.pages['grievance-status'] ?? {}),
    languageAssistance: contentLanguageAssistance(content),
  }
}

/**
 * The mails to the filer, in the content's words: the acknowledgement (its written text is the
 * response the member reads too) and the resolution (the staff's written decision); with the
 * reference and where to see it; the site's language assistance at the end of each.
 */
function mailTo(
  tenant: Tenant,
  words: GrievanceMails & { languageAssistance: LanguageAssistanceWords | undefined },
  row: StaffGrievanceRow,
  action: GrievanceAction,
  now: Date,
) {
  const values = {
    reference: row.reference,
    filed: day(row.created_at),
    resolve_by: day(row.resolve_by),
    date: day(now),
    company: tenant.companyName,
    status_link: linkTo(tenant, GRIEVANCE_STATUS_PATH),
  }
  if (action.kind === 'acknowledge') {
    const body = fillGrievanceMail(words.grievance_acknowledgement, values)
    return {
      subject: fillGrievanceMail(words.mail_grievance_acknowledged_subject, values),
      body,
      text: withLanguageAssistance(
        fillGrievanceMail(words.mail_grievance_acknowledged_body, { ...values, acknowledgement: body }),
        words.languageAssistance,
      ),
    }
  }
  if (action.kind === 'resolve')
    return {
      subject: fillGrievanceMail(words.mail_grievance_resolved_subject, values),
      body: action.resolution,
      text: withLanguageAssistance(
        fillGrievanceMail(words.mail_grievance_resolved_body, { ...values, resolution: action.resolution }),
        words.languageAssistance,
      ),
    }
  return undefined
}

/**
 * Takes an action on a grievance: its status moves (409 when it may not), and in one transaction
 * one history event, one audit entry, the member's written response and its mail are kept.
 */
export async function actOnGrievance(deps: StaffGrievanceDeps, actor: Actor, id: number, action: GrievanceAction) {
  const { tenant } = deps
  const now = deps.now()
  const rule = TRANSITIONS[action.kind]
  // Read before the transaction, and only for an action that mails.
  // In the grievance's language (it never changes: read outside the transaction).
  const words =
    action.kind === 'acknowledge' || action.kind === 'resolve'
      ? await mailWords(deps, (await find(deps.db, tenant.groupKey, id, false)).language)
      : undefined
  await deps.db.transaction(async (tx) => {
    const row = await find(tx, tenant.groupKey, id, true)
    if (!(rule.from as readonly GrievanceStatus[]).includes(row.status)) throw new Conflict(rule.refused)
    const status = rule.to(row.status)
    if (action.kind === 'acknowledge') await setAcknowledged(tx, id, status, now)
    if (action.kind === 'resolve') await setResolved(tx, id, status, now)
    if (action.kind === 'close') await setClosed(tx, id, status, now)
    if (action.kind === 'reopen') await setReopened(tx, id, status, now)
    const text = actionText(action)
    await insertEvent(tx, {
      grievanceId: id,
      groupKey: tenant.groupKey,
      at: now,
      actorId: actor.id,
      kind: rule.event,
      text,
    })
    const mail = words && mailTo(tenant, words, row, action, now)
    if (mail) {
      await insertResponse(tx, id, {
        kind: action.kind === 'acknowledge' ? 'acknowledgement' : 'resolution',
        body: mail.body,
        sentAt: now,
      })
      await deps.mailer.send({ groupKey: tenant.groupKey, to: row.email, subject: mail.subject, text: mail.text }, tx)
    }
    await audit.record(tx, {
      groupKey: tenant.groupKey,
      actorId: actor.id,
      action: `grievance.${action.kind}`,
      subject: `grievance:${id}`,
      ...(text ? { reason: text } : {}),
      before: { status: row.status },
      after: { status },
      address: actor.address,
    })
  })
  return grievanceDetail(deps, id)
}
