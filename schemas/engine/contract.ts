import type { z } from './zod.ts'
import type { Register } from './register.ts'

/**
 * A staff role, as the site registers them (`staffRole` in its `Register`, register.ts): the
 * contracts know no site's vocabulary of their own. Any name when the site registers none.
 */
export type StaffRole = Register extends { site: { staffRole: infer Role extends string } } ? Role : string

/**
 * Who may call an endpoint: anyone, a signed-in member, a staff member signed in with both factors
 * who holds one of the roles listed (the site's roles), or (`second-factor`) a staff member whose
 * password is checked and whose second factor is still to come.
 */
export type Access = 'public' | 'member' | 'second-factor' | { readonly staff: readonly StaffRole[] }

/** An access rule in words (the OpenAPI document, error messages). */
export const accessLabel = (access: Access): string =>
  typeof access === 'string' ? access : `staff (${access.staff.join(' or ')})`
export type HttpMethod = 'get' | 'post' | 'put' | 'delete'

/**
 * An API contract: the one place a path, its method and the shapes of its inputs and answer are
 * written. The server implements it (`endpoint()` in server/platform/http/endpoint.ts), the browser derives its
 * fetcher and query options from it (the engine's `callApi` / `apiQuery`), and the OpenAPI
 * document is generated from it.
 */
export interface ApiContract<
  Params extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniType,
  Body extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly method: HttpMethod
  /** Path in `:name` syntax: `/api/v4/plans/:id`. */
  readonly path: `/${string}`
  readonly summary: string
  readonly tags: readonly string[]
  readonly access: Access
  readonly params?: Params | undefined
  readonly query?: Query | undefined
  readonly body?: Body | undefined
  readonly response: Response
  readonly status?: 200 | 201 | undefined
  /**
   * A file, not JSON: the answer is sent as an attachment of one of these types (its response
   * schema is `fileAnswerSchema`, schemas/api/files.ts: declare it with `fileContract`). A browser
   * links to it (`contractUrl`) rather than calling it.
   */
  readonly file?: { readonly types: readonly string[] } | undefined
}

/**
 * A contract known by its method and path, whose schemas load with its first call: the browser's
 * pages refer to contracts this way (`schemas/api/routes.ts`), so zod is not part of their start.
 */
export interface LazyContract<C extends ApiContract = ApiContract> {
  readonly method: C['method']
  readonly path: C['path']
  readonly load: () => Promise<C>
}

/** A contract, or a reference to one that loads it. */
export type ContractRef<C extends ApiContract = ApiContract> = C | LazyContract<C>

/** The contract of a reference, loaded. */
export const resolveContract = <C extends ApiContract>(ref: ContractRef<C>): Promise<C> =>
  'load' in ref ? ref.load() : Promise.resolve(ref)

/**
 * References to a module's contracts from their methods and paths (`npm run schemas:generate`
 * writes them, schemas/api/*.routes.ts); the module loads once, with the first call of any of them.
 */
export function lazyContracts<Group extends Record<string, ApiContract>>(
  routes: { readonly [Name in keyof Group]: readonly [Group[Name]['method'], Group[Name]['path']] },
  load: () => Promise<Group>,
): { readonly [Name in keyof Group]: LazyContract<Group[Name]> } {
  let loading: Promise<Group> | undefined
  const group = () => {
    loading ??= load()
    // A chunk that could not be fetched is tried again by the next call.
    loading.catch(() => (loading = undefined))
    return loading
  }
  const entries = Object.entries(routes) as [string, readonly [HttpMethod, `/${string}`]][]
  return Object.fromEntries(
    entries.map(([name, [method, path]]): [string, LazyContract] => [
      name,
      { method, path, load: () => group().then((contracts) => contracts[name]!) },
    ]),
  ) as { readonly [Name in keyof Group]: LazyContract<Group[Name]> }
}

/** Declares a contract; the literal types of its schemas are kept, so callers are typed from them. */
export function contract<
  Params extends z.ZodMiniType = z.ZodMiniUndefined,
  Query extends z.ZodMiniType = z.ZodMiniUndefined,
  Body extends z.ZodMiniType = z.ZodMiniUndefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(definition: ApiContract<Params, Query, Body, Response>): ApiContract<Params, Query, Body, Response> {
  return definition
}

type Defined<T, Key extends keyof T> = Exclude<T[Key], undefined>
type InputOf<S> = S extends z.ZodMiniUndefined ? undefined : S extends z.ZodMiniType ? z.input<S> : undefined
type OutputOf<S> = S extends z.ZodMiniUndefined ? undefined : S extends z.ZodMiniType ? z.output<S> : undefined

/** What a caller sends: params, query and body, each as the contract's schema takes them. */
type Part = 'params' | 'query' | 'body'
type Taken<C extends ApiContract, K extends Part> = InputOf<Defined<C, K>> extends undefined ? never : K
/** A part whose every field is optional may be left out. */
type Optional<C extends ApiContract, K extends Part> = object extends InputOf<Defined<C, K>> ? K : never
export type ContractInput<C extends ApiContract> = {
  [K in Part as Exclude<Taken<C, K>, Optional<C, K>>]: InputOf<Defined<C, K>>
} & {
  [K in Part as Taken<C, K> & Optional<C, K>]?: InputOf<Defined<C, K>>
}
/** What a handler receives: the parsed params, query and body. */
export type ContractParsed<C extends ApiContract> = {
  params: OutputOf<Defined<C, 'params'>>
  query: OutputOf<Defined<C, 'query'>>
  body: OutputOf<Defined<C, 'body'>>
}
/** The parsed answer of a contract. */
export type ContractResponse<C extends ApiContract> = z.output<C['response']>
/** The answer a handler returns, before the response schema parses it. */
export type ContractResponseInput<C extends ApiContract> = z.input<C['response']>

/**
 * The URL of a call: the path with its parameters filled in (each encoded) and the query string
 * (undefined, null and empty values left out). A missing parameter is a programming error.
 */
export function contractUrl(api: Pick<ApiContract, 'path'>, input: { params?: unknown; query?: unknown }): string {
  const params = (input.params ?? {}) as Record<string, string | number | boolean | null | undefined>
  const path = api.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '')
      throw new Error(`${api.path} needs the parameter "${name}"`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(
    (input.query ?? {}) as Record<string, string | number | boolean | null | undefined>,
  )) {
    if (value === undefined || value === null || value === '') continue
    search.set(name, String(value))
  }
  const query = search.toString()
  return query ? `${path}?${query}` : path
}
