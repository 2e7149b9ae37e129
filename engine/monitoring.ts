import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { MonitoringConfig, TrackingConsent } from '#schemas/engine/monitoring.ts'
import { afterLoadAndIdle } from './after-load.ts'
import type { Rum } from './rum.ts'

/**
 * The page the document loaded: its vitals are that page's, whenever monitoring starts. This module
 * loads after the page has hydrated (engine/monitoring-frame.tsx), when a client navigation may
 * already have happened: the document's own address says where the visit landed.
 */
const landingPath =
  typeof window === 'undefined'
    ? '/'
    : new URL(performance.getEntriesByType('navigation')[0]?.name ?? window.location.href).pathname
let grantedConsent: TrackingConsent | undefined
const consentListeners = new Set<() => void>()

/** A consent banner's answer: `granted` starts monitoring, `not-granted` stops it. */
export function setTrackingConsent(consent: TrackingConsent): void {
  grantedConsent = consent
  consentListeners.forEach((listener) => listener())
}
const subscribeConsent = (listener: () => void) => {
  consentListeners.add(listener)
  return () => consentListeners.delete(listener)
}

/**
 * Starts real-user monitoring when the server configured it and the site's content allows it
 * (`SiteChrome.tracking`), once the page has loaded and the browser is idle; the client's code is a
 * chunk of its own (rum.ts), loaded then. With tracking consent `not-granted`, nothing starts until
 * the visitor allows it in the privacy choices (engine/tracking-choices.tsx) or the site calls
 * `setTrackingConsent('granted')`.
 */
export function useMonitoring(config: MonitoringConfig | undefined, disabled: boolean, pathname: string): void {
  const consent =
    useSyncExternalStore(
      subscribeConsent,
      () => grantedConsent,
      () => undefined,
    ) ?? config?.trackingConsent
  // The settings by value: a new but equal configuration object does not restart monitoring.
  const settings = config !== undefined && !disabled && consent === 'granted' ? JSON.stringify(config) : undefined
  const rum = useRef<Promise<Rum | undefined>>(undefined)
  const currentPath = useRef(pathname)

  useEffect(() => {
    if (settings === undefined) return
    const cancel = afterLoadAndIdle(() => {
      rum.current = import('./rum.ts').then((module) => {
        const started = module.startRum(JSON.parse(settings) as MonitoringConfig, landingPath)
        started?.view(currentPath.current)
        return started
      })
    })
    return () => {
      cancel()
      void rum.current?.then((started) => started?.stop())
      rum.current = undefined
    }
  }, [settings])

  useEffect(() => {
    currentPath.current = pathname
    void rum.current?.then((started) => started?.view(pathname))
  }, [pathname])
}
