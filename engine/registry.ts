/**
 * The runtime registry: resolves a key to its block, loads each block's definition, component and
 * props schema once, and keeps what it loaded. What a block is lives in engine/block.ts.
 */
import type { z } from '#schemas/engine/zod.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import type { AnyApiQuery } from './api.ts'
import {
  isSectionKey,
  loadSchemaOf,
  type Block,
  type BlockEntry,
  type BlockRenderer,
  type PageDataInput,
  type SectionData,
  type SectionKey,
} from './block.ts'

/** Thrown, in development, for a key that no block is registered under. */
export class UnknownBlockError extends Error {
  override readonly name = 'UnknownBlockError'
  constructor(
    readonly key: string,
    registered: readonly string[],
  ) {
    super(`No block is registered under "${key}". Registered keys: ${registered.join(', ')}`)
  }
}

/**
 * The registry: resolves keys to blocks, loads a block's definition and component once, and keeps
 * each loaded renderer, so a block preloaded before render (on the server, and in the browser
 * before hydration) renders synchronously.
 */
export class BlockRegistry {
  private readonly definitions = new Map<string, Block>()
  private readonly renderers = new Map<string, BlockRenderer>()
  /** Loads in flight or done, by key: the same promise for every caller (React's `use` needs that). */
  private readonly loading = new Map<string, Promise<BlockRenderer>>()
  /** Components in flight, by block name: a block registered under several keys loads once. */
  private readonly components = new Map<string, Promise<BlockRenderer>>()
  private all: Promise<[string, Block][]> | undefined
  private withSchemas: Promise<[string, Block, z.ZodMiniType][]> | undefined

  constructor(readonly entries: Readonly<Record<string, BlockEntry | undefined>>) {
    for (const [key, entry] of Object.entries(entries))
      if (entry && typeof entry !== 'function') this.definitions.set(key, entry)
  }

  /**
   * Whether the block under a key is static (the browser keeps its server HTML: engine/static-html.tsx),
   * as its definition says; undefined while the definition is not loaded (in the browser, a static
   * block of the first page is never loaded: the server's page state says which places kept their HTML).
   */
  isStatic(key: string): boolean | undefined {
    const definition = this.definitions.get(key)
    return definition && definition.static === true
  }

  keys(): string[] {
    return Object.keys(this.entries).filter((key) => this.entries[key] !== undefined)
  }

  /** Whether a block is registered under this key (loaded or not). */
  has(key: string): boolean {
    return Object.hasOwn(this.entries, key) && this.entries[key] !== undefined
  }

  /** A block's definition, loading it if it was registered as a loader; undefined for an unknown key. */
  async definition(key: string): Promise<Block | undefined> {
    const loaded = this.definitions.get(key)
    if (loaded || !this.has(key)) return loaded
    const entry = this.entries[key]!
    const block = typeof entry === 'function' ? await entry() : entry
    this.definitions.set(key, block)
    return block
  }

  /** The definition of a block already loaded (every block of a rendered page), without loading. */
  loadedDefinition(key: string): Block | undefined {
    return this.definitions.get(key)
  }

  /** Every registered block's definition, by key (for the tools: gallery, content schema). */
  definitionsByKey(): Promise<[string, Block][]> {
    if (!this.all) {
      this.all = Promise.all(
        this.keys().map(async (key): Promise<[string, Block]> => [key, (await this.definition(key))!]),
      )
      // A definition that could not be loaded is tried again by the next caller.
      this.all.catch(() => (this.all = undefined))
    }
    return this.all
  }

  /** Every registered block with its props schema loaded, by key (for the tools: the gallery, the editor's schema). */
  schemasByKey(): Promise<[string, Block, z.ZodMiniType][]> {
    if (!this.withSchemas) {
      this.withSchemas = this.definitionsByKey().then((entries) =>
        Promise.all(
          entries.map(async ([key, block]): Promise<[string, Block, z.ZodMiniType]> => [
            key,
            block,
            await loadSchemaOf(block.schema),
          ]),
        ),
      )
      this.withSchemas.catch(() => (this.withSchemas = undefined))
    }
    return this.withSchemas
  }

  /** The section blocks content can choose, by key, with their props schemas. */
  async sections(): Promise<[SectionKey, Block, z.ZodMiniType][]> {
    return (await this.schemasByKey()).filter((entry): entry is [SectionKey, Block, z.ZodMiniType] =>
      isSectionKey(entry[0]),
    )
  }

  /** The loaded renderer of the block under a key, or undefined while it is not loaded. */
  peek(key: string): BlockRenderer | undefined {
    const block = this.definitions.get(key)
    return block && this.renderers.get(block.name)
  }

  /** Loads the block under a key (its definition, its component and its props schema) once; concurrent callers share one promise. */
  load(key: string): Promise<BlockRenderer> {
    let promise = this.loading.get(key)
    if (!promise) {
      promise = this.loadComponent(key).then(async (renderer) => {
        await renderer.loadSchema()
        return renderer
      })
      this.loading.set(key, promise)
      // A failed load (a chunk that could not be fetched) is tried again by the next caller.
      promise.catch(() => this.loading.delete(key))
    }
    return promise
  }

  /**
   * Loads the block under a key, its definition and component, without its props schema: what a
   * page's queries need (`data`), so they start without waiting for the schema's chunk.
   */
  async loadComponent(key: string): Promise<BlockRenderer> {
    const block = await this.definition(key)
    if (!block) throw new UnknownBlockError(key, this.keys())
    // Blocks registered under several keys (one content page block for six pages) load once.
    let component = this.components.get(block.name)
    if (!component) {
      component = block.load({ schema: false })
      this.components.set(block.name, component)
      component.then(
        (renderer) => this.renderers.set(block.name, renderer),
        () => this.components.delete(block.name),
      )
    }
    return component
  }

  /**
   * The API queries of the page under `key` (its definition loaded): its own, then its sections'.
   * The sections' blocks load here with their props schemas (they render with the page); a
   * section's queries come from its props as its schema reads them, and props it cannot read load
   * nothing (the section reports them when it renders).
   */
  async pageQueries(key: string, input: PageDataInput): Promise<readonly AnyApiQuery[]> {
    const block = this.definitions.get(key)
    const [own, sections] = await Promise.all([block?.data?.(input) ?? [], block?.sections?.(input) ?? []])
    await this.preload(sections.map((section) => section.block))
    const sectionQueries = sections.flatMap((section) => {
      const data = this.definitions.get(section.block)?.sectionData as SectionData<unknown> | undefined
      const renderer = data && this.peek(section.block)
      if (!data || !renderer) return []
      try {
        return data(renderer.check(section.props).props, input)
      } catch (error) {
        if (error instanceof ValidationError) return []
        throw error
      }
    })
    return [...own, ...sectionQueries]
  }

  /**
   * Loads the blocks registered under these keys; unknown keys are skipped (they render the
   * fallback). Without `schemas`, their props schemas are left to load when needed: the browser
   * hydrates a page with the props the server checked.
   */
  async preload(keys: Iterable<string>, { schemas = true }: { schemas?: boolean } = {}): Promise<void> {
    const known = [...new Set(keys)].filter((key) => this.has(key))
    await Promise.all(known.map((key) => (schemas ? this.load(key) : this.loadComponent(key))))
  }
}
