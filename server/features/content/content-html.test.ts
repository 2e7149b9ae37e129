import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contentSchemaOf } from '#engine/server'
import { minimalContent } from '#schemas/cms.fixtures.ts'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import { json, type Database } from '../../platform/db/database.ts'
import { blankPglite } from '../../platform/db/test-databases.ts'
import { migrate } from '../../platform/db/migrate.ts'
import { createLogger } from '../../platform/logger.ts'
import { sanitizeSiteContent } from './content-validation.ts'
import { createDbContentService } from './db-content-service.ts'

type JsonSchema = Record<string, unknown>
const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const HOSTILE = 'Q <img src=x onerror=alert(document.domain)><script>alert(1)</script>'
const CLEAN = 'Q <img src="x">'

/** Every place the site's content schema marks as HTML: the schema path to it. */
function htmlPaths(schema: JsonSchema): string[][] {
  const found: string[][] = []
  const walk = (node: unknown, at: string[]) => {
    if (!isRecord(node)) return
    if (node.contentMediaType === 'text/html') found.push(at)
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties' && isRecord(child))
        for (const [name, field] of Object.entries(child)) walk(field, [...at, key, name])
      else if (key === 'items' || key === 'additionalProperties') walk(child, [...at, key])
      else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(child))
        child.forEach((option, index) => walk(option, [...at, key, String(index)]))
    }
  }
  walk(schema, [])
  return found
}

/**
 * The smallest value that puts `value` where a schema path leads: an object with that property,
 * a list with that item, the union's branch (its discriminator's constant set, as a section's `block`).
 */
function valueAt(schema: JsonSchema, path: string[], value: string): unknown {
  if (path.length === 0) return value
  const [key, name, ...rest] = path
  if (key === 'properties') {
    const field = (schema.properties as JsonSchema)[name!] as JsonSchema
    return { [name!]: valueAt(field, rest, value) }
  }
  if (key === 'items') return [valueAt(schema.items as JsonSchema, [name!, ...rest].filter(Boolean), value)]
  if (key === 'additionalProperties')
    return { any: valueAt(schema.additionalProperties as JsonSchema, [name!, ...rest].filter(Boolean), value) }
  const branch = (schema[key!] as JsonSchema[])[Number(name)]!
  const inner = valueAt(branch, rest, value)
  const constants = Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>).filter(
    ([, field]) => field.const !== undefined,
  )
  return isRecord(inner)
    ? { ...Object.fromEntries(constants.map(([field, { const: constant }]) => [field, constant])), ...inner }
    : inner
}

/** The value at a schema path in what valueAt made. */
function read(value: unknown, path: string[]): unknown {
  let node = value
  for (let index = 0; index < path.length; index += 1) {
    const key = path[index]
    if (key === 'properties') node = (node as JsonSchema)[path[(index += 1)]!]
    else if (key === 'items') node = (node as unknown[])[0]
    else if (key === 'additionalProperties') node = (node as JsonSchema).any
    else index += 1 // a union's branch: the value is the branch's
  }
  return node
}

describe("every HTML field of the site's content, found by its schema", async () => {
  const schema = await contentSchemaOf(site, registry)
  const paths = htmlPaths(schema)

  it('finds the chrome, landing pages, every page’s intro and every section block’s rich text', () => {
    const named = paths.map((path) => path.filter((part, index) => path[index - 1] === 'properties').join('.'))
    expect(named).toEqual(
      expect.arrayContaining([
        'header.variables.headerBannerText',
        'footer.variables.footer_txt',
        'landing_pages.body',
        'pages.faq.intro',
        'pages.faq.sections.props.items.answer',
      ]),
    )
    expect(paths.length).toBeGreaterThan(30)
  })

  it.each(paths.map((path) => [path.join('/'), path] as const))('sanitises %s', async (_name, path) => {
    const content = valueAt(schema, path, HOSTILE) as Record<string, unknown>
    expect(read(content, path)).toBe(HOSTILE)
    expect(read(await sanitizeSiteContent(content), path)).toBe(CLEAN)
  })
})

describe('the content service keeps and serves only sanitised HTML', () => {
  const GROUP = 'html-test'
  let db: Database
  beforeEach(async () => {
    db = await blankPglite()
    await migrate(db)
    await db.query("INSERT INTO tenants (group_key, name) VALUES ($1, 'HTML test')", [GROUP])
  })
  afterEach(() => db.close())

  const hostileContent = {
    ...minimalContent,
    header: { variables: { headerBannerText: HOSTILE } },
    pages: {
      faq: {
        intro: HOSTILE,
        sections: [{ block: 'section-faq', props: { items: [{ question: 'Why?', answer: HOSTILE }] } }],
      },
    },
  }

  it('stores a saved draft and a publication cleaned, whatever the editor sent', async () => {
    const content = createDbContentService(db, createLogger('silent'))
    const saved = await content.saveDraft(GROUP, hostileContent, 0, 'editor@example.com')
    expect(JSON.stringify(saved.content)).not.toContain('onerror')
    await content.publish(GROUP, 'hostile', 'editor@example.com')
    const stored = await db.query('SELECT content::text AS text FROM content_versions WHERE group_key = $1', [GROUP])
    expect(String(stored[0]?.text)).not.toContain('onerror')
    expect(String(stored[0]?.text)).toContain('Q <img src=\\"x\\">')
  })

  it('cleans content stored before the rule (or seeded) as it reads it, for the site and for the editor', async () => {
    await db.query(
      "INSERT INTO content_versions (group_key, content, note, published_by) VALUES ($1, $2, 'old', 'seed')",
      [GROUP, json(hostileContent)],
    )
    const content = createDbContentService(db, createLogger('silent'))
    const published = await content.get(GROUP)
    expect(published.header.variables.headerBannerText).toBe(CLEAN)
    expect(published.pages.faq).toMatchObject({ intro: CLEAN, sections: [{ props: { items: [{ answer: CLEAN }] } }] })
    expect(JSON.stringify(await content.raw(GROUP))).not.toContain('onerror')
    expect(JSON.stringify((await content.draft(GROUP)).content)).not.toContain('onerror')
  })
})
