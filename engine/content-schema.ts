import { z } from '#schemas/engine/zod.ts'
import type { BlockRegistry } from './registry.ts'
import type { JsonSchema, SiteContentSchema } from './site.ts'

const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The schema of the field at a place in the content (`layout.header`, `landing_pages[].sections`):
 * each step is a property, `[]` a list's items; a nullable step is its non-null branch.
 */
function fieldAt(schema: JsonSchema, place: string): JsonSchema {
  let node: unknown = schema
  for (const step of place.split(/\.|(?=\[\])/)) {
    if (!isRecord(node)) break
    const at: JsonSchema = nonNull(node)
    node = step === '[]' ? at.items : isRecord(at.properties) ? at.properties[step] : undefined
  }
  if (!isRecord(node)) throw new Error(`The site's content schema has no ${place}`)
  return node
}

/** The non-null branch of a nullable field (`anyOf: [X, null]`), or the field itself. */
function nonNull(schema: JsonSchema): JsonSchema {
  const options: unknown = schema.anyOf
  if (Array.isArray(options)) {
    for (const option of options) if (isRecord(option) && option.type !== 'null') return option
  }
  return schema
}

/** A sub-schema carries no `$schema` of its own. */
function withoutDialect(schema: object): JsonSchema {
  const { $schema: _dialect, ...rest } = schema as JsonSchema
  return rest
}

/**
 * The site's content schema: the generic content schema made specific to a registry. Layout keys
 * get the titles of the blocks registered under them (the editor's labels), and a landing page's
 * sections become a choice among the registered section blocks, each with the form of its own
 * props schema. A new block in the registry appears here with no editor code.
 */
export async function siteContentSchema(site: SiteContentSchema, registry: BlockRegistry): Promise<JsonSchema> {
  const schema = structuredClone(await site.load())
  const registered = await registry.definitionsByKey()
  const blocks = new Map(registered)
  for (const place of site.layoutFields) {
    const field = fieldAt(schema, place)
    const options = Array.isArray(field.enum)
      ? field.enum.filter((value): value is string => typeof value === 'string')
      : []
    delete field.enum
    field.type = 'string'
    field.oneOf = options.map((value) => ({
      const: value,
      title: `${blocks.get(value)?.title ?? value} (${value})`,
      description: blocks.get(value)?.description,
    }))
  }
  // The `block` key says which choice a section is (rjsf reads `discriminator`; without it, it
  // guesses from the shape, and a FAQ's items looked like a feature list's).
  const sectionChoice = {
    title: 'Section',
    discriminator: { propertyName: 'block' },
    oneOf: (await registry.sections()).map(([key, block, props]) => ({
      title: block.title,
      description: block.description,
      type: 'object',
      properties: {
        block: { const: key, title: 'Section block', default: key },
        props: {
          ...withoutDialect(z.toJSONSchema(props, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' })),
          title: 'Settings',
        },
      },
      required: ['block'],
    })),
  }
  for (const place of site.sectionLists) nonNull(fieldAt(schema, place)).items = sectionChoice
  // Each page block's settings get their own form under `pages`, titled with the page and the
  // block; a block with shared settings keeps them under its first page. A page's `sections` are
  // a choice among the section blocks, as a landing page's are.
  const pages = fieldAt(schema, site.pageSettings)
  const seen = new Set<string>()
  const pageBlocks = registered.flatMap(([key, block]) => {
    if (!block.settings || (block.sharedSettings && seen.has(block.name))) return []
    seen.add(block.name)
    return [{ key, block, load: block.settings }]
  })
  const pageForms = Object.fromEntries(
    await Promise.all(
      pageBlocks.map(async ({ key, block, load }) => {
        const form: JsonSchema = {
          ...withoutDialect(
            z.toJSONSchema(await load(), { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }),
          ),
          title: block.sharedSettings ? block.title : `${key}: ${block.title}`,
        }
        const sections =
          isRecord(form.properties) && isRecord(form.properties.sections)
            ? nonNull(form.properties.sections)
            : undefined
        if (sections) sections.items = sectionChoice
        return [key, form] as const
      }),
    ),
  )
  delete pages.anyOf
  delete pages.propertyNames
  Object.assign(pages, {
    type: 'object',
    title: 'Pages',
    properties: pageForms,
    additionalProperties: { type: 'object' },
  })
  delete schema.$schema
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...schema,
    $id: site.id,
    title: 'Site content',
  }
}
