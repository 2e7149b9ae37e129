/**
 * fast-check arbitraries of a contract's inputs, from the JSON Schema of its zod schemas (the same
 * document the OpenAPI description publishes): valid values, and values broken at one place (a
 * naughty string, a value of another type, a text over its maximum, a field left out or added).
 * Test code only. Why hand-written: docs/adr/0015.
 */
import fc from 'fast-check'

/** The JSON Schema keywords zod writes for a contract's input (a test fails on any other). */
export interface JsonSchema {
  type?: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'null'
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
}

const KNOWN = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'oneOf',
  'anyOf',
  'description',
  'default',
  'additionalProperties',
])

export interface Samples {
  /** Texts that break input handling (the big list of naughty strings). */
  naughty: readonly string[]
  /**
   * Values that exist in the database, by the name of the field that takes them (`planId`: the
   * plans' ids), drawn more often than random ones so that a request reaches past "not found".
   */
  byName: Readonly<Record<string, readonly (string | number)[]>>
}

/** The samples of a field that its schema takes, mixed with random values (or the random ones alone). */
function withSamples<T extends string | number>(
  random: fc.Arbitrary<T>,
  samples: Samples,
  name: string | undefined,
  takes: (value: string | number) => value is T,
): fc.Arbitrary<T> {
  const known = (name === undefined ? [] : (samples.byName[name] ?? [])).filter(takes)
  return known.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: random })
    : random
}

/** A JSON value of any shape, small. */
const anything = fc.jsonValue({ maxDepth: 2 })

/** A value of another type than the schema's. */
const otherType = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const kinds: fc.Arbitrary<unknown>[] = []
  if (schema.type !== 'string') kinds.push(fc.string({ maxLength: 8 }))
  if (schema.type !== 'number' && schema.type !== 'integer') kinds.push(fc.oneof(fc.integer(), fc.double()))
  if (schema.type !== 'boolean') kinds.push(fc.boolean())
  if (schema.type !== 'object') kinds.push(fc.dictionary(fc.string({ maxLength: 4 }), anything, { maxKeys: 2 }))
  if (schema.type !== 'array') kinds.push(fc.array(anything, { maxLength: 2 }))
  kinds.push(fc.constant(null))
  return fc.oneof(...kinds)
}

function validString(schema: JsonSchema, samples: Samples, name: string | undefined): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const fits = (text: string) => text.length >= min && text.length <= (schema.maxLength ?? Infinity)
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern)
  const random = (): fc.Arbitrary<string> => {
    if (schema.format === 'email') return fc.emailAddress().filter(fits)
    if (schema.format === 'date')
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10))
    // Small: a pattern's repeats are long at larger sizes, and would mostly be over the maximum.
    if (pattern) return fc.stringMatching(pattern, { size: 'xsmall' }).filter(fits)
    return fc.string({
      minLength: min,
      maxLength: Math.max(min, Math.min(schema.maxLength ?? 40, 80)),
      unit: 'grapheme',
    })
  }
  return withSamples(
    random(),
    samples,
    name,
    (text): text is string => typeof text === 'string' && fits(text) && (!pattern || pattern.test(text)),
  )
}

function validNumber(schema: JsonSchema, samples: Samples, name: string | undefined): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000)
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000_000)
  const random =
    schema.type === 'number'
      ? fc.double({ min, max, noNaN: true })
      : fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
  return withSamples(
    random,
    samples,
    name,
    (value): value is number => typeof value === 'number' && value >= min && value <= max,
  )
}

/** Values the schema takes (or nearly: a refinement zod adds, a check on the database, may still refuse them). */
export function valid(schema: JsonSchema, samples: Samples, name?: string): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((keyword) => !KNOWN.has(keyword))
  if (unknown.length) throw new Error(`No arbitrary for the JSON Schema keywords ${unknown.join(', ')}`)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const options = schema.oneOf ?? schema.anyOf
  if (options) return fc.oneof(...options.map((option) => valid(option, samples, name)))
  switch (schema.type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, valid(property, samples, key)]),
      )
      return fc.record(properties, { requiredKeys: schema.required ?? [] })
    }
    case 'array':
      return fc.array(valid(schema.items ?? {}, samples), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      })
    case 'string':
      return validString(schema, samples, name)
    case 'number':
    case 'integer':
      return validNumber(schema, samples, name)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return anything
  }
}

/** A value broken at its top: another type, a naughty text, or a text over its maximum. */
function brokenLeaf(schema: JsonSchema, samples: Samples): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    otherType(schema),
    fc.constantFrom(...samples.naughty),
    fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\uDFFF x'),
  ]
  if (schema.type === 'string' && schema.maxLength !== undefined)
    options.push(fc.constantFrom(schema.maxLength + 1, schema.maxLength * 4 + 7).map((length) => 'x'.repeat(length)))
  if (schema.type === 'number' || schema.type === 'integer')
    options.push(fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, 1e308, -1e308, 0.5))
  return fc.oneof(...options)
}

/** Values the schema takes, broken at one place (any depth): what a careless or hostile client sends. */
export function broken(schema: JsonSchema, samples: Samples, name?: string): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {})
  if (schema.type !== 'object' || properties.length === 0) return brokenLeaf(schema, samples)
  const whole = valid(schema, samples, name) as fc.Arbitrary<Record<string, unknown>>
  const names = properties.map(([name]) => name)
  return fc.oneof(
    brokenLeaf(schema, samples),
    // One property broken (recursively), the rest valid.
    fc
      .tuple(whole, fc.constantFrom(...properties))
      .chain(([value, [key, property]]) => broken(property, samples, key).map((part) => ({ ...value, [key]: part }))),
    // A property left out, or one added.
    fc
      .tuple(whole, fc.constantFrom(...names))
      .map(([value, name]) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== name))),
    fc
      .tuple(whole, fc.string({ maxLength: 12 }), anything)
      .map(([value, name, extra]) => ({ ...value, [name]: extra })),
  )
}
