/**
 * The block vocabulary: what a block is (its definition, its page data, guard and sections), how a
 * site declares one (`defineBlock`, `defineSectionBlock`) and the keys a registry holds blocks under.
 * The runtime registry that loads them is engine/registry.ts.
 */
import { createElement, type ComponentType, type ReactElement } from 'react'
import type { z } from '#schemas/engine/zod.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import type { ApiContract, ContractResponse } from '#schemas/engine/contract.ts'
import type { AnyApiQuery, ApiQuery } from './api.ts'
import type { PathTo } from './paths.ts'
import type { BlockContext } from './block-context.ts'
import { sameJson } from './same-json.ts'
import type { LayoutKey, PageId, SiteContent, SiteSession } from './site.ts'

/**
 * Renders a block from props that have not been checked yet; throws a ValidationError on bad props.
 * Its props schema must be loaded first (`loadSchema`): on the server it loads with the block, in the
 * browser when a block's input is not the one the server checked (engine/block-slot.tsx).
 */
export interface BlockRenderer {
  (input: unknown): ReactElement
  /** Checks an input (the last checked again while its values are the same); `same`: the props equal the input. */
  readonly check: (input: unknown) => CheckedProps
  /** Renders props already checked (the server's, when the page hydrates). */
  readonly withProps: (props: unknown) => ReactElement
  /** Whether the props schema is loaded, so the block can check an input now. */
  readonly schemaLoaded: () => boolean
  /** Loads the props schema once (and zod with it, in the browser). */
  readonly loadSchema: () => Promise<void>
  /** The block's `select`: reads its props (unchecked) from the engine's context. */
  readonly select: (context: BlockContext) => unknown
}

/** A section as a site's content lists it: the key of its block, and its settings (the block checks them). */
export interface SectionContent {
  block: string
  props?: unknown
}

/** What a page's queries may depend on: the route's parameters, its parsed search and the session. */
export interface PageDataInput {
  /** The page identifier the route renders (one block may serve several pages). */
  page: PageId
  params: Readonly<Record<string, string | undefined>>
  search: Readonly<Record<string, unknown>>
  session: SiteSession
  /** The tenant's content (for queries that depend on it, such as the plans a site offers). */
  content: SiteContent
}
/**
 * A page block's data needs (its definition's `data`). It may answer a promise, to load what
 * describes the queries only when the page needs it.
 */
export type PageData = (input: PageDataInput) => readonly AnyApiQuery[] | Promise<readonly AnyApiQuery[]>

/**
 * The sections a page renders inside itself (its definition's `sections`): the route loader loads
 * their blocks with the page, which then renders at once (no loading state between pages, and back
 * returns to the place the visitor left), and runs each section's own data queries with the page's.
 */
export type PageSections = (input: PageDataInput) => readonly SectionContent[] | Promise<readonly SectionContent[]>

/** A section block's data needs, from its checked props (its definition's `data`). */
export type SectionData<Props> = (props: Props, input: PageDataInput) => readonly AnyApiQuery[]

/** What a page's guard sees: its data input, the address, and the outcome of each of its queries. */
export interface PageGuardInput extends PageDataInput {
  /** The requested path (a parent page's guard sees its children's paths too). */
  path: string
  pathTo: PathTo
  /** A query's data once it loaded, its error once it failed; undefined when it did not run. */
  outcome: <C extends ApiContract>(query: ApiQuery<C>) => { data: ContractResponse<C> } | { error: unknown } | undefined
}
/**
 * A page block's rule for where the visitor belongs (its definition's `guard`):
 * after the page's queries ran, a path answers a redirect (a 302 in the first HTML, not a flash
 * after hydration). The checkout sends a visitor to the first step not done this way.
 */
export type PageGuard = (input: PageGuardInput) => string | undefined

/** The outcome of a props check: the props, and whether they equal the input (as JSON would carry both). */
export interface CheckedProps {
  props: unknown
  same: boolean
}

/**
 * A props schema, or a loader of its module: a loaded schema keeps zod and the schema's module out
 * of the page's start in the browser (the server checks the props of the first render and sends
 * them with the page; docs/adr/0019).
 */
export type SchemaSource<Props, Input = unknown> =
  z.ZodMiniType<Props, Input> | (() => Promise<z.ZodMiniType<Props, Input>>)

/** The schema of a source, loaded. */
export const loadSchemaOf = <Props, Input>(source: SchemaSource<Props, Input>): Promise<z.ZodMiniType<Props, Input>> =>
  typeof source === 'function' ? source() : Promise.resolve(source)

/**
 * A block as the registry holds it: its props schema, how it reads its props from the
 * engine's context, and a lazy loader for its component (one chunk per block).
 */
export interface Block<Props = unknown> {
  /** The block's folder name, also the name of its chunk. */
  readonly name: string
  readonly title: string
  readonly description?: string | undefined
  /** The props schema, or its loader (`loadSchemaOf` gives it loaded, for the tools). */
  readonly schema: SchemaSource<Props>
  /**
   * For a page block: the schema of its texts and settings in content (`pages.{page}`), for the
   * editor. Loaded on demand: its default texts stay out of the entry chunk.
   */
  readonly settings?: (() => Promise<z.ZodMiniType>) | undefined
  /** Registered under several pages, the block keeps one set of settings (under the first page). */
  readonly sharedSettings?: boolean | undefined
  /** Reads the block's props from the engine's context; the result is checked against `schema`. */
  readonly select: (context: BlockContext) => unknown
  /** For a page block: the API queries the page needs, which the route loader runs before render. */
  readonly data?: PageData | undefined
  /** For a page block: decides after its queries ran whether the visitor belongs on another page. */
  readonly guard?: PageGuard | undefined
  /** For a page block: the sections it renders inside itself, loaded (with their data) with the page. */
  readonly sections?: PageSections | undefined
  /** For a section block: the API queries it shows data from, given its checked props. */
  readonly sectionData?: SectionData<never> | undefined
  /** Static: the browser keeps the HTML the server rendered, without the block's code (see `BlockOptions.static`). */
  readonly static?: boolean | undefined
  /** Loads the component (and the props schema, unless `{ schema: false }`) and returns a renderer that validates props first. */
  readonly load: (options?: { schema?: boolean }) => Promise<BlockRenderer>
}

export interface BlockOptions<Props extends object, Input> {
  name: string
  title: string
  description?: string
  /**
   * The props schema: parses what `select` returns into the component's props. A site's block gives
   * a loader of its module (`() => import('./props.ts').then((module) => module.schema)`), so zod
   * and the schema load in the browser only when a block's props are checked there.
   */
  schema: SchemaSource<Props, Input>
  select: (context: BlockContext) => NoInfer<Input>
  /** For a page block: loads the schema of its settings in content (`pages.{page}`). */
  settings?: () => Promise<z.ZodMiniType>
  /** One set of settings for every page the block is registered under (default: one per page). */
  sharedSettings?: boolean
  /** For a page block: the API queries it needs, run by the route loader before render (in the first HTML). */
  data?: PageData
  /**
   * For a page block: after its queries ran, where the visitor belongs instead (a path answers a
   * redirect: a 302 in the first HTML, not a flash after hydration).
   */
  guard?: PageGuard
  /** For a page block: the sections it renders inside itself (the engine loads them and their data with the page). */
  sections?: PageSections
  /**
   * Static: what the block shows depends only on its settings, the content, the route and public
   * API data (nothing on the visitor), and it holds no control but links. A page the server
   * rendered keeps its HTML when it hydrates, and the browser loads its code only to render it
   * itself (a client-side navigation to a page with it, other settings, route parameters or
   * search); the engine follows its links and fetches the linked pages ahead, as its `Link` does
   * (docs/adr/0021).
   */
  static?: boolean
  /**
   * The component module (its default export: a view that only renders). A site's block imports it statically (`block.ts` is itself loaded on demand, so the
   * definition and the component travel in one chunk); a promise is for a component loaded apart.
   */
  load: () => BlockModule<Props> | Promise<BlockModule<Props>>
}

/** What a block's component module exports: the view. */
export interface BlockModule<Props> {
  default: ComponentType<Props>
}

/** Declares a block. The component stays in its own chunk until `load` is called. */
export function defineBlock<Props extends object, Input>(options: BlockOptions<Props, Input>): Block<Props> {
  const { load, schema: source } = options
  return {
    name: options.name,
    title: options.title,
    description: options.description,
    schema: source,
    settings: options.settings,
    sharedSettings: options.sharedSettings,
    select: options.select,
    data: options.data,
    guard: options.guard,
    sections: options.sections,
    static: options.static,
    async load({ schema: withSchema = true } = {}) {
      let schema: z.ZodMiniType<Props, Input> | undefined = typeof source === 'function' ? undefined : source
      let schemaLoad: Promise<void> | undefined
      const loadSchema = () =>
        (schemaLoad ??= loadSchemaOf(source).then(
          (loaded) => void (schema = loaded),
          (error: unknown) => {
            // A schema chunk that could not be fetched is tried again by the next caller.
            schemaLoad = undefined
            throw error
          },
        ))
      const [{ default: Component }] = await Promise.all([load(), withSchema ? loadSchema() : undefined])
      // The last props checked: `select` mostly returns the same parts of the content (and the same
      // path and session) request after request, so an input whose every value is the one checked
      // last is not parsed again (the check was 13% of a page's render on the server).
      let last: { input: unknown; checked: CheckedProps } | undefined
      const check = (input: unknown): CheckedProps => {
        if (last && sameValues(last.input, input)) return last.checked
        if (!schema)
          throw new Error(
            `The props schema of ${options.name} is not loaded: load it (loadSchema) before its props are checked`,
          )
        const parsed = schema.safeParse(input)
        if (!parsed.success) throw ValidationError.fromZod(parsed.error)
        last = { input, checked: { props: parsed.data, same: sameJson(input, parsed.data) } }
        return last.checked
      }
      const withProps = (props: unknown) => createElement(Component, props as Props)
      const render = (input: unknown) => withProps(check(input).props)
      return Object.assign(render, {
        check,
        withProps,
        schemaLoaded: () => schema !== undefined,
        loadSchema,
        select: options.select,
      })
    },
  }
}

/** The same value, or two plain objects whose own values are each the same (`Object.is`). */
function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) ||
    Array.isArray(b)
  )
    return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

/**
 * Declares a section block: its props are the section's settings from content, checked by its
 * schema (the same schema generates the editor's form for the section).
 */
export function defineSectionBlock<Props extends object>(options: {
  name: string
  title: string
  description: string
  schema: SchemaSource<Props>
  /** The API queries the section shows data from: the page's loader runs them, so they are in the first HTML. */
  data?: SectionData<Props>
  /** Static: the browser keeps its server HTML without its code (see `BlockOptions.static`). */
  static?: boolean
  load: () => BlockModule<Props> | Promise<BlockModule<Props>>
}): Block<Props> {
  const { data, ...rest } = options
  // A section's settings are content the schema checks: its input is anything.
  const block = defineBlock({ ...rest, select: (context) => context.section })
  return data ? { ...block, sectionData: data } : block
}

/** Every key a block can be registered under: the layout keys and the page identifiers. */
export type BlockKey = LayoutKey | PageId

/**
 * A registration: the block, or a loader of its definition (its `block.ts`). With loaders, a page
 * loads only the definitions of the blocks it renders: their props schemas and `select` stay out
 * of the site's entry (the server preloads the ones a page needs with the page).
 */
export type BlockEntry = Block | (() => Promise<Block>)

/**
 * The shape of a site's registry: a block for every layout key (a missing variant is a
 * compile error) and for the page identifiers built so far (a missing page renders the
 * registry's fallback).
 */
export type RegistryBlocks = Record<LayoutKey, BlockEntry> &
  Partial<Record<PageId, BlockEntry>> & { [section: SectionKey]: BlockEntry }

/** A finished site's registry: a block for every layout key and every page identifier (a missing page does not compile). */
export type CompleteRegistryBlocks = RegistryBlocks & Record<PageId, BlockEntry>

/** Section blocks (chosen by content for landing pages) are registered under `section-…` keys. */
export type SectionKey = `section-${string}`
export const isSectionKey = (key: string): key is SectionKey => key.startsWith('section-')
