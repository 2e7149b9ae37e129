import { z } from '#schemas/engine/zod.ts'

/** A Storybook control, as plain data (the engine does not depend on Storybook). */
export interface ArgControl {
  control: 'text' | 'boolean' | 'number' | 'select' | 'object'
  options?: readonly string[]
  description?: string
}

type JsonSchema = z.core.JSONSchema.JSONSchema

function controlOf(schema: JsonSchema | boolean): ArgControl {
  if (typeof schema === 'boolean') return { control: 'object' }
  const options =
    schema.anyOf?.find((option): option is JsonSchema => typeof option !== 'boolean' && option.type !== 'null') ??
    schema
  const types = [options.type].flat()
  const description = schema.description ?? options.description
  const base = description ? { description } : {}
  if (Array.isArray(options.enum)) return { ...base, control: 'select', options: options.enum.map(String) }
  if (types.includes('boolean')) return { ...base, control: 'boolean' }
  if (types.includes('number') || types.includes('integer')) return { ...base, control: 'number' }
  if (types.includes('string')) return { ...base, control: 'text' }
  return { ...base, control: 'object' }
}

/**
 * Storybook controls for a block, derived from its props schema: text for text, a toggle for
 * flags, a select for enums, JSON editing for lists and nested objects.
 */
export function argTypesFromSchema(schema: z.ZodMiniType): Record<string, ArgControl> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })
  return Object.fromEntries(Object.entries(json.properties ?? {}).map(([key, value]) => [key, controlOf(value)]))
}
