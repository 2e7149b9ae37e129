import type { z } from '#schemas/engine/zod.ts'
import type { idCardSchema } from '#schemas/api/members.ts'
import { isCovered } from '#schemas/membership-states.ts'
import { dayIn } from '#schemas/zoned-days.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { catalog } from '../directory/index.ts'
import { requireOwnDependent } from './dependents.ts'
import { Conflict, notFound } from '../../platform/errors.ts'
import { members } from './members.ts'
import { planCatalog } from '../plans/index.ts'

/**
 * The ID card of the member (`id` their own) or of one of their dependents. A dependent's id and
 * the member's own may coincide: `person` says which is meant; without it, the member's own id
 * means the member.
 */
export async function idCard(
  db: Queryable,
  groupKey: string,
  memberId: number,
  id: number,
  person: 'member' | 'dependent' | undefined,
): Promise<z.input<typeof idCardSchema>> {
  const info = await members.info(db, groupKey, memberId)
  if (!info.subscription) throw new Conflict('Your ID card is ready once your membership starts')
  let name = `${info.firstName} ${info.lastName}`
  let relationship = 'member'
  let number = info.memberNumber
  let planName = info.subscription.planName
  const forDependent = person ? person === 'dependent' : id !== memberId
  if (!forDependent && id !== memberId) throw notFound('ID card')
  if (forDependent) {
    await requireOwnDependent(db, groupKey, memberId, id, 'ID card')
    const dependent = info.dependents.find((item) => item.id === id)!
    name = `${dependent.firstName} ${dependent.lastName}`
    relationship = dependent.relationship
    number = `${info.memberNumber}-${String(info.dependents.indexOf(dependent) + 1).padStart(2, '0')}`
    if (dependent.planId !== null) planName = (await planCatalog.plan(db, groupKey, dependent.planId))?.name ?? planName
  }
  // A cancelled or expired membership covers no one: its cards say so, with the day cover ended.
  const endedAt = isCovered(info.subscription.status) ? null : info.subscription.endsAt
  // The card's days are the member's (a Californian who joined at 9:30 pm on 28 February joined that day).
  const day = (iso: string) => dayIn(new Date(iso), info.subscription!.timeZone)
  const office = info.subscription.officeId ? await catalog.office(db, groupKey, info.subscription.officeId) : undefined
  return {
    memberNumber: number,
    name,
    relationship,
    planName,
    groupKey,
    effectiveDate: day(info.subscription.startedAt),
    // Past due, it stays valid through the grace period (its last retry), as the membership does.
    validThrough: day(
      endedAt ??
        (info.subscription.status === 'past_due' ? info.subscription.endsAt : null) ??
        info.subscription.renewsAt,
    ),
    officeName: office?.name ?? null,
    customerServicePhone: office?.phone ?? null,
    status: info.subscription.status,
    endedOn: endedAt ? day(endedAt) : null,
  }
}
