import type { Jobs } from '../platform/jobs/job-kind.ts'
import { runDue as runQueue, startWorkers as startQueue } from '../platform/jobs/queue.ts'
import type { AppFeature, JobsDeps } from './app-feature.ts'
import { checkoutFeature } from './checkout/feature.ts'
import { contentFeature } from './content/feature.ts'
import { directoryFeature } from './directory/feature.ts'
import { grievancesFeature } from './grievances/feature.ts'
import { membersFeature } from './members/feature.ts'
import { messagesFeature } from './messages/feature.ts'
import { monitoringFeature } from './monitoring/feature.ts'
import { plansFeature } from './plans/feature.ts'
import { staffFeature } from './staff/feature.ts'

export type { AppFeature, JobsDeps } from './app-feature.ts'

/**
 * Every business feature of the app, one line each (docs/guides/add-an-endpoint.md): the app
 * mounts their routes (server/app.ts), the queue runs their jobs.
 */
export const features: readonly AppFeature[] = [
  membersFeature,
  directoryFeature,
  checkoutFeature,
  grievancesFeature,
  messagesFeature,
  contentFeature,
  monitoringFeature,
  staffFeature,
  plansFeature,
]

/** Every endpoint of the API, in the order of the OpenAPI document. */
export const apiEndpoints = features.flatMap((feature) => feature.routes)

/** The routes whose bodies may be larger than the default, with what their refusal says. */
export const routeBodyLimits = features.flatMap((feature) => feature.bodyLimits ?? [])

/** The features' timed work, as the queue takes it. */
export function jobsOf(list: readonly AppFeature[]): Jobs<JobsDeps> {
  return {
    kinds: list.flatMap((feature) => feature.jobs ?? []),
    beforeSweep: list.flatMap((feature) => (feature.beforeSweep ? [feature.beforeSweep] : [])),
  }
}
export const jobs = jobsOf(features)

/** `npm run jobs -- --now` and the tests: everything due by `now`, once (server/platform/jobs/queue.ts). */
export const runDue = (deps: JobsDeps, now: Date, maxRounds?: number) => runQueue(deps, now, jobs, maxRounds)

/** The server (unless JOBS=off) and `npm run jobs`: the sweeps and the workers. */
export const startWorkers = (deps: JobsDeps) => startQueue(deps, jobs)
