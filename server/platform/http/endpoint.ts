import type { Context, Hono } from 'hono'
import { z } from '#schemas/engine/zod.ts'
import {
  accessLabel,
  type Access,
  type ApiContract,
  type ContractParsed,
  type ContractResponseInput,
} from '#schemas/engine/contract.ts'
import { ValidationError } from '#schemas/engine/validation-error.ts'
import type { FileAnswer } from '#schemas/api/files.ts'
import { wordMessage, type MessageWords } from '#schemas/engine/messages.ts'

export type { Access } from '#schemas/engine/contract.ts'

/** An error with an HTTP status and, for validation, one issue per problem. Rendered as `{ message, issues? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503,
    message: string,
    readonly issues?: { path: (string | number)[]; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** What a handler receives: the contract's parsed inputs and the request's context. */
export type EndpointInput<C extends ApiContract, Ctx> = ContractParsed<C> & { ctx: Ctx; c: Context }

/** A contract and the handler that implements it. */
export interface Endpoint<Ctx> {
  contract: ApiContract
  handle: (input: { params: unknown; query: unknown; body: unknown; ctx: Ctx; c: Context }) => Promise<unknown>
}

/**
 * Returns the endpoint declarer for a context type. A handler implements a contract of
 * `schemas/api/`: its inputs are parsed with the contract's schemas on the way in and its answer
 * checked on the way out; the handler receives the parsed values, typed from the schemas.
 */
export function endpointsFor<Ctx>() {
  return function endpoint<C extends ApiContract>(
    api: C,
    handle: (input: EndpointInput<C, Ctx>) => Promise<ContractResponseInput<C>>,
  ): Endpoint<Ctx> {
    // Sound erasure: `mount` calls `handle` only with values parsed by this contract's schemas.
    return { contract: api, handle: handle as Endpoint<Ctx>['handle'] }
  }
}

function parse<T>(schema: z.ZodMiniType<T> | undefined, value: unknown, where: string): T | undefined {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const error = ValidationError.fromZod(result.error)
  throw new HttpError(
    422,
    error.message,
    error.issues.map((issue) => ({ ...issue, path: [where, ...issue.path] })),
  )
}

/**
 * PostgreSQL refuses the NUL character in text: every body is checked for it after its schema, so
 * it is a 422 at its field, never a 500 at an insert.
 */
export function unstorableText(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; message: string }[] {
  if (typeof value === 'string')
    return value.includes('\u0000') ? [{ path, message: 'Remove the NUL character from this text' }] : []
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableText(item, [...path, index]))
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => unstorableText(item, [...path, key]))
  return []
}

/**
 * How deeply a body may nest objects and arrays: four times the deepest contract (the content, about
 * 8 levels), and far below what exhausts the stack of the checks that recurse (zod's, this file's,
 * the content's migrations and ajv's).
 */
export const BODY_MAX_DEPTH = 32

/** The path of the first object or array nested deeper than `maxDepth` levels (found without recursion), or undefined. */
export function tooDeep(value: unknown, maxDepth: number): (string | number)[] | undefined {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue
    if (next.path.length >= maxDepth) return next.path
    for (const [key, child] of Object.entries(next.value))
      pending.push({ value: child, path: [...next.path, Array.isArray(next.value) ? Number(key) : key] })
  }
  return undefined
}

const refuse = (issues: { path: (string | number)[]; message: string }[]) =>
  new HttpError(
    422,
    `Validation error: ${issues.map((issue) => `${issue.path.slice(1).join('.')}: ${issue.message}`).join('; ')}`,
    issues,
  )

function parseBody<T>(schema: z.ZodMiniType<T> | undefined, value: unknown): T | undefined {
  const deep = tooDeep(value, BODY_MAX_DEPTH)
  if (deep)
    throw refuse([
      { path: ['body', ...deep], message: `Nest objects and arrays at most ${BODY_MAX_DEPTH} levels deep` },
    ])
  const body = parse(schema, value, 'body')
  const issues = unstorableText(body, ['body'])
  if (issues.length) throw refuse(issues)
  return body
}

/** A name as a header carries it: ASCII without quotes or separators (the `filename*` keeps the whole name). */
const asciiName = (name: string) => name.replace(/[^\w.\- ]/g, '_').slice(0, 150) || 'file'

/** The file name extensions of each type a file contract may answer (the first is given when a name has none of them). */
const FILE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'text/csv': ['csv'],
}

/**
 * The name a file is saved under: its own when its extension is one of its type's, else with its
 * type's. An upload is checked by its declared type and first bytes, so a PNG's signature followed
 * by HTML, named `report.html`, is stored as a PNG: it downloads as `report.png`, and a computer
 * opens it as the image it was accepted as, never as a page.
 */
export function downloadName(name: string, contentType: string): string {
  const extensions = FILE_EXTENSIONS[contentType]
  if (!extensions) throw new Error(`No file name extension is known for ${contentType}`)
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (extensions.includes(extension)) return name
  return `${dot > 0 ? name.slice(0, dot) : name || 'file'}.${extensions[0]!}`
}

/**
 * A file contract's answer: an attachment of one of its types, under a name with that type's
 * extension, never shown in the browser's window nor sniffed as another type, and kept in no
 * cache (staff files hold personal data).
 */
function fileResponse(c: Context, file: FileAnswer, definition: ApiContract): Response {
  if (!definition.file?.types.includes(file.contentType))
    throw new Error(`${definition.path} answered a file of type ${file.contentType}, not one of its contract's`)
  const type = file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType
  const name = downloadName(file.name, file.contentType)
  return c.body(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  })
}

/** Resolves the caller of an endpoint (session, tenant) and enforces its access. */
export type ResolveContext<Ctx> = (c: Context, access: Access) => Promise<Ctx>

/**
 * An endpoint's answer to a caller whose context is resolved: its inputs (as a request carries
 * them) parsed by the contract, and its handler's answer checked by the contract once.
 */
export async function endpointAnswer<Ctx>(
  { contract: definition, handle }: Endpoint<Ctx>,
  c: Context,
  ctx: Ctx,
  raw: { params: unknown; query: unknown; body?: unknown },
): Promise<unknown> {
  const result = await handle({
    body: parseBody(definition.body, raw.body),
    query: parse(definition.query, raw.query, 'query'),
    params: parse(definition.params, raw.params, 'params'),
    ctx,
    c,
  })
  const checked = definition.response.safeParse(result)
  if (!checked.success)
    throw new Error(
      `Response of ${definition.method.toUpperCase()} ${definition.path} does not match its schema: ${checked.error.message}`,
    )
  return checked.data
}

/**
 * Mounts endpoints on the app; `context` resolves the caller (session, tenant) and enforces access.
 * A visitor's or member's answer that says something (`message`) says it in the words of the
 * request's language (`wordsOf`, schemas/engine/messages.ts); the console's stay as written.
 */
export function mount<Ctx>(
  app: Hono,
  endpoints: readonly Endpoint<Ctx>[],
  context: ResolveContext<Ctx>,
  wordsOf: (c: Context) => Promise<MessageWords | undefined> = () => Promise.resolve(undefined),
): void {
  for (const endpoint of endpoints) {
    const { contract: definition } = endpoint
    app.on(definition.method.toUpperCase(), definition.path, async (c) => {
      const ctx = await context(c, definition.access)
      let rawBody: unknown
      if (definition.body) {
        rawBody = await c.req.json().catch(() => {
          throw new HttpError(400, 'The request body must be JSON')
        })
      }
      const raw = { body: rawBody, query: c.req.query(), params: c.req.param() }
      const checked = await endpointAnswer(endpoint, c, ctx, raw)
      if (definition.file) return fileResponse(c, checked as FileAnswer, definition)
      const said =
        typeof definition.access === 'string' &&
        typeof checked === 'object' &&
        checked !== null &&
        'message' in checked &&
        typeof checked.message === 'string'
          ? { ...checked, message: wordMessage(checked.message, await wordsOf(c)) }
          : checked
      return c.json(said as object, definition.status ?? 200)
    })
  }
}

/** A contract's schema as JSON Schema 2020-12: what the OpenAPI document publishes and the contract tests walk. */
export const contractJsonSchema = (value: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(value, { io, unrepresentable: 'any', target: 'draft-2020-12' })

/** The OpenAPI 3.1 document of the endpoints (JSON Schema 2020-12 from the zod schemas). */
export function openApiDocument<Ctx>(endpoints: readonly Endpoint<Ctx>[], info: { title: string; version: string }) {
  const schema = contractJsonSchema
  const paths: Record<string, Record<string, unknown>> = {}
  for (const { contract: definition } of endpoints) {
    const path = definition.path.replace(/:([A-Za-z]+)/g, '{$1}')
    const parameters = [
      ...Object.keys(objectShape(definition.params)).map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...Object.entries(objectShape(definition.query)).map(([name, field]) => ({
        name,
        in: 'query',
        required: !z.safeParse(field, undefined).success,
        schema: schema(field, 'input'),
      })),
    ]
    paths[path] = {
      ...paths[path],
      [definition.method]: {
        summary: definition.summary,
        tags: definition.tags,
        ...(definition.access === 'public'
          ? { security: [] }
          : { security: [{ session: [] }], description: `Requires a signed-in ${accessLabel(definition.access)}.` }),
        ...(parameters.length ? { parameters } : {}),
        ...(definition.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schema(definition.body, 'input') } },
              },
            }
          : {}),
        responses: {
          [String(definition.status ?? 200)]: definition.file
            ? {
                description: 'A file, as an attachment',
                content: Object.fromEntries(
                  definition.file.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
                ),
              }
            : {
                description: 'OK',
                content: { 'application/json': { schema: schema(definition.response, 'output') } },
              },
          default: {
            description: 'An error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            issues: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  path: { type: 'array', items: { type: ['string', 'integer'] } },
                  message: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  }
}

function objectShape(schema: z.ZodMiniType | undefined): Readonly<Record<string, z.core.$ZodType>> {
  return schema instanceof z.ZodMiniObject ? schema.shape : {}
}
