import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '#blocks/kit/ui/button.tsx'
import { Card } from '#blocks/kit/ui/card.tsx'

/** A screen's title: its one `h1`, which takes focus when the screen opens, so a screen reader hears where it is. */
export function PageTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
      {children}
    </h1>
  )
}

/** A screen that could not do its work: what went wrong in words, and a way on. */
export function Problem({
  title,
  error,
  onRetry,
  children,
}: {
  title: string
  error?: Error
  onRetry?: () => void
  children?: ReactNode
}) {
  return (
    <section className="mx-auto max-w-2xl p-6">
      <PageTitle>{title}</PageTitle>
      {error && (
        <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {error.message}
        </p>
      )}
      {children && <p className="mt-3">{children}</p>}
      {onRetry && (
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      )}
    </section>
  )
}

/** Inside a screen: what could not be loaded, why, and a retry. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
      <p>
        {what} could not be loaded: {error.message}
      </p>
      <Button variant="outline" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

export function NotFound() {
  return (
    <Problem title="Page not found">
      There is no such page in the console.{' '}
      <Link className="cs-link" to="/">
        Go to the console&rsquo;s start
      </Link>
      .
    </Problem>
  )
}

/**
 * A date as staff read it: a calendar day (`YYYY-MM-DD`) as itself; an instant as the day it falls
 * on in `timeZone` (a member's dates in theirs), by default the UTC calendar, as the legal clocks
 * count days.
 */
export const day = (iso: string, timeZone = 'UTC') =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: iso.length === 10 ? 'UTC' : timeZone }).format(
    new Date(iso),
  )

/** A moment as staff read it: in their own time zone, or in `timeZone` (a member's), named. */
export const moment = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(
    'en-US',
    timeZone
      ? {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
          timeZone,
        }
      : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(new Date(iso))

/** A part of a record: a region named by its heading. */
export function RecordPart({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <Card as="section" padding="md" aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  )
}

/** A record's terms and values: a value that is null is left out, or shown as `empty` when given (an empty text too). */
export function Facts({ facts, empty }: { facts: [string, string | null][]; empty?: string }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
      {facts
        .filter(([, value]) => value !== null || empty !== undefined)
        .map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-700">{term}</dt>
            <dd className="mb-2 sm:mb-0">{value || empty}</dd>
          </div>
        ))}
    </dl>
  )
}
