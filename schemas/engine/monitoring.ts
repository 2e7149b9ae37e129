import { z } from './zod.ts'

/** A sample rate: the percentage of sessions (0 to 100). */
export const sampleRateSchema = z.number().check(z.gte(0), z.lte(100))
export const trackingConsentSchema = z.enum(['granted', 'not-granted'])
export type TrackingConsent = z.infer<typeof trackingConsentSchema>

/**
 * Real-user monitoring, as the browser is told to run it (public: the client token of a RUM
 * service is meant to be seen). Present only when the server is configured for it. What is
 * tracked is fixed: interactions, resources and long tasks on; what visitors type is never read.
 */
export const monitoringConfigSchema = z.object({
  clientToken: z.string().check(z.minLength(1)),
  /** Where the browser sends its events: the sandbox collector of this server, or a RUM service's intake. */
  intakeUrl: z.string(),
  sessionSampleRate: sampleRateSchema,
  sessionReplaySampleRate: sampleRateSchema,
  trackingConsent: trackingConsentSchema,
  trackUserInteractions: z.literal(true),
  trackResources: z.literal(true),
  trackLongTasks: z.literal(true),
  defaultPrivacyLevel: z.literal('mask-user-input'),
})
export type MonitoringConfig = z.infer<typeof monitoringConfigSchema>

/** The Core Web Vitals and the two timings that explain a slow LCP. */
export const VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
export const vitalNameSchema = z.enum(VITALS)
export type VitalName = z.infer<typeof vitalNameSchema>

/** Good up to the first figure, poor above the second (web.dev's thresholds; ms, CLS unitless). */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
}
export type VitalRating = 'good' | 'needs-improvement' | 'poor'
export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name]
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor'
}

const path = z.string().check(z.maxLength(500))
const millis = z.number().check(z.gte(0), z.lte(24 * 60 * 60_000))

/** One thing the browser saw. Paths carry no query (it can hold tokens); no event carries what was typed. */
export const rumEventSchema = z.discriminatedUnion('type', [
  /** A page the visitor opened: `load` for a document, `route` for a client navigation. */
  z.object({ type: z.literal('view'), path, kind: z.enum(['load', 'route']), at: millis }),
  /** A Core Web Vital of the document's first page (the page the visit landed on), final value. */
  z.object({
    type: z.literal('vital'),
    path,
    name: vitalNameSchema,
    value: z.number().check(z.gte(0), z.lte(10 * 60_000)),
  }),
  /** A click or key activation, named by its control's label (an input's label, never its value). */
  z.object({
    type: z.literal('action'),
    path,
    name: z.string().check(z.maxLength(100)),
    role: z.string().check(z.maxLength(40)),
    at: millis,
  }),
  z.object({
    type: z.literal('resource'),
    path,
    url: z.string().check(z.maxLength(500)),
    initiator: z.string().check(z.maxLength(40)),
    duration: millis,
    transferSize: z.number().check(z.int(), z.gte(0), z.lte(2 ** 30)),
  }),
  z.object({ type: z.literal('long-task'), path, duration: millis, at: millis }),
])
export type RumEvent = z.infer<typeof rumEventSchema>

export const RUM_BATCH_MAX_EVENTS = 200

/** What the browser sends: a batch of one session's events. */
export const rumBatchSchema = z.object({
  clientToken: z.string().check(z.minLength(1), z.maxLength(200)),
  session: z.object({
    id: z.string().check(z.maxLength(64, { abort: true }), z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
    /** Whether this session was drawn for session replay (sessionReplaySampleRate). */
    replay: z.boolean(),
  }),
  events: z.array(rumEventSchema).check(z.minLength(1), z.maxLength(RUM_BATCH_MAX_EVENTS)),
})
export type RumBatch = z.infer<typeof rumBatchSchema>

const ratingsSchema = z.object({ good: z.number(), needsImprovement: z.number(), poor: z.number() })

/** The Core Web Vitals of real visits, as the playground shows them: the 75th percentile and the share per rating. */
export const vitalsSummarySchema = z.object({
  configured: z.boolean(),
  days: z.number().check(z.int()),
  sessions: z.number().check(z.int()),
  views: z.number().check(z.int()),
  vitals: z.array(
    z.object({
      name: vitalNameSchema,
      count: z.number().check(z.int()),
      p75: z.nullable(z.number()),
      ratings: ratingsSchema,
    }),
  ),
  pages: z.array(
    z.object({
      path: z.string(),
      views: z.number().check(z.int()),
      lcp: z.nullable(z.number()),
      inp: z.nullable(z.number()),
      cls: z.nullable(z.number()),
    }),
  ),
})
export type VitalsSummary = z.infer<typeof vitalsSummarySchema>
