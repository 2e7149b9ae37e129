import { EVERY_MINUTE, type JobKind } from '../../platform/jobs/job-kind.ts'
import { Conflict } from '../../platform/errors.ts'
import { lifecycle, type DueKind, type LifecycleDeps } from './membership-lifecycle.ts'
import { reminders, type ReminderKind } from './membership-reminders.ts'

/** The memberships' queues (pg-boss): one job per membership waits in each at a time. */
export const QUEUES = {
  renew: 'membership-renew',
  expire: 'membership-expire',
  notice: 'membership-notice',
  cardExpiry: 'membership-card-expiry',
  annualReminder: 'membership-annual-reminder',
} as const

/** The lifecycle's work of one kind: what is due, from one statement for all three kinds. */
const lifecycleWork = (kind: DueKind, queue: string, run: JobKind<LifecycleDeps>['run']): JobKind<LifecycleDeps> => ({
  queue,
  schedule: EVERY_MINUTE,
  due: async (deps, asOf) =>
    (await lifecycle.due(deps.db, asOf, undefined, deps.tenants.tenants, kind)).map((item) => item.id),
  run,
})

const reminder = (kind: ReminderKind, queue: string, done: string): JobKind<LifecycleDeps> => ({
  queue,
  schedule: EVERY_MINUTE,
  due: async (deps, asOf) => (await reminders.due(deps.db, asOf, deps.tenants.tenants, kind)).map((item) => item.id),
  run: async (deps, id, now) => ((await reminders.send(deps, kind, id, now)) ? done : 'skipped'),
})

/**
 * A membership's timed work, in the order a sweep asks: renewals (and their retries), ends,
 * notices, then the reminders (the card expiring before the renewal; the yearly one to monthly members).
 */
export const membershipJobs: readonly JobKind<LifecycleDeps>[] = [
  lifecycleWork('renew', QUEUES.renew, (deps, id, now) =>
    lifecycle.renew(deps, id, now).catch((error: unknown) => {
      // The renewal's payment is claimed by another worker (or by one that crashed, until the claim
      // times out): that worker completes it, or the next attempt after the timeout takes it over.
      if (error instanceof Conflict) return 'busy'
      throw error
    }),
  ),
  lifecycleWork('expire', QUEUES.expire, async (deps, id, now) =>
    (await lifecycle.expire(deps, id, now)) ? 'expired' : 'skipped',
  ),
  lifecycleWork('notice', QUEUES.notice, async (deps, id, now) =>
    (await lifecycle.notice(deps, id, now)) ? 'noticed' : 'skipped',
  ),
  reminder('card_expiry', QUEUES.cardExpiry, 'card_expiry_mailed'),
  reminder('annual_reminder', QUEUES.annualReminder, 'reminded'),
]
