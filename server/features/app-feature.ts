import type { ApiContext } from '../context.ts'
import type { Feature } from '../platform/feature.ts'
import type { QueueDeps } from '../platform/jobs/job-kind.ts'
import type { LifecycleDeps } from './members/index.ts'

/** What a job of any feature is given: the queue's needs, and the memberships' (payments, mail, tenants). */
export type JobsDeps = QueueDeps & LifecycleDeps

/** A feature of this app: its endpoints take the API's context, its jobs `JobsDeps`. */
export type AppFeature = Feature<ApiContext, JobsDeps>
