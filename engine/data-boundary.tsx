import { QueryErrorResetBoundary } from '@tanstack/react-query'
import { Component, Suspense, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react'
import { useToast } from './ui/toasts.tsx'

interface DataBoundaryProps {
  /** What this part shows, for its messages: “We could not load {title}”. */
  title: string
  /** Shown while its queries are pending: a skeleton of the part. */
  skeleton?: ReactNode
  /**
   * Says what an expected failure means in this part's words (an unknown ZIP code in a search),
   * instead of the generic error with Retry; return undefined for the generic one.
   */
  explain?: ((error: Error) => ReactNode) | undefined
  children: ReactNode
}

/**
 * One part of a page with data of its own: a skeleton while its queries are pending; if one fails
 * (after the API client's single GET retry), the part's error with a Retry button, and a toast;
 * the rest of the page keeps working.
 */
export function DataBoundary({ title, skeleton, explain, children }: DataBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <PartErrorBoundary title={title} onReset={reset} explain={explain}>
          <Suspense fallback={skeleton ?? <Skeleton label={title} />}>{children}</Suspense>
        </PartErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  )
}

/** A neutral skeleton: a few pulsing bars, announced as loading. */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" aria-label={`Loading ${label}`} className="flex animate-pulse flex-col gap-3 py-2" data-skeleton>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="h-4 rounded bg-gray-200" style={{ width: `${90 - index * 15}%` }} />
      ))}
    </div>
  )
}

interface BoundaryState {
  error: Error | null
}

class PartErrorBoundary extends Component<
  { title: string; onReset: () => void; explain?: ((error: Error) => ReactNode) | undefined; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { error: null }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`“${this.props.title}” could not be loaded`, error.message, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    const explained = this.props.explain?.(error)
    if (explained !== undefined) return explained
    return (
      <PartError
        title={this.props.title}
        message={error.message}
        onRetry={() => {
          this.props.onReset()
          this.setState({ error: null })
        }}
      />
    )
  }
}

function PartError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const toast = useToast()
  const announced = useRef(false)
  useEffect(() => {
    if (announced.current) return
    announced.current = true
    toast.add({ severity: 'error', summary: `We could not load ${title}`, detail: message, life: 8000 })
  }, [toast, title, message])
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-950"
      data-part-error
    >
      <p>
        <strong>We could not load {title}.</strong> {message}
      </p>
      <button type="button" className="btn-outline" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
