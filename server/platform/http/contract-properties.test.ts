import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiContract } from '#schemas/engine/contract.ts'
import { z } from '#schemas/engine/zod.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { apiEndpoints } from '../../app.ts'
import {
  ADMIN,
  cardToken,
  DATABASES,
  EDITOR,
  MEMBER,
  SUPPORT,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'
import { broken, valid, type JsonSchema, type Samples } from './contract-arbitraries.ts'
import { contractJsonSchema } from './endpoint.ts'

/**
 * Every endpoint of the API, with requests generated from its contract (fast-check, a fixed seed,
 * bounded runs): valid ones and ones broken at one place, with the big list of naughty strings.
 * None may answer 500, and every refusal has the error shape.
 */

const RUM_TOKEN = 'property-test-token'
const RUNS = 30
const naughty = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../tests/corpus/blns.json'), 'utf8'),
) as string[]
const demo = Object.values(demoData)
const planIds = demo.flatMap((data) => data.plans.map((plan) => plan.id))
const officeIds = demo.flatMap((data) => data.offices.map((office) => office.id))
const providerIds = demo.flatMap((data) =>
  data.offices.flatMap((office) => office.providers.map((provider) => provider.id)),
)
const coupons = demo.flatMap((data) => data.coupons.map((coupon) => coupon.code))
/** What exists in the database, by the names of the fields that take it (`id`: of anything, a group's key too). */
const samples: Samples = {
  naughty,
  byName: {
    planId: planIds,
    plan_id: planIds,
    officeId: officeIds,
    location_id: officeIds,
    providerId: providerIds,
    memberId: [1, 2],
    id: [...planIds, ...officeIds, 1, 2, 3, ...tenants.tenants.map((tenant) => tenant.groupKey)],
    coupon: coupons,
    couponCode: coupons,
    email: demo.flatMap((data) => data.accounts.map((account) => account.email)),
    password: ['A-good-password-2026'],
    cardToken: [cardToken('4242 4242 4242 4242'), cardToken('4000 0000 0000 0002')],
    clientToken: [RUM_TOKEN],
    version: ['working', 'published', '1'],
  },
}

const errorShape = z.strictObject({
  message: z.string().check(z.minLength(1)),
  issues: z.optional(
    z.array(z.strictObject({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })),
  ),
})

/** Escapes that are not UTF-8, and NUL, as a client may write them into an address. */
const BAD_ESCAPES = ['%00', '%FF', '%C0%80', '%ED%A0%80', '%E0%80', '%', '%zz']
/** Bodies that are not JSON, or not an object. */
const BAD_JSON = ['', '{', '[1,', '{"a":1}}', 'null', '"text"', '12', '[]', '{"__proto__":{"x":1}}']

/** A text that encodeURIComponent takes: a lone surrogate as U+FFFD (the address's own escapes of one are among BAD_ESCAPES). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

interface Call {
  path: string
  body?: string
}

const schemaOf = (part: z.ZodMiniType | undefined): JsonSchema | undefined =>
  part ? (contractJsonSchema(part, 'input') as JsonSchema) : undefined

/** A value as an address writes it (an object as JSON: its own `toString` may be anything). */
const text = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value))
/** A query value as an address carries it (a list: the name repeated). */
const queryPairs = (value: unknown): [string, string][] =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([name, item]) =>
        item === undefined
          ? []
          : Array.isArray(item)
            ? item.map((entry): [string, string] => [name, text(entry)])
            : [[name, text(item)]],
      )
    : [['value', text(value)]]

/** Requests for a contract: each part valid, or broken (and then the address's escapes, the body's JSON too). */
function calls(contract: ApiContract): fc.Arbitrary<Call> {
  const part = (schema: JsonSchema | undefined, name?: string) =>
    schema
      ? fc.oneof(
          { weight: 2, arbitrary: valid(schema, samples, name) },
          { weight: 3, arbitrary: broken(schema, samples, name) },
        )
      : fc.constant(undefined)
  const params = schemaOf(contract.params)
  const paramValue = (name: string) =>
    fc.oneof(
      part(params?.properties?.[name], name).map((value) => encodeURIComponent(wellFormed(text(value)))),
      fc.constantFrom(...BAD_ESCAPES),
    )
  const names = [...contract.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!)
  const path = fc
    .tuple(...names.map(paramValue))
    .map((values) =>
      names.reduce<string>((address, name, index) => address.replace(`:${name}`, values[index]!), contract.path),
    )
  const querySchema = schemaOf(contract.query)
  const queryOf = (value: unknown) => (value === undefined ? '' : new URLSearchParams(queryPairs(value)).toString())
  const queryText = part(querySchema).map(queryOf)
  // One parameter's value written with an escape that is not text, the others valid.
  const escaped = fc
    .tuple(
      querySchema ? valid(querySchema, samples).map(queryOf) : fc.constant(''),
      fc.constantFrom(...Object.keys(querySchema?.properties ?? { x: {} })),
      fc.constantFrom(...BAD_ESCAPES),
    )
    .map(([others, name, escape]) => {
      const rest = new URLSearchParams(others)
      rest.delete(name)
      return [rest.toString(), `${encodeURIComponent(name)}=${escape}`].filter(Boolean).join('&')
    })
  const query = fc.oneof({ weight: 4, arbitrary: queryText }, { weight: 1, arbitrary: escaped })
  const bodySchema = schemaOf(contract.body)
  const body = bodySchema
    ? fc.oneof(
        { weight: 5, arbitrary: part(bodySchema).map((value) => JSON.stringify(value) as string | undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...BAD_JSON) },
      )
    : fc.constant(undefined)
  return fc.record({ path, query, body }).map(({ path, query, body }) => ({
    path: query ? `${path}?${query}` : path,
    ...(body === undefined ? {} : { body }),
  }))
}

describe.each(DATABASES)(
  'every endpoint, with generated requests valid and invalid: never a 500, every refusal in the error shape (%s)',
  (kind) => {
    let server: TestServer
    const clients = {} as Record<'public' | 'member' | 'editor' | 'second-factor' | 'staff', TestClient>
    /** A client the endpoint lets in: the content manager for content endpoints, else the demo administrator (admin and support). */
    const clientFor = (access: ApiContract['access']) =>
      clients[typeof access === 'string' ? access : access.staff.includes('content') ? 'editor' : 'staff']
    beforeAll(async () => {
      server = await startTestServer(kind, { env: { RUM_CLIENT_TOKEN: RUM_TOKEN } })
      clients.public = server.client()
      // A checkout under way, so that its steps are reached.
      await clients.public.request('/api/km/checkout/temp_token', { method: 'POST' })
      clients.member = await server.client().login(MEMBER)
      clients.editor = await server.staffClient(EDITOR)
      clients.staff = await server.client().staffLogin(ADMIN)
      // A staff sign-in waiting for its code.
      clients['second-factor'] = server.client()
      await clients['second-factor'].request('/api/v4/staff/signIn', {
        method: 'POST',
        body: { email: SUPPORT.email, password: SUPPORT.password },
      })
    }, 60_000)
    afterAll(() => server.close())

    it.each(
      apiEndpoints.map(({ contract }) => [`${contract.method.toUpperCase()} ${contract.path}`, contract] as const),
    )(
      '%s',
      async (_name, contract) => {
        const client = clientFor(contract.access)
        await fc.assert(
          fc.asyncProperty(calls(contract), async (call) => {
            const response = await client.request(call.path, {
              method: contract.method.toUpperCase(),
              ...(call.body === undefined ? {} : { json: call.body }),
            })
            const text = await response.text()
            expect(response.status, `${response.status} ${text.slice(0, 300)}`).toBeLessThan(500)
            if (response.status >= 400) {
              expect(response.headers.get('content-type')).toMatch(/^application\/json/)
              expect(errorShape.safeParse(JSON.parse(text)).error?.issues ?? [], text.slice(0, 300)).toEqual([])
            }
          }),
          { seed: 26, numRuns: RUNS, endOnFailure: true },
        )
      },
      30_000,
    )
  },
)
