import { Suspense, use, useMemo } from 'react'
import { BlockErrorBoundary, BlockFailure } from './block-error-boundary.tsx'
import type { BlockContext } from './block-context.ts'
import { useEngine } from './engine-context.tsx'
import { UnknownBlockError, type BlockRegistry } from './registry.ts'

interface BlockSlotProps {
  /** The registry key: a layout key or a page identifier. */
  blockKey: string
  context: BlockContext
}

/**
 * Renders the block registered under `blockKey`, inside its own error boundary and with
 * `data-block="{key}"` on its root, so one failing block never blanks the page and tools
 * can tell what rendered.
 */
export function BlockSlot({ blockKey, context }: BlockSlotProps) {
  const { registry, mode, rendered } = useEngine()
  const known = registry.has(blockKey)
  if (known) rendered?.add(blockKey)
  return (
    <div data-block={blockKey} className="contents">
      {known ? (
        <BlockErrorBoundary blockKey={blockKey} mode={mode}>
          <Suspense fallback={<BlockLoading />}>
            <LoadedBlock blockKey={blockKey} registry={registry} context={context} />
          </Suspense>
        </BlockErrorBoundary>
      ) : (
        <BlockFailure blockKey={blockKey} mode={mode} error={() => new UnknownBlockError(blockKey, registry.keys())} />
      )}
    </div>
  )
}

function LoadedBlock({ blockKey, registry, context }: { blockKey: string; registry: BlockRegistry; context: BlockContext }) {
  // Preloaded blocks (every block of the first page) render synchronously; a block first
  // needed after navigation suspends until its definition and component arrive.
  const render = registry.peek(blockKey) ?? use(registry.load(blockKey))
  const input = useMemo(() => render.select(context), [render, context])
  return render(input)
}

function BlockLoading() {
  return <div aria-busy="true" className="min-h-8" />
}
