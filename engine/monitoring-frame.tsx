import { lazy, Suspense } from 'react'
import { useEngine } from './engine-context.tsx'
import { useMonitoring } from './monitoring.ts'

const TrackingChoices = lazy(() => import('./tracking-choices.tsx'))

/**
 * Real-user monitoring as the page's frame runs it, and the privacy choices where the server waits
 * for consent (and the content allows tracking): a chunk of its own, which the frame loads in the
 * browser only where monitoring is configured, so that no other site's pages carry its code.
 */
export default function MonitoringFrame({ disabled, pathname }: { disabled: boolean; pathname: string }) {
  const config = useEngine().config.monitoring
  useMonitoring(config, disabled, pathname)
  return config?.trackingConsent === 'not-granted' && !disabled ? (
    <Suspense>
      <TrackingChoices />
    </Suspense>
  ) : null
}
