// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MonitoringConfig } from '#schemas/engine/monitoring.ts'
import { setTrackingConsent, useMonitoring } from './monitoring.ts'

// The browser side itself (web-vitals, beacons) runs in Chromium in tests/e2e/monitoring.spec.ts;
// here: when the hook starts it, and that it is told about client navigations.
const started = vi.hoisted(() => ({ starts: [] as string[], views: [] as string[], stops: 0 }))
vi.mock('./rum.ts', () => ({
  startRum: (_config: MonitoringConfig, landing: string) => {
    started.starts.push(landing)
    return { view: (path: string) => started.views.push(path), stop: () => (started.stops += 1) }
  },
}))

const config = (trackingConsent: MonitoringConfig['trackingConsent']): MonitoringConfig => ({
  clientToken: 't',
  intakeUrl: '/api/rum/intake',
  sessionSampleRate: 100,
  sessionReplaySampleRate: 0,
  trackingConsent,
  trackUserInteractions: true,
  trackResources: true,
  trackLongTasks: true,
  defaultPrivacyLevel: 'mask-user-input',
})

function Probe({
  monitoring,
  disabled = false,
  path = '/',
}: {
  monitoring: MonitoringConfig | undefined
  disabled?: boolean
  path?: string
}) {
  useMonitoring(monitoring, disabled, path)
  return null
}

/** Past the page's load and the idle callback, and the chunk's import. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))

afterEach(() => {
  cleanup()
  started.starts.length = 0
  started.views.length = 0
  started.stops = 0
})

describe('starting real-user monitoring', () => {
  it('starts when configured, and follows client navigations', async () => {
    const view = render(<Probe monitoring={config('granted')} />)
    await settle()
    expect(started.starts).toEqual(['/'])
    view.rerender(<Probe monitoring={config('granted')} path="/faq" />)
    await settle()
    expect(started.views).toContain('/faq')
  })

  it('does not start unconfigured, or when the content sets disable_performance_tracking', async () => {
    render(<Probe monitoring={undefined} />)
    render(<Probe monitoring={config('granted')} disabled />)
    await settle()
    expect(started.starts).toEqual([])
  })

  it('with consent not granted, waits for the site to grant it, and stops when it is withdrawn', async () => {
    render(<Probe monitoring={config('not-granted')} />)
    await settle()
    expect(started.starts).toEqual([])
    act(() => setTrackingConsent('granted'))
    await settle()
    expect(started.starts).toEqual(['/'])
    act(() => setTrackingConsent('not-granted'))
    await settle()
    expect(started.stops).toBe(1)
  })
})
