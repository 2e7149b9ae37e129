import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import type { MonitoringConfig, RumEvent } from '#schemas/engine/monitoring.ts'

/**
 * The browser side of real-user monitoring, loaded on its own chunk once the page is idle (the
 * vitals' performance entries are buffered, so nothing is missed by starting late). It sends the
 * Core Web Vitals (web-vitals, Google's reference implementation), the pages opened, clicks named
 * by their control's label, resource timings and long tasks to the configured intake, as beacons
 * when the page is hidden and every FLUSH_MS. What visitors type is never read.
 */
export interface Rum {
  /** A client navigation opened `path`. */
  view(path: string): void
  stop(): void
}

const SESSION_KEY = 'rum-session'
/** A session ends after 15 minutes without activity, as in the RUM services. */
const SESSION_IDLE_MS = 15 * 60_000
const FLUSH_MS = 10_000
const BATCH_EVENTS = 100
const MAX_RESOURCES_PER_VIEW = 150
/** Milliseconds since the document started (capped at a day, as the intake takes them). */
const sinceStart = () => Math.min(performance.now(), 24 * 60 * 60_000)

interface Session {
  id: string
  sampled: boolean
  replay: boolean
  expires: number
}

const drawn = (rate: number) => Math.random() * 100 < rate

/** This browser's session (shared by its tabs), drawn once against the sample rates. */
function currentSession(config: MonitoringConfig): Session {
  const now = Date.now()
  let session: Session | undefined
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null
    if (stored && typeof stored.id === 'string' && stored.expires > now) session = stored
  } catch {
    // Storage unavailable or garbled: a new session.
  }
  if (!session) {
    const sampled = drawn(config.sessionSampleRate)
    session = { id: crypto.randomUUID(), sampled, replay: sampled && drawn(config.sessionReplaySampleRate), expires: 0 }
  }
  session.expires = now + SESSION_IDLE_MS
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session))
  } catch {
    // Private mode: the session lasts as long as the page.
  }
  return session
}

const clip = (text: string, length: number) => text.replace(/\s+/g, ' ').trim().slice(0, length)

/** A resource's address without its query or fragment (they can carry tokens). */
function resourceUrl(name: string): string {
  try {
    const url = new URL(name)
    return clip(url.origin === location.origin ? url.pathname : url.origin + url.pathname, 500)
  } catch {
    return ''
  }
}

const CONTROLS = 'a[href], button, input, select, textarea, summary, label, [role]'
const FIELDS = new Set(['INPUT', 'SELECT', 'TEXTAREA'])

/** An element's text without what its fields hold (a select's options, a textarea's text). */
function textOf(element: Element): string {
  let text = ''
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += ` ${node.textContent ?? ''}`
    else if (node instanceof Element && !FIELDS.has(node.tagName)) text += ` ${textOf(node)}`
  }
  return text
}

/** What a person would call the control they clicked: its label, never what was typed in it. */
export function actionOf(target: EventTarget | null): { name: string; role: string } | undefined {
  if (!(target instanceof Element)) return undefined
  const control = target.closest(CONTROLS)
  if (!control) return undefined
  const role =
    control.getAttribute('role') ??
    (control.tagName === 'A'
      ? 'link'
      : control.tagName === 'INPUT'
        ? (control as HTMLInputElement).type
        : control.tagName.toLowerCase())
  const labelled = control.getAttribute('aria-label')
  if (FIELDS.has(control.tagName)) {
    // Masked input: the field's label (or its aria-label); its value is not read.
    const field = control as HTMLInputElement
    const label = labelled ?? (field.labels?.[0] ? textOf(field.labels[0]) : field.name)
    return { name: clip(label, 100), role }
  }
  if (control.tagName === 'LABEL') {
    const field = (control as HTMLLabelElement).control
    return {
      name: clip(labelled ?? textOf(control), 100),
      role: field ? (field.getAttribute('type') ?? field.tagName.toLowerCase()) : 'label',
    }
  }
  return { name: clip(labelled ?? textOf(control), 100), role: clip(role, 40) }
}

export function startRum(config: MonitoringConfig, landingPath: string): Rum | undefined {
  const session = currentSession(config)
  if (!session.sampled) return undefined
  let path = landingPath
  let resources = 0
  let stopped = false
  const queue: RumEvent[] = []

  const send = (body: string) => {
    // A string goes as text/plain: no preflight, should the intake be another origin's.
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(config.intakeUrl, body)) return
    void fetch(config.intakeUrl, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined)
  }
  const flush = () => {
    if (queue.length > 0) currentSession(config)
    while (queue.length > 0) {
      send(
        JSON.stringify({
          clientToken: config.clientToken,
          session: { id: session.id, replay: session.replay },
          events: queue.splice(0, BATCH_EVENTS),
        }),
      )
    }
  }
  const push = (event: RumEvent) => {
    if (stopped) return
    queue.push(event)
    if (queue.length >= BATCH_EVENTS) flush()
  }

  push({ type: 'view', path, kind: 'load', at: 0 })
  // Vitals belong to the page the document loaded (as the Chrome UX Report counts them).
  const vital = (metric: Metric) => push({ type: 'vital', path: landingPath, name: metric.name, value: metric.value })
  onLCP(vital)
  onINP(vital)
  onCLS(vital)
  onFCP(vital)
  onTTFB(vital)

  const observers: PerformanceObserver[] = []
  const observe = (type: string, each: (entry: PerformanceEntry) => void) => {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(each))
    observer.observe({ type, buffered: true })
    observers.push(observer)
  }
  const intake = resourceUrl(new URL(config.intakeUrl, location.href).href)
  observe('resource', (entry) => {
    const timing = entry as PerformanceResourceTiming
    const url = resourceUrl(timing.name)
    if (url === intake || resources >= MAX_RESOURCES_PER_VIEW) return
    resources += 1
    push({
      type: 'resource',
      path,
      url,
      initiator: clip(timing.initiatorType, 40),
      duration: timing.duration,
      transferSize: timing.transferSize,
    })
  })
  observe('longtask', (entry) => push({ type: 'long-task', path, duration: entry.duration, at: entry.startTime }))

  const onClick = (event: MouseEvent) => {
    const action = actionOf(event.target)
    if (action) push({ type: 'action', path, ...action, at: sinceStart() })
  }
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  document.addEventListener('click', onClick, { capture: true })
  // After web-vitals' own listeners (capture, on window): the final values are queued by then.
  document.addEventListener('visibilitychange', onHidden)
  window.addEventListener('pagehide', flush)
  const timer = window.setInterval(flush, FLUSH_MS)

  return {
    view(next) {
      if (next === path) return
      path = next
      resources = 0
      push({ type: 'view', path, kind: 'route', at: sinceStart() })
    },
    stop() {
      flush()
      stopped = true
      observers.forEach((observer) => observer.disconnect())
      document.removeEventListener('click', onClick, { capture: true })
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', flush)
      window.clearInterval(timer)
    },
  }
}
