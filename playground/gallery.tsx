import { use } from 'react'
import { isSectionKey, type BlockRegistry } from '#engine'
import { argTypesFromSchema } from '#engine/tools'
import { layoutKeySchema } from '#schemas/layout.ts'

type Kind = 'Layout' | 'Page' | 'Section'
const kindOf = (key: string): Kind =>
  layoutKeySchema.safeParse(key).success ? 'Layout' : isSectionKey(key) ? 'Section' : 'Page'

/**
 * The developers' block gallery: every registered block, what it is for and the settings its
 * props schema gives it. A block registered in the registry appears here with no gallery code. It
 * suspends while the blocks' definitions and props schemas load (the site loads only those a page renders).
 */
export function BlockGallery({ registry }: { registry: BlockRegistry }) {
  const entries = use(registry.schemasByKey()).map(([key, block, schema]) => ({
    key,
    block,
    schema,
    kind: kindOf(key),
  }))
  return (
    <div className="grid gap-6">
      {(['Layout', 'Page', 'Section'] as const).map((kind) => (
        <section key={kind} aria-labelledby={`gallery-${kind}`}>
          <h3 id={`gallery-${kind}`} className="mb-2 text-lg font-semibold">
            {kind === 'Layout' ? 'Headers and footers' : kind === 'Page' ? 'Pages' : 'Sections content can choose'}
          </h3>
          <ul className="grid gap-3 md:grid-cols-2">
            {entries
              .filter((entry) => entry.kind === kind)
              .map(({ key, block, schema }) => (
                <li key={key} className="rounded-lg border border-slate-200 bg-white p-4" data-gallery-block={key}>
                  <p className="font-semibold">
                    {block.title} <code className="ml-1 rounded bg-slate-100 px-1 text-sm">{key}</code>
                  </p>
                  {block.description && <p className="mt-1 text-sm text-slate-700">{block.description}</p>}
                  <p className="mt-2 text-xs text-slate-500">
                    Settings: {Object.keys(argTypesFromSchema(schema)).join(', ') || 'none'}
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
