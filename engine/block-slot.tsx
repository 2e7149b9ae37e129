import { Suspense, use, useEffect, useId, useMemo, useState } from 'react'
import { BlockErrorBoundary, BlockFailure } from './block-error-boundary.tsx'
import type { BlockContext } from './block-context.ts'
import { useEngine } from './engine-context.tsx'
import { UnknownBlockError, type BlockRegistry } from './registry.ts'
import { sameJson } from './same-json.ts'
import { StaticHtml, useServerHtml } from './static-html.tsx'

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
  const { registry, mode, rendered, carriedProps } = useEngine()
  const known = registry.has(blockKey)
  if (known) rendered?.add(blockKey)
  // Static as its definition says. In the browser, a block whose definition is not loaded may be a
  // static block that kept the server's HTML: the page's state says which places did.
  const isStatic = known && (registry.isStatic(blockKey) ?? carriedProps?.keepsStatic !== undefined)
  // A static block keeps the server's HTML (its code is not loaded) as long as what it shows stays
  // the same: the block, the content, its settings, the route's parameters and search.
  if (useServerHtml(isStatic, { blockKey, context }, sameStaticInput, blockKey))
    return <StaticHtml blockKey={blockKey} />
  return (
    <div data-block={blockKey} className="contents">
      {known ? (
        <BlockErrorBoundary blockKey={blockKey} mode={mode}>
          <Suspense fallback={<BlockLoading />}>
            <LoadedBlock blockKey={blockKey} registry={registry} context={context} carries={!isStatic} />
          </Suspense>
        </BlockErrorBoundary>
      ) : (
        <BlockFailure blockKey={blockKey} mode={mode} error={() => new UnknownBlockError(blockKey, registry.keys())} />
      )}
    </div>
  )
}

/** A loaded block with its props; `carries`: the server records them for the browser's hydration (a static block's are not needed). */
function LoadedBlock({
  blockKey,
  registry,
  context,
  carries,
}: {
  blockKey: string
  registry: BlockRegistry
  context: BlockContext
  carries: boolean
}) {
  // Preloaded blocks (every block of the first page) render synchronously; a block first
  // needed after navigation suspends until its definition and component arrive.
  const render = registry.peek(blockKey) ?? use(registry.load(blockKey))
  const input = useMemo(() => render.select(context), [render, context])
  const id = useId()
  const { carriedProps } = useEngine()
  // Hydrating, the block renders with the props the server checked (the browser has neither zod nor
  // the schema yet), and keeps them while its input stays the same.
  const [hydrated] = useState(() => carriedProps?.claim?.(id, input))
  useEffect(() => carriedProps?.consume?.(id), [carriedProps, id])
  if (hydrated && sameJson(hydrated.input, input)) return render.withProps(hydrated.props)
  // Another input (a navigation, a new session): checked here, its schema loaded first if need be.
  if (!render.schemaLoaded()) use(render.loadSchema())
  const checked = render.check(input)
  if (carries) carriedProps?.record?.(id, checked, blockKey)
  return render.withProps(checked.props)
}

const sameStaticInput = (
  kept: { blockKey: string; context: BlockContext },
  now: { blockKey: string; context: BlockContext },
) =>
  kept.blockKey === now.blockKey &&
  kept.context.content === now.context.content &&
  sameJson(
    [kept.context.section, kept.context.params, kept.context.query],
    [now.context.section, now.context.params, now.context.query],
  )

function BlockLoading() {
  return <div aria-busy="true" className="min-h-8" />
}
