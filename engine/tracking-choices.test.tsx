// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MonitoringConfig } from '#schemas/engine/monitoring.ts'
import type { TrackingConsentTexts } from './site.ts'

// The banner and the monitoring it feeds, together; the browser side itself (beacons) runs in
// Chromium in tests/e2e/tracking-consent.spec.ts.
const rum = vi.hoisted(() => ({ starts: 0, stops: 0 }))
vi.mock('./rum.ts', () => ({
  startRum: () => {
    rum.starts += 1
    return { view: () => undefined, stop: () => (rum.stops += 1) }
  },
}))

const config: MonitoringConfig = {
  clientToken: 't',
  intakeUrl: '/api/rum/intake',
  sessionSampleRate: 100,
  sessionReplaySampleRate: 0,
  trackingConsent: 'not-granted',
  trackUserInteractions: true,
  trackResources: true,
  trackLongTasks: true,
  defaultPrivacyLevel: 'mask-user-input',
}
const texts: TrackingConsentTexts = {
  title: 'Privacy choices',
  message: 'We measure how fast pages load. Never what you type.',
  allow: 'Allow',
  decline: 'Decline',
  allowed: 'You allow them.',
  declined: 'You decline them.',
}

/** A page as the frame draws it where consent is asked: the banner, monitoring, a footer link. Fresh modules: the consent is the document's. */
async function page() {
  const monitoring = await import('./monitoring.ts')
  const { TrackingChoicesBanner } = await import('./tracking-choices.tsx')
  function Page() {
    monitoring.useMonitoring(config, false, '/')
    return (
      <>
        <TrackingChoicesBanner texts={texts} />
        <button type="button" data-privacy-choices>
          Footer link
        </button>
      </>
    )
  }
  render(<Page />)
  await settle()
}
/** Past the page's load and the idle callback, and the chunk's import. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))
const banner = () => screen.queryByRole('region', { name: 'Privacy choices' })

beforeEach(() => {
  vi.resetModules()
  localStorage.clear()
  // jsdom lays nothing out; the banner measures its height to keep the page clear of it.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  rum.starts = 0
  rum.stops = 0
})

describe('the privacy choices', () => {
  it('ask a new visitor without taking the focus, and nothing is measured until "Allow"', async () => {
    await page()
    expect(banner()?.textContent).toContain('We measure how fast pages load. Never what you type.')
    expect(document.activeElement).toBe(document.body)
    expect(rum.starts).toBe(0)

    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Allow' }))
    await userEvent.keyboard('{Enter}')
    await settle()
    expect(banner()).toBeNull()
    expect(localStorage.getItem('tracking-consent')).toBe('granted')
    expect(rum.starts).toBe(1)
  })

  it('keep a stored answer: allowed, monitoring starts without asking; declined, nothing starts', async () => {
    localStorage.setItem('tracking-consent', 'granted')
    await page()
    expect(banner()).toBeNull()
    expect(rum.starts).toBe(1)
    cleanup()

    vi.resetModules()
    rum.starts = 0
    localStorage.setItem('tracking-consent', 'not-granted')
    await page()
    expect(banner()).toBeNull()
    expect(rum.starts).toBe(0)
  })

  it('ask again when the stored answer is not one', async () => {
    localStorage.setItem('tracking-consent', 'yes please')
    await page()
    expect(banner()).not.toBeNull()
    expect(rum.starts).toBe(0)
  })

  it('open again from the footer with the current answer and the focus, and a withdrawal stops monitoring', async () => {
    localStorage.setItem('tracking-consent', 'granted')
    await page()
    const link = screen.getByRole('button', { name: 'Footer link' })
    await userEvent.click(link)
    expect(banner()?.textContent).toContain('You allow them.')
    expect(document.activeElement).toBe(banner())

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    await settle()
    expect(banner()).toBeNull()
    expect(localStorage.getItem('tracking-consent')).toBe('not-granted')
    expect(rum.stops).toBe(1)
    expect(document.activeElement).toBe(link)

    await userEvent.click(link)
    expect(banner()?.textContent).toContain('You decline them.')
  })

  it('close with Escape once answered, changing nothing, the focus back on the link', async () => {
    localStorage.setItem('tracking-consent', 'not-granted')
    await page()
    const link = screen.getByRole('button', { name: 'Footer link' })
    await userEvent.click(link)
    expect(document.activeElement).toBe(banner())
    await userEvent.keyboard('{Escape}')
    expect(banner()).toBeNull()
    expect(document.activeElement).toBe(link)
    expect(localStorage.getItem('tracking-consent')).toBe('not-granted')
    expect(rum.starts).toBe(0)
  })
})
