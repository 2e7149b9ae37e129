import { z } from '#schemas/engine/zod.ts'
import type { Dependent, dependentInputSchema } from '#schemas/api/member.ts'
import { maybeOne, one, type Queryable } from '../../platform/db/database.ts'
import { catalog } from '../directory/index.ts'
import { notFound } from '../../platform/errors.ts'
import { dependentRow, members, toDependent } from './members.ts'
import { requireCoveringMembership } from './membership-purchase.ts'
import { requireOfferedPlan, requireRoomForDependent } from '../plans/index.ts'

type DependentInput = z.output<typeof dependentInputSchema>
const COLUMNS = 'id, first_name, last_name, date_of_birth, relationship, plan_id'

/** Another member's dependent answers exactly as a missing one: a 403 would say that it exists. */
export async function requireOwnDependent(
  db: Queryable,
  groupKey: string,
  memberId: number,
  dependentId: number,
  what = 'Dependent',
): Promise<void> {
  const found = await maybeOne(
    db,
    z.object({ id: z.number() }),
    'SELECT id FROM dependents WHERE group_key = $1 AND id = $2 AND member_id = $3',
    [groupKey, dependentId, memberId],
  )
  if (!found) throw notFound(what)
}

/** Adds a dependent to a member (in the caller's transaction, when it is an order's). */
export async function insertDependent(
  tx: Queryable,
  groupKey: string,
  memberId: number,
  person: Omit<DependentInput, 'planId'> & { planId: number | null },
): Promise<Dependent> {
  const row = await one(
    tx,
    dependentRow,
    `INSERT INTO dependents (group_key, member_id, first_name, last_name, date_of_birth, relationship, plan_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [groupKey, memberId, person.firstName, person.lastName, person.dateOfBirth, person.relationship, person.planId],
  )
  return toDependent(row)
}

/** A member's dependents, added, changed and removed: within the plan's room, on plans the member's office offers. */
export const dependents = {
  async add(db: Queryable, groupKey: string, memberId: number, input: DependentInput): Promise<Dependent> {
    // Family members join with a membership: without one that covers, the join flow takes them.
    const subscription = await requireCoveringMembership(db, groupKey, memberId, 'add family members')
    const plan = await catalog.plan(db, groupKey, subscription.planId)
    requireRoomForDependent(plan, (await members.dependents(db, groupKey, memberId)).length)
    await requireOfferedPlan(db, groupKey, subscription.officeId, input.planId, 'your office')
    return insertDependent(db, groupKey, memberId, { ...input, planId: input.planId ?? null })
  },

  async update(
    db: Queryable,
    groupKey: string,
    memberId: number,
    dependentId: number,
    input: DependentInput,
  ): Promise<Dependent> {
    await requireOwnDependent(db, groupKey, memberId, dependentId)
    const subscription = await members.subscription(db, groupKey, memberId)
    await requireOfferedPlan(db, groupKey, subscription?.officeId ?? null, input.planId, 'your office')
    const row = await one(
      db,
      dependentRow,
      `UPDATE dependents SET first_name = $3, last_name = $4, date_of_birth = $5, relationship = $6, plan_id = $7 WHERE group_key = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [
        groupKey,
        dependentId,
        input.firstName,
        input.lastName,
        input.dateOfBirth,
        input.relationship,
        input.planId ?? null,
      ],
    )
    return toDependent(row)
  },

  async remove(db: Queryable, groupKey: string, memberId: number, dependentId: number): Promise<void> {
    await requireOwnDependent(db, groupKey, memberId, dependentId)
    await db.query('DELETE FROM dependents WHERE group_key = $1 AND id = $2', [groupKey, dependentId])
  },
}
