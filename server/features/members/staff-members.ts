import { MEMBER_SEARCH_LIMIT, type MemberSearchRow, type StaffMemberRecord } from '#schemas/api/members.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { PG_INT_MAX } from '#schemas/api/common.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { memberProfile } from '../../platform/auth/account-store.ts'
import { mailsTo } from '../../platform/mail/outbox-store.ts'
import { NotFound } from '../../platform/errors.ts'
import { grievances } from '../grievances/index.ts'
import { writtenCancellationsOf } from './cancellation-store.ts'
import { memberHistory } from './member-cancellation.ts'
import { searchRows, type MemberSearch } from './member-store.ts'
import { addressOf, memberNumber, members } from './members.ts'
import { renewalToldOf } from './membership-store.ts'
import { cardNameOf, refundsOf } from './payment-store.ts'
import { publishedLanguages, SITE_LANGUAGE, type DbContentService } from '../content/index.ts'

/** The search's statement, as the plan test runs it. */
export { searchStatement } from './member-store.ts'

/** What reading a member works with (the API's context has it all). */
export interface StaffMemberDeps {
  db: Queryable
  tenant: Tenant
  now: () => Date
  content: Pick<DbContentService, 'get'>
}

export const MEMBER_NOT_FOUND = 'No such member'

/** The first text after every text that starts with `prefix` (its last character moved on by one). */
export const prefixEnd = (prefix: string) => {
  const last = prefix.codePointAt(prefix.length - 1)!
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1))
  return head + String.fromCodePoint(last + 1)
}
const prefix = (kind: Exclude<MemberSearch['kind'], 'member_number'>, from: string): MemberSearch => ({
  kind,
  from,
  to: prefixEnd(from),
})

/**
 * An email when it has an @; a member number when it is three letters then digits (a dependent's
 * `-01` ignored: it finds the member), of this tenant or none; phone digits when it is only digits
 * and a phone's punctuation (a leading +1, or the 1 of eleven digits, dropped); a name's start otherwise
 * ("Silva", "silva an", "Silva, Ana").
 */
export function readSearch(q: string, groupKey: string): MemberSearch {
  const text = q.trim().toLowerCase()
  if (text.includes('@')) return prefix('email', text)
  const number = /^([a-z]{3})\s*(\d{1,10})(?:-\d{1,2})?$/.exec(text.replace(/\s+/g, ''))
  if (number) {
    const id = Number(number[2])
    const ours = number[1] === groupKey.slice(0, 3).toLowerCase() && id > 0 && id <= PG_INT_MAX
    return { kind: 'member_number', id: ours ? id : null }
  }
  if (/^[\d\s().+-]+$/.test(text) && text.replace(/\D/g, '').length >= 3) {
    // The country code (+1, or a 1 before ten digits) is not part of the stored number.
    const digits = text.replace(/^\s*\+\s*1/, '').replace(/\D/g, '')
    return prefix('phone', digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits)
  }
  return prefix('name', text.replace(/,/g, ' ').replace(/\s+/g, ' ').trim())
}

/** The members matching what was typed, in the order of the form searched: at most 25, and whether there are more. */
export async function searchMembers(deps: Pick<StaffMemberDeps, 'db' | 'tenant'>, q: string) {
  const { groupKey } = deps.tenant
  const search = readSearch(q, groupKey)
  if (search.kind === 'member_number' && search.id === null) return { kind: search.kind, members: [], more: false }
  const rows = await searchRows(deps.db, search, groupKey)
  return {
    kind: search.kind,
    members: rows.slice(0, MEMBER_SEARCH_LIMIT).map((row): MemberSearchRow => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      memberNumber: memberNumber(groupKey, row.id),
      phone: row.phone,
      status: row.status,
    })),
    more: rows.length > MEMBER_SEARCH_LIMIT,
  }
}

/** A member of the tenant (another tenant's, or a staff account, is as missing as one that does not exist). */
export async function findMember(db: Queryable, groupKey: string, id: number) {
  const row = await memberProfile(db, groupKey, id)
  if (!row) throw new NotFound(MEMBER_NOT_FOUND)
  return row
}
export type MemberRow = Awaited<ReturnType<typeof findMember>>

/** The contact details member services may correct, as the audit trail keeps them before and after. */
export const contactOf = (row: MemberRow) => ({
  email: row.email,
  phone: row.phone,
  address: addressOf(row),
})

/** A member's record: what the member's own pages show (read by the same services), and the mails sent to them. */
export async function memberRecord(deps: StaffMemberDeps, id: number): Promise<StaffMemberRecord> {
  const { db } = deps
  const { groupKey } = deps.tenant
  const row = await findMember(db, groupKey, id)
  const receipts = await members.receipts(db, groupKey, id)
  const refunds = receipts.length
    ? await refundsOf(
        db,
        groupKey,
        receipts.map((receipt) => receipt.id),
      )
    : []
  const card = await cardNameOf(db, groupKey, id)
  const published = await publishedLanguages(deps)
  // The outbox keeps every mail by its address: those sent to the member's address today.
  const mails = await mailsTo(db, groupKey, row.email)
  const contact = contactOf(row)
  const subscription = await members.subscription(db, groupKey, id, deps.now())
  return {
    id,
    memberNumber: memberNumber(groupKey, id),
    firstName: row.first_name,
    lastName: row.last_name,
    ...contact,
    dateOfBirth: row.date_of_birth,
    joinedAt: row.created_at.toISOString(),
    // The language the member's mail is written in: theirs while the site publishes it.
    language: row.language !== null && published.includes(row.language) ? row.language : SITE_LANGUAGE,
    balanceCents: row.balance_cents,
    subscription,
    history: await memberHistory(db, groupKey, id),
    dependents: await members.dependents(db, groupKey, id),
    receipts: receipts.map((receipt) => ({
      ...receipt,
      refunds: refunds
        .filter((refund) => refund.receipt_id === receipt.id)
        .map((refund) => ({
          amountCents: refund.amount_cents,
          reason: refund.reason,
          at: refund.created_at.toISOString(),
        })),
    })),
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    grievances: (await grievances.rowsOfMember(db, groupKey, id)).map((grievance) => ({
      id: grievance.id,
      reference: grievance.reference,
      filedAt: grievance.created_at.toISOString(),
      category: grievance.category,
      status: grievance.status,
      urgent: grievance.urgent,
    })),
    mails: mails.map((mail) => ({
      subject: mail.subject,
      at: mail.created_at.toISOString(),
      sentAt: mail.sent_at?.toISOString() ?? null,
    })),
    renewalTold: subscription ? await renewalTold(db, subscription.id) : null,
    writtenCancellations: await writtenCancellations(db, groupKey, id),
  }
}

/** The written cancellation requests recorded for a member, newest first (the record shows them). */
export async function writtenCancellations(db: Queryable, groupKey: string, memberId: number) {
  const rows = await writtenCancellationsOf(db, groupKey, memberId)
  return rows.map((row) => ({
    requestedOn: row.requested_on,
    recordedAt: row.recorded_at.toISOString(),
    outcome: row.outcome,
    endsAt: row.ends_at.toISOString(),
    refundCents: row.refund_cents,
  }))
}

/** The renewal price the member was last told, when and how (null: none recorded). */
export async function renewalTold(db: Queryable, subscriptionId: number) {
  const row = await renewalToldOf(db, subscriptionId)
  if (!row || row.renewal_cents === null) return null
  return { amountCents: row.renewal_cents, at: row.renewal_told_at?.toISOString() ?? null, by: row.renewal_told_by }
}
