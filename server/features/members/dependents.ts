import type { z } from '#schemas/engine/zod.ts'
import type { Dependent, dependentInputSchema } from '#schemas/api/members.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { notFound } from '../../platform/errors.ts'
import { members, toDependent } from './members.ts'
import { deleteDependent, insertDependentRow, isOwnDependent, updateDependentRow } from './member-store.ts'
import { requireCoveringMembership } from './membership-purchase.ts'
import { planCatalog, requireRoomForDependent } from '../plans/index.ts'
import { requireOfferedPlan } from '../directory/index.ts'

type DependentInput = z.output<typeof dependentInputSchema>

/** Another member's dependent answers exactly as a missing one: a 403 would say that it exists. */
export async function requireOwnDependent(
  db: Queryable,
  groupKey: string,
  memberId: number,
  dependentId: number,
  what = 'Dependent',
): Promise<void> {
  if (!(await isOwnDependent(db, groupKey, memberId, dependentId))) throw notFound(what)
}

/** Adds a dependent to a member (in the caller's transaction, when it is an order's). */
export async function insertDependent(
  tx: Queryable,
  groupKey: string,
  memberId: number,
  person: Omit<DependentInput, 'planId'> & { planId: number | null },
): Promise<Dependent> {
  return toDependent(await insertDependentRow(tx, groupKey, memberId, person))
}

/** A member's dependents, added, changed and removed: within the plan's room, on plans the member's office offers. */
export const dependents = {
  async add(db: Queryable, groupKey: string, memberId: number, input: DependentInput): Promise<Dependent> {
    // Family members join with a membership: without one that covers, the join flow takes them.
    const subscription = await requireCoveringMembership(db, groupKey, memberId, 'add family members')
    const plan = await planCatalog.plan(db, groupKey, subscription.planId)
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
    const row = await updateDependentRow(db, groupKey, dependentId, { ...input, planId: input.planId ?? null })
    return toDependent(row)
  },

  async remove(db: Queryable, groupKey: string, memberId: number, dependentId: number): Promise<void> {
    await requireOwnDependent(db, groupKey, memberId, dependentId)
    await deleteDependent(db, groupKey, dependentId)
  },
}
