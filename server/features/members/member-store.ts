import { z } from '#schemas/engine/zod.ts'
import { membershipStateSchema } from '#schemas/membership-lifecycle.ts'
import { MEMBER_SEARCH_LIMIT, type MEMBER_SEARCH_KINDS } from '#schemas/api/members.ts'
import { many, maybeOne, one, type Queryable } from '../../platform/db/database.ts'
import { planAtSql, planRow } from '../plans/index.ts'
import { subscriptionRow } from './membership-store.ts'

/**
 * A member as their pages and member services read them: their dependents, their latest membership
 * with its plans, and the member's own row through the `people` view (migration 028).
 */

export const dependentRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string(),
  relationship: z.enum(['spouse', 'partner', 'child', 'other']),
  plan_id: z.nullable(z.number()),
})
const DEPENDENT_COLUMNS = 'id, first_name, last_name, date_of_birth, relationship, plan_id'

// --- Dependents ----------------------------------------------------------------------------------

export const dependentsOf = (db: Queryable, groupKey: string, memberId: number) =>
  many(
    db,
    dependentRow,
    'SELECT id, first_name, last_name, date_of_birth, relationship, plan_id FROM dependents WHERE group_key = $1 AND member_id = $2 ORDER BY id',
    [groupKey, memberId],
  )

/** Whether the dependent is the member's. */
export async function isOwnDependent(db: Queryable, groupKey: string, memberId: number, dependentId: number) {
  const found = await maybeOne(
    db,
    z.pick(dependentRow, { id: true }),
    'SELECT id FROM dependents WHERE group_key = $1 AND id = $2 AND member_id = $3',
    [groupKey, dependentId, memberId],
  )
  return found !== undefined
}

interface DependentFields {
  firstName: string
  lastName: string
  dateOfBirth: string
  relationship: z.infer<typeof dependentRow>['relationship']
  planId: number | null
}

export const insertDependentRow = (tx: Queryable, groupKey: string, memberId: number, person: DependentFields) =>
  one(
    tx,
    dependentRow,
    `INSERT INTO dependents (group_key, member_id, first_name, last_name, date_of_birth, relationship, plan_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${DEPENDENT_COLUMNS}`,
    [groupKey, memberId, person.firstName, person.lastName, person.dateOfBirth, person.relationship, person.planId],
  )

export const updateDependentRow = (db: Queryable, groupKey: string, dependentId: number, person: DependentFields) =>
  one(
    db,
    dependentRow,
    `UPDATE dependents SET first_name = $3, last_name = $4, date_of_birth = $5, relationship = $6, plan_id = $7 WHERE group_key = $1 AND id = $2 RETURNING ${DEPENDENT_COLUMNS}`,
    [groupKey, dependentId, person.firstName, person.lastName, person.dateOfBirth, person.relationship, person.planId],
  )

export async function deleteDependent(db: Queryable, groupKey: string, dependentId: number) {
  await db.query('DELETE FROM dependents WHERE group_key = $1 AND id = $2', [groupKey, dependentId])
}

// --- The member's latest membership --------------------------------------------------------------

const pricedMembershipRow = z.extend(
  z.pick(subscriptionRow, {
    id: true,
    plan_id: true,
    billing_cycle: true,
    status: true,
    auto_renew: true,
    started_at: true,
    renews_at: true,
    ends_at: true,
    next_retry_at: true,
    charge_not_before: true,
    renewal_cents: true,
    prior_renewal_cents: true,
    renewal_applies_from: true,
    time_zone: true,
  }),
  {
    plan_name: z.string(),
    office_id: z.nullable(z.number()),
    office_name: z.nullable(z.string()),
    coupon_code: z.nullable(z.string()),
    plan: planRow,
    dependents: z.array(z.object({ id: z.number(), plan: z.nullable(planRow) })),
  },
)

/**
 * The member's latest membership with its office, its plan and each dependent's own, with the
 * price changes scheduled by `at`. One statement: the jobs price every renewal with it
 * (bench/renewals.ts), and on the embedded database every statement is a round trip.
 */
export const latestWithPlans = (db: Queryable, groupKey: string, memberId: number, at: Date) =>
  maybeOne(
    db,
    pricedMembershipRow,
    `SELECT s.id, s.plan_id, p.name AS plan_name, s.office_id, o.name AS office_name, s.billing_cycle, s.status, s.auto_renew, s.started_at, s.renews_at, s.ends_at, s.next_retry_at, s.coupon_code, s.charge_not_before, s.renewal_cents, s.prior_renewal_cents, s.renewal_applies_from, s.time_zone,
              ${planAtSql('p', '$3::timestamptz')} AS plan,
              COALESCE((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'plan', ${planAtSql('dp', '$3::timestamptz')}) ORDER BY d.id)
                          FROM dependents d LEFT JOIN plan_catalog dp ON dp.group_key = d.group_key AND dp.id = d.plan_id
                         WHERE d.group_key = s.group_key AND d.member_id = s.member_id), '[]') AS dependents
         FROM subscriptions s JOIN plan_catalog p ON p.id = s.plan_id LEFT JOIN office_directory o ON o.id = s.office_id
        WHERE s.group_key = $1 AND s.member_id = $2 ORDER BY s.id DESC LIMIT 1`,
    [groupKey, memberId, at],
  )

/** The member and first name of a membership of the tenant (a renewal link names it). */
export const memberOfMembership = (db: Queryable, groupKey: string, subscriptionId: number) =>
  maybeOne(
    db,
    z.object({ member_id: z.number(), first_name: z.string() }),
    'SELECT s.member_id, u.first_name FROM subscriptions s JOIN people u ON u.id = s.member_id WHERE s.id = $1 AND s.group_key = $2',
    [subscriptionId, groupKey],
  )

// --- The member's own row (the people view) -----------------------------------------------------

/** The member's state (their address's): the policy's rules differ by state. */
export async function homeState(db: Queryable, memberId: number): Promise<string | null> {
  const { state } = await one(
    db,
    z.object({ state: z.nullable(z.string()) }),
    'SELECT state FROM people WHERE id = $1',
    [memberId],
  )
  return state
}

export async function emailOf(db: Queryable, memberId: number): Promise<string> {
  const { email } = await one(db, z.object({ email: z.string() }), 'SELECT email FROM people WHERE id = $1', [memberId])
  return email
}

// --- Member search -------------------------------------------------------------------------------

type SearchKind = (typeof MEMBER_SEARCH_KINDS)[number]

/**
 * What was typed, read as one form of search. Each form is a range of its own index (migration
 * 019): a prefix `p` is `p ~>=~ value ~<~ upper(p)`, text_pattern_ops' byte order, so a prepared
 * statement's generic plan uses the index as well as a custom plan does.
 */
export type MemberSearch =
  | { kind: Exclude<SearchKind, 'member_number'>; from: string; to: string }
  | { kind: 'member_number'; id: number | null }

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
       FROM people u
      WHERE u.group_key = $1 AND u.role = 'member' AND ${where.sql}
      ORDER BY ${where.order} LIMIT ${limit}`,
    params: [groupKey, ...where.params],
  }
}

/** The members a search finds, in its form's order (one more than are shown: whether there are more). */
export function searchRows(db: Queryable, search: MemberSearch, groupKey: string) {
  const statement = searchStatement(search, groupKey)
  return many(db, searchRow, statement.sql, statement.params)
}
