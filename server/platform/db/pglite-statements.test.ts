import { PGlite } from '@electric-sql/pglite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { preparedStatements } from './pglite-statements.ts'
import { pgliteTestImage } from './test-databases.ts'

describe('prepared statements on the embedded database', () => {
  let client: PGlite
  beforeEach(async () => {
    client = new PGlite({ loadDataDir: pgliteTestImage('blank') })
    await client.exec(
      "CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL, at timestamptz, tags text[]); INSERT INTO items (name) VALUES ('one'), ('two')",
    )
  })
  afterEach(() => client.close())

  const prepared = async () =>
    (
      await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement')
    ).rows.map((row) => row.statement)

  it('prepares a statement once and runs it again with other values; answers rows typed as query does', async () => {
    const statements = preparedStatements(client)
    const text = 'SELECT id, name FROM items WHERE id = $1'
    expect(await statements.query(text, [1], false)).toEqual([{ id: 1, name: 'one' }])
    expect(await statements.query(text, [2], false)).toEqual([{ id: 2, name: 'two' }])
    expect(await prepared()).toEqual([text])
    const at = new Date('2026-12-10T09:30:00Z')
    const [row] = await statements.query(
      'UPDATE items SET at = $2, tags = $3 WHERE id = $1 RETURNING at, tags, $4::int AS absent',
      [1, at, ['a', 'b "quoted"'], undefined],
      false,
    )
    expect(row).toEqual({ at, tags: ['a', 'b "quoted"'], absent: null })
  })

  it('runs what is not a data statement as query does, unprepared', async () => {
    const statements = preparedStatements(client)
    await statements.query('CREATE INDEX items_name ON items (name)', [], false)
    expect(await prepared()).toEqual([])
  })

  it('closes the least recently used statement beyond its limit', async () => {
    const statements = preparedStatements(client, 2)
    const texts = ['SELECT 1 AS a', 'SELECT 2 AS b', 'SELECT 3 AS c']
    await statements.query(texts[0]!, [], false)
    await statements.query(texts[1]!, [], false)
    await statements.query(texts[0]!, [], false) // the first is now the most recent
    await statements.query(texts[2]!, [], false) // the second is the least recent: closed with the next prepare
    expect(await prepared()).toEqual(texts)
    await statements.query('SELECT 4 AS d', [], false)
    expect(await prepared()).toEqual(['SELECT 1 AS a', 'SELECT 3 AS c', 'SELECT 4 AS d'])
    // The first was evicted by the fourth, and is closed with the next prepare; the third, used again, stays.
    expect(await statements.query(texts[2]!, [], false)).toEqual([{ c: 3 }])
    await statements.query('SELECT 5 AS e', [], false)
    expect(await prepared()).toEqual(['SELECT 3 AS c', 'SELECT 4 AS d', 'SELECT 5 AS e'])
  })

  it('reports an error as query does, and the next statement runs', async () => {
    const statements = preparedStatements(client)
    await expect(statements.query('SELECT nothing FROM items', [], false)).rejects.toMatchObject({ code: '42703' })
    await expect(statements.query('INSERT INTO items (name) VALUES ($1)', [null], false)).rejects.toMatchObject({
      code: '23502',
    })
    expect(await statements.query('SELECT count(*)::int AS n FROM items', [], false)).toEqual([{ n: 2 }])
  })

  it('prepares again a SELECT * whose columns a migration changed', async () => {
    const statements = preparedStatements(client)
    const text = 'SELECT * FROM items WHERE id = $1'
    expect(Object.keys((await statements.query(text, [1], false))[0]!)).toEqual(['id', 'name', 'at', 'tags'])
    await client.exec("ALTER TABLE items ADD COLUMN note text NOT NULL DEFAULT 'new'")
    expect((await statements.query(text, [1], false))[0]).toMatchObject({ id: 1, note: 'new' })
  })
})
