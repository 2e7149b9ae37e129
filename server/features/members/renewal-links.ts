import type { RenewalLink, Subscription } from '#schemas/api/members.ts'
import type { Signer } from '../../platform/auth/signing.ts'
import { Refused } from '../../platform/errors.ts'
import { memberOfMembership } from './member-store.ts'
import { lifecycle, type LifecycleDeps } from './membership-lifecycle.ts'
import { members } from './members.ts'
import { RENEWAL_OFF } from './renewal-link-url.ts'

/** The link's page and its one button (renewal-link-url.ts makes the link). */
const EXPIRED = 'This link has expired or is not valid. Sign in to change automatic renewal from your dashboard.'

/** The member and membership a link names, when it is valid and the membership is still the member's latest. */
async function named(
  deps: LifecycleDeps & { signer: Pick<Signer, 'verify'> },
  groupKey: string,
  token: string,
  now: Date,
) {
  const payload = deps.signer.verify(token, RENEWAL_OFF, groupKey, now.getTime())
  const id = Number(payload?.subject)
  if (!payload || !Number.isInteger(id)) throw new Refused(EXPIRED)
  const row = await memberOfMembership(deps.db, groupKey, id)
  const subscription = row && (await members.subscription(deps.db, groupKey, row.member_id, now))
  // A membership since replaced (the member joined again) is not the link's to change.
  if (!row || !subscription || subscription.id !== id) throw new Refused(EXPIRED)
  return { memberId: row.member_id, firstName: row.first_name, subscription }
}

function answer(firstName: string, subscription: Subscription): RenewalLink {
  return {
    firstName,
    plan: subscription.planName,
    status: subscription.status,
    autoRenew: subscription.autoRenew,
    renewsAt: subscription.renewsAt,
    endsAt: subscription.endsAt,
    timeZone: subscription.timeZone,
    priceCents: subscription.renewalCents,
  }
}

export const renewalLinks = {
  /** What the link's page shows. */
  async show(deps: LifecycleDeps & { signer: Pick<Signer, 'verify'> }, groupKey: string, token: string, now: Date) {
    const { firstName, subscription } = await named(deps, groupKey, token, now)
    return answer(firstName, subscription)
  },
  /** Renewal off, as the member's own switch does it (a mail confirms); already off, nothing changes. */
  async turnOff(deps: LifecycleDeps & { signer: Pick<Signer, 'verify'> }, groupKey: string, token: string, now: Date) {
    const { memberId, firstName } = await named(deps, groupKey, token, now)
    await lifecycle.setAutoRenew(deps, groupKey, memberId, false, now, 'member')
    // Read again: the switch changed it.
    return answer(firstName, (await members.subscription(deps.db, groupKey, memberId, now))!)
  },
}
