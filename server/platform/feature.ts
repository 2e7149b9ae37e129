import type { RouteBodyLimit } from './http/body-limit.ts'
import type { Endpoint } from './http/endpoint.ts'
import type { JobKind } from './jobs/job-kind.ts'

/**
 * A business feature as the app takes it (server/features/registry.ts): its endpoints, public and
 * staff, the body limits its uploads need, and its timed work. The app mounts every feature's
 * routes and the queue runs every feature's jobs: adding a feature is its folder and one line there.
 */
export interface Feature<Ctx, JobDeps> {
  readonly name: string
  /** Its endpoints, in the order of the API's document. */
  readonly routes: readonly Endpoint<Ctx>[]
  /** Routes that take more than the default body (an upload, a draft), with what their refusal says. */
  readonly bodyLimits?: readonly RouteBodyLimit[]
  /** Its kinds of timed work. */
  readonly jobs?: readonly JobKind<JobDeps>[]
  /** What a sweep writes itself, before any kind is asked what is due (server/platform/jobs/job-kind.ts). */
  readonly beforeSweep?: (deps: JobDeps, asOf: Date) => Promise<void>
}
