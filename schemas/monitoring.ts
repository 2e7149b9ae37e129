import { z } from 'zod'

/** A sample rate: the percentage of sessions (0 to 100). */
export const sampleRateSchema = z.number().min(0).max(100)
export const trackingConsentSchema = z.enum(['granted', 'not-granted'])
export type TrackingConsent = z.infer<typeof trackingConsentSchema>

/**
 * Real-user monitoring, as the browser is told to run it (public: the client token of a RUM
 * service is meant to be seen). Present only when the server is configured for it. What is
 * tracked is fixed: interactions, resources and long tasks on; what visitors type is never read.
 */
export const monitoringConfigSchema = z.object({
  clientToken: z.string().min(1),
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

const path = z.string().max(500)
const millis = z.number().min(0).max(24 * 60 * 60_000)

/** One thing the browser saw. Paths carry no query (it can hold tokens); no event carries what was typed. */
export const rumEventSchema = z.discriminatedUnion('type', [
  /** A page the visitor opened: `load` for a document, `route` for a client navigation. */
  z.object({ type: z.literal('view'), path, kind: z.enum(['load', 'route']), at: millis }),
  /** A Core Web Vital of the document's first page (the page the visit landed on), final value. */
  z.object({ type: z.literal('vital'), path, name: vitalNameSchema, value: z.number().min(0).max(10 * 60_000) }),
  /** A click or key activation, named by its control's label (an input's label, never its value). */
  z.object({ type: z.literal('action'), path, name: z.string().max(100), role: z.string().max(40), at: millis }),
  z.object({ type: z.literal('resource'), path, url: z.string().max(500), initiator: z.string().max(40), duration: millis, transferSize: z.number().int().min(0) }),
  z.object({ type: z.literal('long-task'), path, duration: millis, at: millis }),
])
export type RumEvent = z.infer<typeof rumEventSchema>

export const RUM_BATCH_MAX_EVENTS = 200

/** What the browser sends: a batch of one session's events. */
export const rumBatchSchema = z.object({
  clientToken: z.string().min(1).max(200),
  session: z.object({
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    /** Whether this session was drawn for session replay (sessionReplaySampleRate). */
    replay: z.boolean(),
  }),
  events: z.array(rumEventSchema).min(1).max(RUM_BATCH_MAX_EVENTS),
})
export type RumBatch = z.infer<typeof rumBatchSchema>

const ratingsSchema = z.object({ good: z.number(), needsImprovement: z.number(), poor: z.number() })

/** The Core Web Vitals of real visits, as the playground shows them: the 75th percentile and the share per rating. */
export const vitalsSummarySchema = z.object({
  configured: z.boolean(),
  days: z.number().int(),
  sessions: z.number().int(),
  views: z.number().int(),
  vitals: z.array(z.object({ name: vitalNameSchema, count: z.number().int(), p75: z.number().nullable(), ratings: ratingsSchema })),
  pages: z.array(z.object({ path: z.string(), views: z.number().int(), lcp: z.number().nullable(), inp: z.number().nullable(), cls: z.number().nullable() })),
})
export type VitalsSummary = z.infer<typeof vitalsSummarySchema>
