import type { RJSFSchema, UiSchema } from '@rjsf/utils'

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The form's schema, from the site's content schema. The content schema accepts what content
 * services send (nulls, flags as text); the form writes the clean form of each field, which that
 * schema also accepts: a nullable field becomes its non-null form, a flag a boolean, and a
 * field's description becomes its label.
 */
export function editorSchema(schema: unknown): RJSFSchema {
  return simplify(schema) as RJSFSchema
}

function simplify(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(simplify)
  if (!isNode(input)) return input
  let node: Node = { ...input }
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.filter((branch) => !(isNode(branch) && branch.type === 'null'))
    if (branches.length === 1 && isNode(branches[0])) {
      const { anyOf: _anyOf, ...rest } = node
      node = { ...branches[0], ...rest }
    }
  }
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type) => type !== 'null')
    node.type = types.includes('boolean') && types.length > 1 ? 'boolean' : types.length === 1 ? types[0] : types
    if (node.type === 'boolean' && types.length > 1) node['x-widget'] = 'flag'
  }
  if (typeof node.description === 'string' && node.title === undefined) {
    node.title = node.description
    delete node.description
  }
  for (const key of ['properties', '$defs'] as const) {
    const children = node[key]
    if (isNode(children))
      node[key] = Object.fromEntries(Object.entries(children).map(([name, child]) => [name, simplify(child)]))
  }
  for (const key of ['items', 'oneOf', 'anyOf', 'allOf'] as const) {
    if (node[key] !== undefined) node[key] = simplify(node[key])
  }
  return node
}

const WIDGETS: Record<string, string> = { image: 'image', color: 'color', variant: 'variant', flag: 'checkbox' }

/**
 * The form's UI schema, derived from the schema itself: widgets come from schema metadata
 * (`x-widget`, `contentMediaType: text/html`), so a new field needs no editor code.
 */
export function uiSchemaFor(schema: unknown): UiSchema {
  if (!isNode(schema)) return {}
  const ui: UiSchema = {}
  const widget = typeof schema['x-widget'] === 'string' ? WIDGETS[schema['x-widget']] : undefined
  if (widget) ui['ui:widget'] = widget
  if (schema.contentMediaType === 'text/html') ui['ui:widget'] = 'richText'
  if (isNode(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      const childUi = uiSchemaFor(child)
      // The content's `variables` wrappers are structure, not something to label.
      if (name === 'variables') childUi['ui:options'] = { label: false }
      if (Object.keys(childUi).length) ui[name] = childUi
    }
  }
  if (isNode(schema.items)) {
    const itemUi = uiSchemaFor(schema.items)
    if (Object.keys(itemUi).length) ui.items = itemUi
  }
  return ui
}

/** The top-level parts of the content, each edited in its own tab (typing re-renders one part only). */
export const SECTIONS = [
  { key: 'layout', title: 'Layout' },
  { key: 'base', title: 'Site' },
  { key: 'header', title: 'Header' },
  { key: 'footer', title: 'Footer' },
  { key: 'theme', title: 'Colours' },
  { key: 'landing_header', title: 'Landing header' },
  { key: 'landing_pages', title: 'Landing pages' },
  { key: 'pages', title: 'Pages' },
] as const
export type SectionKey = (typeof SECTIONS)[number]['key']

/** The sub-schema of one part, with the definitions it may refer to. */
export function sectionSchema(schema: RJSFSchema, key: SectionKey): RJSFSchema {
  const part = isNode(schema.properties) ? schema.properties[key] : undefined
  if (!isNode(part)) throw new Error(`The content schema has no part ${key}`)
  return { ...(part as RJSFSchema), ...(schema.$defs ? { $defs: schema.$defs } : {}) }
}
