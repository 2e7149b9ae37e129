import type { Tenant } from '#schemas/tenant.ts'
import type { Queryable } from '../../platform/db/database.ts'
import type { LifecycleDeps } from './membership-lifecycle.ts'
import { mailWording, sendMembershipMail } from './membership-mail.ts'
import { members } from './members.ts'
import { lockId } from './membership-store.ts'
import { recordReminder, reminderDetails, remindersDue, type DueRow, type ReminderKind } from './reminder-store.ts'
import { renewalOffLink } from './renewal-link-url.ts'

/**
 * The mails that remind, each exactly once (issue 40, 5): the card on file expires before the
 * renewal (`cardExpiryNoticeDays` before it, once per renewal date), and the yearly reminder to a
 * monthly member of their automatic renewal (on each anniversary of joining; California's AB 2863).
 * The sweep (server/platform/jobs/queue.ts) sends a job for each one due; `membership_reminders` (migration
 * 024) keeps what was sent, and its key makes a second send insert nothing and mail nothing.
 */
export type { ReminderKind } from './reminder-store.ts'
export const REMINDER_KINDS: readonly ReminderKind[] = ['card_expiry', 'annual_reminder']

/** What a reminder says, with what the next renewal charges: never more than the member was told (members.ts `heldPrice`). */
async function details(db: Queryable, due: DueRow) {
  const row = await reminderDetails(db, due.id)
  if (!row) return undefined
  const price = await members.subscription(db, due.group_key, row.member_id, row.renews_at)
  return { ...row, amountCents: price?.renewalCents ?? null }
}

const tenantOf = (deps: Pick<LifecycleDeps, 'tenants'>, groupKey: string): Tenant => {
  const tenant = deps.tenants.tenants.find((candidate) => candidate.groupKey === groupKey)
  if (!tenant) throw new Error(`No tenant ${groupKey} is configured for its memberships`)
  return tenant
}

export const reminders = {
  /** The reminders due at `now`, one per membership and kind, oldest first. */
  async due(
    db: Queryable,
    now: Date,
    tenants: readonly Pick<Tenant, 'groupKey' | 'policy'>[] = [],
    only?: ReminderKind,
  ) {
    return (await remindersDue(db, now, tenants, only && { kind: only })).map(({ id, kind }) => ({ id, kind }))
  },

  /**
   * Sends a membership's reminder of `kind` if it is due at `now`, and records it in the same
   * transaction: a second call (another worker, a run again) finds it recorded and sends nothing. A
   * card updated meanwhile to one valid at the renewal is no longer due. Answers whether it went out.
   */
  async send(deps: LifecycleDeps, kind: ReminderKind, id: number, now: Date): Promise<boolean> {
    const [seen] = await remindersDue(deps.db, now, deps.tenants.tenants, { kind, id })
    if (!seen) return false
    // The words are read before the transaction: on the embedded database it holds the one connection.
    const wording = await mailWording(deps, tenantOf(deps, seen.group_key))
    return deps.db.transaction(async (tx) => {
      // Under the membership's lock, as the lifecycle moves it: what is due is read as it now is.
      await lockId(tx, id)
      const [due] = await remindersDue(tx, now, deps.tenants.tenants, { kind, id })
      if (!due) return false
      const about = await details(tx, due)
      if (!about || about.amountCents === null) return false
      const recorded = await recordReminder(tx, {
        subscriptionId: id,
        kind,
        dueFor: due.due_for,
        sentAt: now,
        cardLast4: about.last4,
        amountCents: about.amountCents,
      })
      if (!recorded) return false
      await sendMembershipMail(
        deps.mailer,
        wording,
        kind,
        {
          to: about.email,
          firstName: about.first_name,
          language: about.language,
          plan: about.plan,
          timeZone: about.time_zone,
          amountCents: about.amountCents,
          date: about.renews_at,
          card: about.last4,
          brand: about.brand,
          expiry: { month: about.exp_month, year: about.exp_year },
          cycle: about.billing_cycle,
          renewalOffUrl:
            kind === 'annual_reminder'
              ? renewalOffLink(deps.signer, wording.tenant, { id, renews_at: about.renews_at })
              : undefined,
        },
        tx,
      )
      return true
    })
  },

  /** What a run at `now` would mail, changing nothing (the jobs' dry run, server/features/members/operator.ts). */
  async preview(deps: Pick<LifecycleDeps, 'db' | 'tenants'>, now: Date) {
    const items = []
    for (const due of await remindersDue(deps.db, now, deps.tenants.tenants, undefined)) {
      const about = await details(deps.db, due)
      if (!about) continue
      const card = `${about.brand} ending ${about.last4}`
      const expiry = `${String(about.exp_month).padStart(2, '0')}/${about.exp_year}`
      items.push({
        id: due.id,
        kind: due.kind,
        email: about.email,
        at: about.renews_at,
        amountCents: about.amountCents,
        note:
          due.kind === 'card_expiry'
            ? `card expiry mail: the ${card} (expires ${expiry}) does not reach this renewal; update it on the dashboard`
            : `yearly reminder of the monthly renewal (anniversary ${due.due_for.toISOString().slice(0, 10)}): amount, card ${card}, how to cancel`,
      })
    }
    return items
  },
}
