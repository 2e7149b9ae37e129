/**
 * Walks a value along its JSON Schema (the site's content schema, blocks' included): the content's
 * HTML fields are found this way to be sanitised (engine/sanitize.ts), and its texts visitors read
 * to be translated (engine/localized.ts). The fields are the schema's, never a list written by hand.
 */

export type JsonSchema = Record<string, unknown>

export const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
export const branchesOf = (schema: JsonSchema): JsonSchema[] =>
  [schema.anyOf, schema.oneOf, schema.allOf].flatMap((list) => (Array.isArray(list) ? list.filter(isRecord) : []))
const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value
export const admits = (schema: JsonSchema, type: string) =>
  schema.type === undefined ||
  schema.type === type ||
  (Array.isArray(schema.type) && schema.type.includes(type)) ||
  (type === 'number' && schema.type === 'integer')

/**
 * The branches of a union that describe this value: the one its discriminator names (a section's
 * `block`), else those of the value's JSON type.
 */
function chosenBranches(schema: JsonSchema, value: unknown): JsonSchema[] {
  const branches = branchesOf(schema)
  const discriminator = isRecord(schema.discriminator) ? schema.discriminator.propertyName : undefined
  if (typeof discriminator === 'string' && isRecord(value)) {
    return branches.filter(
      (branch) =>
        isRecord(branch.properties) &&
        isRecord(branch.properties[discriminator]) &&
        branch.properties[discriminator].const === value[discriminator],
    )
  }
  return branches.filter((branch) => admits(branch, jsonType(value)))
}

/** A JSON Pointer's segment (RFC 6901). */
export const pointerSegment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1')

/**
 * Maps every string of `value` through `visit`, with the schemas that describe it (the field's, and
 * the union branches on the way to a string one) and its JSON Pointer; nothing else changes. Objects
 * and arrays are copied only where something changed, so a value `visit` keeps stays the same object.
 *
 * `defaults`: a text the value leaves out but its schema gives a default (a page's wording before a
 * content manager changed it) is visited too, at its place, and set there when `visit` changes it.
 */
export function mapStrings<T>(
  schema: JsonSchema,
  value: T,
  visit: (text: string, schemas: readonly JsonSchema[], pointer: string) => string,
  options: { defaults?: boolean } = {},
): T {
  const root = schema
  const resolve = (node: JsonSchema): JsonSchema => {
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return node
    let target: unknown = root
    for (const part of node.$ref.slice(2).split('/').filter(Boolean))
      target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
    return isRecord(target) ? target : node
  }
  const walk = (given: JsonSchema, value: unknown, pointer: string, above: readonly JsonSchema[]): unknown => {
    const node = resolve(given)
    const schemas = [...above, node]
    if (typeof value === 'string') {
      // A string's own branch (a nullable text's `string`) says what it is as much as the field does.
      const strings = branchesOf(node).filter((branch) => admits(branch, 'string'))
      return visit(value, strings.length > 0 ? [...schemas, ...strings] : schemas, pointer)
    }
    let result = value
    for (const branch of chosenBranches(node, value)) result = walk(branch, result, pointer, schemas)
    if (Array.isArray(result) && isRecord(node.items)) {
      const items = node.items
      const next = result.map((item: unknown, index) => walk(items, item, `${pointer}/${index}`, []))
      return next.some((item, index) => item !== (result as unknown[])[index]) ? next : result
    }
    if (isRecord(result)) {
      const properties = isRecord(node.properties) ? node.properties : {}
      const rest = isRecord(node.additionalProperties) ? node.additionalProperties : undefined
      let copy: JsonSchema | undefined
      for (const [key, item] of Object.entries(result)) {
        const field = isRecord(properties[key]) ? properties[key] : rest
        if (!field) continue
        const mapped = walk(field, item, `${pointer}/${pointerSegment(key)}`, [])
        if (mapped !== item) (copy ??= { ...result })[key] = mapped
      }
      if (options.defaults)
        for (const [key, field] of Object.entries(properties)) {
          if (key in result || !isRecord(field)) continue
          const resolved = resolve(field)
          // An object left out is its fields' defaults (a page whose texts are all today's wording).
          const fallback = resolved.default ?? (isRecord(resolved.properties) ? {} : undefined)
          if (typeof fallback !== 'string' && !isRecord(fallback)) continue
          const mapped = walk(field, fallback, `${pointer}/${pointerSegment(key)}`, [])
          if (mapped !== fallback) (copy ??= { ...result })[key] = mapped
        }
      return copy ?? result
    }
    return result
  }
  return walk(schema, value, '', []) as T
}
