import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { MonitoringConfig, TrackingConsent } from '#schemas/engine/monitoring.ts'
import { afterLoadAndIdle } from './after-load.ts'
import type { Rum } from './rum.ts'

/**
 * Starts real-user monitoring when the server configured it and the site's content allows it
 * (`SiteChrome.tracking`), once the page has loaded and the browser is idle; its code is a
 * chunk of its own that pages without monitoring never load. With tracking consent
 * `not-granted`, nothing starts until the site calls `setTrackingConsent('granted')`.
 */
/** The page the document loaded: its vitals are that page's, whenever monitoring starts. */
const landingPath = typeof window === 'undefined' ? '/' : window.location.pathname
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
