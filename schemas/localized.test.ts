import { describe, expect, it } from 'vitest'
import { contentSchemaOf } from '#engine/server'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import { LOCALIZED } from './fields.ts'

type JsonSchema = Record<string, unknown>
const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every string field of a JSON Schema, by its path (`[]` an item, `*` a record's value), with the nearest `x-localized` mark. */
function stringFields(root: JsonSchema): Map<string, { mark: unknown; schema: JsonSchema }> {
  const found = new Map<string, { mark: unknown; schema: JsonSchema }>()
  const resolve = (node: JsonSchema): JsonSchema => {
    if (typeof node.$ref !== 'string') return node
    let target: unknown = root
    for (const part of node.$ref.slice(2).split('/')) target = isRecord(target) ? target[part] : undefined
    return isRecord(target) ? target : node
  }
  const walk = (given: unknown, path: string, inherited: unknown) => {
    if (!isRecord(given)) return
    const node = resolve(given)
    const mark = LOCALIZED in node ? node[LOCALIZED] : inherited
    const types = [node.type].flat()
    if (types.includes('string') && !found.has(path)) found.set(path, { mark, schema: node })
    for (const branch of [node.anyOf, node.oneOf].flat()) walk(branch, path, mark)
    if (isRecord(node.properties))
      for (const [key, field] of Object.entries(node.properties))
        walk(field, `${path}.${key}`, mark === false ? false : undefined)
    walk(node.items, `${path}[]`, mark === false ? false : undefined)
    walk(node.additionalProperties, `${path}.*`, mark === false ? false : undefined)
  }
  walk(root, '', undefined)
  return found
}

/** A value of a fixed kind: a choice, a constant, a link, an image, a colour, a layout variant. */
const fixedByKind = (schema: JsonSchema) =>
  Array.isArray(schema.enum) ||
  schema.const !== undefined ||
  typeof schema['x-widget'] === 'string' ||
  (typeof schema.pattern === 'string' && schema.pattern.startsWith('^(?:\\/(?![/\\\\])|#|https?:'))

describe('the texts visitors read, in every language (docs/adr/0029)', () => {
  it('marks every string of the content as translated or fixed, where the field is declared', async () => {
    const fields = stringFields(await contentSchemaOf(site, registry))
    const undecided = [...fields]
      .filter(([, { mark, schema }]) => mark === undefined && !fixedByKind(schema))
      .map(([path]) => path)
    expect(undecided).toEqual([])
    const marked = (path: string) => fields.get(path)?.mark
    // Texts of the content, of page settings and of sections are translated.
    for (const path of [
      '.base.variables.global_title',
      '.header.variables.texts.member_login',
      '.header.variables.header_menu[].title',
      '.pages.faq.sections[].props.items[].answer',
      '.pages.faq.sections[].props.title',
      '.pages.grievance-status.mail_grievance_acknowledged_body',
    ])
      expect(marked(path), path).toBe(true)
    // Legal texts: a language is not published without its own.
    for (const path of ['.pages.checkout-payment.auto_renewal_terms', '.pages.join-now.disclosure'])
      expect(marked(path), path).toBe('required')
    // Codes, addresses and flags are the same in every language.
    for (const path of [
      '.base.variables.group_key',
      '.base.variables.languages[].code',
      '.landing_pages[].slug',
      '.header.variables.hide_top_header',
      '.pages.support.sections[].props.email',
    ])
      expect(marked(path), path).toBe(false)
  })
})
