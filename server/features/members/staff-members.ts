import { z } from '#schemas/engine/zod.ts'
import { membershipStateSchema } from '#schemas/membership-lifecycle.ts'
import {
  MEMBER_SEARCH_LIMIT,
  type MEMBER_SEARCH_KINDS,
  type MemberSearchRow,
  type StaffMemberRecord,
} from '#schemas/api/staff-members.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { PG_INT_MAX } from '#schemas/api/common.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'
import { NotFound } from '../../platform/errors.ts'
import { grievances } from '../grievances/index.ts'
import { memberHistory } from './member-cancellation.ts'
import { memberNumber, members, memberUserRow } from './members.ts'

/** What reading a member works with (the API's context has it all). */
export interface StaffMemberDeps {
  db: Queryable
  tenant: Tenant
  now: () => Date
}

export const MEMBER_NOT_FOUND = 'No such member'

type SearchKind = (typeof MEMBER_SEARCH_KINDS)[number]

/**
 * What was typed, read as one form of search. Each form is a range of its own index (migration
 * 019): a prefix `p` is `p ~>=~ value ~<~ upper(p)`, text_pattern_ops' byte order, so a prepared
 * statement's generic plan uses the index as well as a custom plan does.
 */
export type MemberSearch =
  | { kind: Exclude<SearchKind, 'member_number'>; from: string; to: string }
  | { kind: 'member_number'; id: number | null }

/** The first text after every text that starts with `prefix` (its last character moved on by one). */
export const prefixEnd = (prefix: string) => {
  const last = prefix.codePointAt(prefix.length - 1)!
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1))
  return head + String.fromCodePoint(last + 1)
}
const prefix = (kind: Exclude<SearchKind, 'member_number'>, from: string): MemberSearch => ({
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

/** The indexed expression of each form (exactly as migration 019 writes it, or the index is not used). */
export const SEARCH_EXPRESSIONS = {
  name: "lower(u.last_name || ' ' || u.first_name)",
  email: 'lower(u.email)',
  phone: "regexp_replace(u.phone, '\\D', '', 'g')",
} as const

const searchRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  status: z.nullable(membershipStateSchema),
})

/** The statement and parameters of a search (the bench and the plan test run it as the API does). */
export function searchStatement(search: MemberSearch, groupKey: string, limit = MEMBER_SEARCH_LIMIT + 1) {
  const where =
    search.kind === 'member_number'
      ? { sql: 'u.id = $2', params: [search.id ?? 0], order: 'u.id' }
      : {
          sql: `${SEARCH_EXPRESSIONS[search.kind]} ~>=~ $2 AND ${SEARCH_EXPRESSIONS[search.kind]} ~<~ $3`,
          params: [search.from, search.to],
          order: `${SEARCH_EXPRESSIONS[search.kind]} USING ~<~`,
        }
  // The latest membership's state by the member's own index (subscriptions_member), for the rows shown only.
  return {
    sql: `SELECT u.id, u.first_name, u.last_name, u.email, u.phone,
            (SELECT s.status FROM subscriptions s WHERE s.group_key = u.group_key AND s.member_id = u.id ORDER BY s.id DESC LIMIT 1) AS status
       FROM users u
      WHERE u.group_key = $1 AND u.role = 'member' AND ${where.sql}
      ORDER BY ${where.order} LIMIT ${limit}`,
    params: [groupKey, ...where.params],
  }
}

/** The members matching what was typed, in the order of the form searched: at most 25, and whether there are more. */
export async function searchMembers(deps: Pick<StaffMemberDeps, 'db' | 'tenant'>, q: string) {
  const { groupKey } = deps.tenant
  const search = readSearch(q, groupKey)
  if (search.kind === 'member_number' && search.id === null) return { kind: search.kind, members: [], more: false }
  const statement = searchStatement(search, groupKey)
  const rows = await many(deps.db, searchRow, statement.sql, statement.params)
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

const memberRow = z.extend(memberUserRow, { created_at: z.coerce.date() })

/** A member of the tenant (another tenant's, or a staff account, is as missing as one that does not exist). */
export async function findMember(db: Queryable, groupKey: string, id: number) {
  const row = await maybeOne(
    db,
    memberRow,
    `SELECT id, email, first_name, last_name, phone, address_line, city, state, zip, date_of_birth::text AS date_of_birth, balance_cents, created_at
       FROM users WHERE group_key = $1 AND id = $2 AND role = 'member'`,
    [groupKey, id],
  )
  if (!row) throw new NotFound(MEMBER_NOT_FOUND)
  return row
}
export type MemberRow = z.output<typeof memberRow>

/** The contact details member services may correct, as the audit trail keeps them before and after. */
export const contactOf = (row: MemberRow) => ({
  email: row.email,
  phone: row.phone,
  address:
    row.address_line && row.city && row.state && row.zip
      ? { line: row.address_line, city: row.city, state: row.state, zip: row.zip }
      : null,
})

/** How many of the latest mails a record lists. */
const MAILS = 50

/** A member's record: what the member's own pages show (read by the same services), and the mails sent to them. */
export async function memberRecord(deps: StaffMemberDeps, id: number): Promise<StaffMemberRecord> {
  const { db } = deps
  const { groupKey } = deps.tenant
  const row = await findMember(db, groupKey, id)
  const receipts = await members.receipts(db, groupKey, id)
  const refunds = receipts.length
    ? await many(
        db,
        z.object({ receipt_id: z.number(), amount_cents: z.number(), reason: z.string(), created_at: z.coerce.date() }),
        'SELECT receipt_id, amount_cents, reason, created_at FROM refunds WHERE group_key = $1 AND receipt_id = ANY($2::int[]) ORDER BY created_at, id',
        [groupKey, receipts.map((receipt) => String(receipt.id))],
      )
    : []
  const card = await maybeOne(
    db,
    z.object({ brand: z.string(), last4: z.string() }),
    'SELECT brand, last4 FROM payment_methods WHERE group_key = $1 AND member_id = $2',
    [groupKey, id],
  )
  // The outbox keeps every mail by its address: those sent to the member's address today.
  const mails = await many(
    db,
    z.object({ subject: z.string(), created_at: z.coerce.date(), sent_at: z.nullable(z.coerce.date()) }),
    `SELECT subject, created_at, sent_at FROM outbox WHERE group_key = $1 AND lower(recipient) = lower($2) ORDER BY id DESC LIMIT ${MAILS}`,
    [groupKey, row.email],
  )
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
  const rows = await many(
    db,
    z.object({
      requested_on: z.string(),
      recorded_at: z.coerce.date(),
      outcome: z.enum(['now', 'at_period_end']),
      ends_at: z.coerce.date(),
      refund_cents: z.number(),
    }),
    `SELECT requested_on::text AS requested_on, recorded_at, outcome, ends_at, refund_cents
       FROM written_cancellations WHERE group_key = $1 AND member_id = $2 ORDER BY recorded_at DESC, id DESC`,
    [groupKey, memberId],
  )
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
  const row = await maybeOne(
    db,
    z.object({
      renewal_cents: z.nullable(z.number()),
      renewal_told_at: z.nullable(z.coerce.date()),
      renewal_told_by: z.nullable(z.string()),
    }),
    'SELECT renewal_cents, renewal_told_at, renewal_told_by FROM subscriptions WHERE id = $1',
    [subscriptionId],
  )
  if (!row || row.renewal_cents === null) return null
  return { amountCents: row.renewal_cents, at: row.renewal_told_at?.toISOString() ?? null, by: row.renewal_told_by }
}
