import type { Context, Hono } from 'hono'
import { z } from 'zod'
import { ValidationError } from '#schemas/validation-error.ts'

/** Who may call an endpoint. */
export type Access = 'public' | 'member' | 'editor'

/** An error with an HTTP status and, for validation, one issue per problem. Rendered as `{ message, issues? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500,
    message: string,
    readonly issues?: { path: (string | number)[]; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`)

/** What a handler receives: parsed inputs and the request's context. */
export interface EndpointInput<Body, Query, Params, Ctx> {
  body: Body
  query: Query
  params: Params
  ctx: Ctx
  c: Context
}

export interface Endpoint<Ctx> {
  method: 'get' | 'post' | 'put' | 'delete'
  /** Hono path syntax: `/api/v4/plans/:id`. */
  path: string
  summary: string
  tags: string[]
  access: Access
  body?: z.ZodType
  query?: z.ZodType
  params?: z.ZodType
  response: z.ZodType
  status?: 200 | 201
  handle: (input: EndpointInput<unknown, unknown, unknown, Ctx>) => Promise<unknown>
}

/**
 * Returns the endpoint declarer for a context type. An endpoint's inputs and its response are
 * zod schemas (the same ones the client uses), parsed on the way in and checked on the way out;
 * the handler receives the parsed values, typed from the schemas. The OpenAPI document is
 * generated from the same declarations.
 */
export function endpointsFor<Ctx>() {
  return function endpoint<Body = undefined, Query = undefined, Params = undefined, Response = unknown>(definition: {
    method: Endpoint<Ctx>['method']
    path: string
    summary: string
    tags: string[]
    access: Access
    body?: z.ZodType<Body>
    query?: z.ZodType<Query>
    params?: z.ZodType<Params>
    response: z.ZodType<Response>
    status?: 200 | 201
    handle: (input: EndpointInput<Body, Query, Params, Ctx>) => Promise<NoInfer<Response>>
  }): Endpoint<Ctx> {
    // Sound erasure: `mount` calls `handle` only with values parsed by these very schemas.
    return definition as unknown as Endpoint<Ctx>
  }
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T | undefined {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const error = ValidationError.fromZod(result.error)
  throw new HttpError(422, error.message, error.issues.map((issue) => ({ ...issue, path: [where, ...issue.path] })))
}

/** Mounts endpoints on the app; `context` resolves the caller (session, tenant) and enforces access. */
export function mount<Ctx>(app: Hono, endpoints: readonly Endpoint<Ctx>[], context: (c: Context, access: Access) => Promise<Ctx>): void {
  for (const definition of endpoints) {
    app.on(definition.method.toUpperCase(), definition.path, async (c) => {
      const ctx = await context(c, definition.access)
      let rawBody: unknown
      if (definition.body) {
        rawBody = await c.req.json().catch(() => {
          throw new HttpError(400, 'The request body must be JSON')
        })
      }
      const result = await definition.handle({
        body: parse(definition.body, rawBody, 'body'),
        query: parse(definition.query, c.req.query(), 'query'),
        params: parse(definition.params, c.req.param(), 'params'),
        ctx,
        c,
      })
      const checked = definition.response.safeParse(result)
      if (!checked.success) throw new Error(`Response of ${definition.method.toUpperCase()} ${definition.path} does not match its schema: ${checked.error.message}`)
      return c.json(checked.data as object, definition.status ?? 200)
    })
  }
}

/** The OpenAPI 3.1 document of the endpoints (JSON Schema 2020-12 from the zod schemas). */
export function openApiDocument<Ctx>(endpoints: readonly Endpoint<Ctx>[], info: { title: string; version: string }) {
  const schema = (value: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(value, { io, unrepresentable: 'any', target: 'draft-2020-12' })
  const paths: Record<string, Record<string, unknown>> = {}
  for (const definition of endpoints) {
    const path = definition.path.replace(/:([A-Za-z]+)/g, '{$1}')
    const parameters = [
      ...Object.keys(objectShape(definition.params)).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.entries(objectShape(definition.query)).map(([name, field]) => ({ name, in: 'query', required: !field.safeParse(undefined).success, schema: schema(field, 'input') })),
    ]
    paths[path] = {
      ...paths[path],
      [definition.method]: {
        summary: definition.summary,
        tags: definition.tags,
        ...(definition.access === 'public' ? { security: [] } : { security: [{ session: [] }], description: `Requires a signed-in ${definition.access}.` }),
        ...(parameters.length ? { parameters } : {}),
        ...(definition.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(definition.body, 'input') } } } } : {}),
        responses: {
          [String(definition.status ?? 200)]: { description: 'OK', content: { 'application/json': { schema: schema(definition.response, 'output') } } },
          default: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
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
            issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'array', items: { type: ['string', 'integer'] } }, message: { type: 'string' } } } },
          },
        },
      },
    },
  }
}

function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape) : {}
}
