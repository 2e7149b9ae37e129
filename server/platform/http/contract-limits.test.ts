import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import * as fields from '#schemas/fields.ts'
import { apiEndpoints } from '../../app.ts'
import { ID_MAX } from '#schemas/api/common.ts'
import { contractJsonSchema } from './endpoint.ts'

/**
 * The paths of a JSON Schema's strings that take any text without a maximum length (a string
 * limited to listed values is bounded by them). Walks every keyword that holds schemas.
 */
function unboundedStrings(schema: unknown, at = ''): string[] {
  if (schema === null || typeof schema !== 'object') return []
  const node = schema as Record<string, unknown>
  const types = Array.isArray(node.type) ? node.type : [node.type]
  const own =
    types.includes('string') && node.maxLength === undefined && node.enum === undefined && node.const === undefined
      ? [at || '(root)']
      : []
  return [
    ...own,
    ...Object.entries(node).flatMap(([keyword, value]) => {
      if (keyword === 'properties' || keyword === '$defs')
        return Object.entries(value as Record<string, unknown>).flatMap(([name, child]) =>
          unboundedStrings(child, `${at}.${name}`),
        )
      if (Array.isArray(value))
        return value.flatMap((child, index) => unboundedStrings(child, `${at}.${keyword}[${index}]`))
      return typeof value === 'object' ? unboundedStrings(value, `${at}.${keyword}`) : []
    }),
  ]
}

/** The paths of a JSON Schema's numbers whose maximum is above `max` (or that have none). */
function numbersOver(schema: unknown, max: number, at = ''): string[] {
  if (schema === null || typeof schema !== 'object') return []
  const node = schema as Record<string, unknown>
  const own =
    (node.type === 'integer' || node.type === 'number') && !(typeof node.maximum === 'number' && node.maximum <= max)
      ? [at]
      : []
  return [
    ...own,
    ...Object.entries(node).flatMap(([keyword, value]) => {
      if (keyword === 'properties')
        return Object.entries(value as Record<string, unknown>).flatMap(([name, child]) =>
          numbersOver(child, max, `${at}.${name}`),
        )
      if (Array.isArray(value))
        return value.flatMap((child, index) => numbersOver(child, max, `${at}.${keyword}[${index}]`))
      return typeof value === 'object' ? numbersOver(value, max, `${at}.${keyword}`) : []
    }),
  ]
}

describe('every string an API contract takes has a maximum length, every number a maximum the database holds', () => {
  it('finds a string without one, at its path (so a new contract cannot forget it)', () => {
    const schema = z.object({
      name: z.string().check(z.maxLength(80)),
      notes: z.array(z.object({ text: z.string() })),
      kind: z.enum(['a', 'b']),
      extra: z.optional(z.nullable(z.string())),
    })
    expect(unboundedStrings(contractJsonSchema(schema, 'input'))).toEqual(['.notes.items.text', '.extra'])
  })

  it.each(apiEndpoints.map(({ contract }) => [`${contract.method.toUpperCase()} ${contract.path}`, contract] as const))(
    '%s: params, query and body',
    (_name, contract) => {
      const unbounded = (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = contract[part]
        return schema ? unboundedStrings(contractJsonSchema(schema, 'input'), part) : []
      })
      expect(unbounded).toEqual([])
    },
  )

  it.each(apiEndpoints.map(({ contract }) => [`${contract.method.toUpperCase()} ${contract.path}`, contract] as const))(
    '%s: every number within the database’s integer',
    (_name, contract) => {
      const unbounded = (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = contract[part]
        return schema ? numbersOver(contractJsonSchema(schema, 'input'), ID_MAX, part) : []
      })
      expect(unbounded).toEqual([])
    },
  )

  it('the content fields (schemas/fields.ts) too: every helper bounds its text', () => {
    const helpers: Record<string, z.core.$ZodType> = {
      optionalText: fields.optionalText(),
      defaultedText: fields.defaultedText('Today', 'A text'),
      flag: fields.flag(),
      linkSchema: fields.linkSchema,
      optionalLink: fields.optionalLink(),
      optionalImage: fields.optionalImage(),
      optionalPhoneLink: fields.optionalPhoneLink(),
      colorSchema: fields.colorSchema,
      requiredText: fields.requiredText('Required'),
      richText: fields.richText('Text'),
      list: fields.list(fields.linkSchema),
      mailText: fields.mailText('Today', 'A mail text'),
      // The language marks wrap a helper: what they wrap stays bounded.
      localized: fields.localized(fields.optionalText()),
      fixed: fields.fixed(fields.linkSchema),
    }
    // Every exported helper is listed above (a new one is checked once it is added there).
    const exported = Object.entries(fields)
      .filter(([, value]) => typeof value === 'function' || value instanceof z.ZodMiniType)
      .map(([name]) => name)
    expect(exported.sort()).toEqual(Object.keys(helpers).sort())
    const unbounded = Object.entries(helpers).flatMap(([name, schema]) =>
      unboundedStrings(contractJsonSchema(schema, 'input'), name),
    )
    expect(unbounded).toEqual([])
  })
})
