import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { minimalContent } from '#schemas/cms.fixtures.ts'
import { json, type Database } from '../../platform/db/database.ts'
import { blankPglite } from '../../platform/db/test-databases.ts'
import { migrate } from '../../platform/db/migrate.ts'
import { createLogger } from '../../platform/logger.ts'
import { createDbContentService } from './db-content-service.ts'

const GROUP = 'cache-test'
const logger = createLogger('silent')
const titled = (title: string) => ({
  ...minimalContent,
  base: { variables: { ...minimalContent.base.variables, global_title: title } },
})

describe('the published content cache', () => {
  let db: Database
  let queries: number
  /** The database as the service sees it, counting its statements. */
  let counted: Database
  beforeEach(async () => {
    db = await blankPglite()
    await migrate(db)
    await db.query("INSERT INTO tenants (group_key, name) VALUES ($1, 'Cache test')", [GROUP])
    await db.query(
      "INSERT INTO content_versions (group_key, content, note, published_by) VALUES ($1, $2, 'first', 'seed')",
      [GROUP, json(titled('First'))],
    )
    queries = 0
    counted = {
      ...db,
      kind: db.kind,
      query: (text, params) => ((queries += 1), db.query(text, params)),
      transaction: (work) => db.transaction(work),
      close: () => db.close(),
    }
  }, 60_000)
  afterEach(() => db.close())

  it('answers from memory on the embedded database, and shows what this process publishes at once', async () => {
    const content = createDbContentService(counted, logger)
    expect((await content.get(GROUP)).base.variables.global_title).toBe('First')
    const afterFirst = queries
    for (let request = 0; request < 50; request += 1) await content.get(GROUP)
    expect(queries).toBe(afterFirst)
    await content.saveDraft(GROUP, titled('Second'), 0, 'editor@example.com')
    await content.publish(GROUP, 'second', 'editor@example.com')
    expect((await content.get(GROUP)).base.variables.global_title).toBe('Second')
  })

  it('on a shared database, sees another process’s publication within the recheck interval', async () => {
    let clock = 0
    const content = createDbContentService(counted, logger, { recheckMs: 1000, now: () => clock })
    expect((await content.get(GROUP)).base.variables.global_title).toBe('First')
    // Another server publishes straight into the database.
    await db.query(
      "INSERT INTO content_versions (group_key, content, note, published_by) VALUES ($1, $2, 'elsewhere', 'other')",
      [GROUP, json(titled('Elsewhere'))],
    )
    clock = 999
    const before = queries
    expect((await content.get(GROUP)).base.variables.global_title).toBe('First')
    expect(queries).toBe(before)
    clock = 1000
    expect((await content.get(GROUP)).base.variables.global_title).toBe('Elsewhere')
  })

  it('serves the newest version that parses, and tells which newer ones do not and why', async () => {
    const content = createDbContentService(db, logger)
    expect(await content.publishedFault(GROUP)).toEqual({ servedVersion: 1, failed: [] })
    // Stored content that no longer parses (as after a change of the content schema).
    const broken = { ...titled('Broken'), base: { variables: { ...minimalContent.base.variables, global_title: 42 } } }
    await db.query(
      "INSERT INTO content_versions (group_key, content, note, published_by) VALUES ($1, $2, 'broken', 'other')",
      [GROUP, json(broken)],
    )
    expect((await content.get(GROUP)).base.variables.global_title).toBe('First')
    expect(await content.publishedFault(GROUP)).toEqual({
      servedVersion: 1,
      failed: [{ id: 2, issues: [{ path: ['base', 'variables', 'global_title'], message: expect.any(String) }] }],
    })
  })
})
