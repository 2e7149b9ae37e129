import { Component, type ErrorInfo, type ReactNode } from 'react'
import type { EngineMode } from './engine-context.tsx'

interface Props {
  blockKey: string
  mode: EngineMode
  children: ReactNode
}

interface State {
  error: Error | null
}

/**
 * Contains a failing block: the rest of the page keeps rendering. In development the error
 * is shown where the block would be; in production a short, visible notice takes its place.
 */
export class BlockErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Block "${this.props.blockKey}" failed to render`, error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    return <BlockFailure blockKey={this.props.blockKey} mode={this.props.mode} error={() => error} />
  }
}

/**
 * What stands in for a block that cannot render. The error is made only in development,
 * where it is shown (a production page with a missing block pays nothing for it).
 */
export function BlockFailure({
  blockKey,
  mode,
  error: makeError,
}: {
  blockKey: string
  mode: EngineMode
  error: () => Error
}) {
  if (mode === 'development') {
    const error = makeError()
    return (
      <div
        role="alert"
        data-block-error={blockKey}
        className="m-4 rounded border-2 border-red-600 bg-red-50 p-4 font-mono text-sm text-red-900"
      >
        <p className="font-bold">
          Block “{blockKey}”: {error.name}
        </p>
        <p className="whitespace-pre-wrap">{error.message}</p>
      </div>
    )
  }
  return (
    <div
      role="note"
      data-block-error={blockKey}
      className="mx-auto my-6 max-w-3xl rounded border border-gray-300 bg-gray-50 p-4 text-center text-gray-700"
    >
      This part of the page is not available right now.
    </div>
  )
}
