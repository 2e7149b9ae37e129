import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { TrackingConsent } from '#schemas/engine/monitoring.ts'
import { useEngine } from './engine-context.tsx'
import { setTrackingConsent } from './monitoring.ts'
import { useSiteContent } from './site-context.tsx'
import type { TrackingConsentTexts } from './site.ts'

/** Where the browser keeps the visitor's answer: a reload, or the next visit, keeps it. */
export const TRACKING_CONSENT_KEY = 'tracking-consent'

function storedChoice(): TrackingConsent | undefined {
  try {
    const stored = localStorage.getItem(TRACKING_CONSENT_KEY)
    // Two words, checked as they are: zod stays out of a chunk that every page of such a site loads.
    return stored === 'granted' || stored === 'not-granted' ? stored : undefined
  } catch {
    // Storage blocked: the visitor is asked on each page, and nothing is measured meanwhile.
    return undefined
  }
}

/** What opens the choices again: a click on any element with this attribute (the footer's link). */
const OPENER = '[data-privacy-choices]'

/**
 * The privacy choices: may the site measure its pages' performance (real-user monitoring)? Shown
 * where the server waits for consent, until the visitor answers, and again from any element marked
 * `data-privacy-choices` (the footer's link; a click on it is caught here, as consent managers do,
 * so that what every page loads carries no code for it). An engine part, not a block: it belongs to
 * the engine's monitoring (its answer is what `useMonitoring` waits for) and shows on every page
 * whatever the layout, as the idle warning does; the site gives the words. Loaded by the page's
 * frame in the browser only (the served HTML, cached, is the same for every visitor), and only
 * where consent is asked.
 *
 * Not modal: a region fixed to the bottom of the window that blocks nothing. It comes first in the
 * document, so that the first Tab reaches it; it takes the focus only when opened again (and gives
 * it back on an answer, or Escape). While it shows, the page keeps room below its content and
 * scrolls a focused control clear of it (WCAG 2.4.11).
 */
export default function TrackingChoices() {
  const content = useSiteContent()
  const texts = useEngine().site.trackingConsent?.(content)
  // Without the site's words nothing is asked, and monitoring never starts.
  return texts ? <TrackingChoicesBanner texts={texts} /> : null
}

export function TrackingChoicesBanner({ texts }: { texts: TrackingConsentTexts }) {
  const [choice, setChoice] = useState(storedChoice)
  // Each opening again counts; those answered (or closed) too.
  const [asked, setAsked] = useState(0)
  const [answered, setAnswered] = useState(0)
  const reopened = asked > answered
  const open = !choice || reopened
  const region = useRef<HTMLElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const heading = useId()

  // Monitoring follows the answer, the stored one too.
  useEffect(() => {
    if (choice) setTrackingConsent(choice)
  }, [choice])

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(OPENER) : null
      if (!target) return
      opener.current = target
      setAsked((count) => count + 1)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])

  useEffect(() => {
    if (asked > 0) region.current?.focus()
  }, [asked])

  useLayoutEffect(() => {
    const element = region.current
    if (!open || !element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      const room = `${element.offsetHeight}px`
      root.style.scrollPaddingBottom = room
      document.body.style.paddingBottom = room
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.scrollPaddingBottom = ''
      document.body.style.paddingBottom = ''
    }
  }, [open])

  const close = (answer?: TrackingConsent) => {
    if (answer) {
      try {
        localStorage.setItem(TRACKING_CONSENT_KEY, answer)
      } catch {
        // Private mode: the answer holds for this page.
      }
      setChoice(answer)
    }
    setAnswered(asked)
    if (reopened) opener.current?.focus()
  }

  if (!open) return null
  return (
    <section
      ref={region}
      aria-labelledby={heading}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && choice) close()
      }}
      className="fixed inset-x-0 bottom-0 z-[1200] border-t border-gray-300 bg-white text-gray-900 shadow-[0_-4px_16px_rgb(0_0_0/0.12)] outline-none"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:gap-6">
        <div className="flex-1 text-sm">
          <h2 id={heading} className="text-base font-semibold">
            {texts.title}
          </h2>
          <p className="mt-1">{texts.message}</p>
          {choice && <p className="mt-1 font-semibold">{choice === 'granted' ? texts.allowed : texts.declined}</p>}
        </div>
        <div className="flex gap-3">
          <button type="button" className="btn-primary" onClick={() => close('granted')}>
            {texts.allow}
          </button>
          <button type="button" className="btn-outline" onClick={() => close('not-granted')}>
            {texts.decline}
          </button>
        </div>
      </div>
    </section>
  )
}
