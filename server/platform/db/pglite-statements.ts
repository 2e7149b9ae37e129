import { parse, protocol, type PGlite } from '@electric-sql/pglite'

/**
 * Prepared statements for the embedded database. PGlite's `query` parses and plans every statement
 * anew (an unnamed statement, in six calls into WebAssembly), and planning is most of a small
 * query's time: a membership's lookup by id takes 0.45 ms that way and 0.16 ms prepared, the
 * renewal's pricing query 1.2 ms and 0.3 ms (bench/renewals.ts, docs/benchmarks.md). Here each
 * statement text is prepared once under a name (PostgreSQL then keeps its plan, custom or generic
 * by its own rule) and run with one call: bind, describe, execute, sync.
 *
 * Only data statements are prepared; anything else (transactions, DDL, settings) goes through
 * `query`. The least recently used statement is closed beyond `MAX_STATEMENTS`. A plan whose
 * result columns a migration changed (`SELECT *` over an altered table) is prepared again.
 */
const MAX_STATEMENTS = 500
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i
/** PostgreSQL's "cached plan must not change result type" (feature_not_supported). */
const isStalePlan = (error: unknown) =>
  (error as { code?: unknown }).code === '0A000' && /cached plan/.test((error as Error).message)

const { serialize } = protocol
const concat = (parts: readonly Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** A parameter as the query layer hands it over (server/platform/db/database.ts: jsonb already as text). */
export type DriverValue = string | number | boolean | Date | readonly string[] | readonly number[] | null | undefined

interface Statement {
  name: string
  paramTypes: number[]
}

/** Runs statements on `client` prepared; the caller serialises calls (one statement at a time). */
export function preparedStatements(client: PGlite, max = MAX_STATEMENTS) {
  const statements = new Map<string, Statement>()
  let counter = 0
  /** Statements evicted, closed with the next call (a Close needs no answer of its own). */
  let closing: Uint8Array[] = []

  async function prepare(text: string): Promise<Statement> {
    const name = `s${(counter += 1)}`
    const { messages } = await client.execProtocol(
      concat([...closing, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    )
    closing = []
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) }
    statements.set(text, statement)
    if (statements.size > max) {
      const [oldest, { name: evicted }] = statements.entries().next().value as [string, Statement]
      statements.delete(oldest)
      closing.push(serialize.close({ type: 'S', name: evicted }))
    }
    return statement
  }

  async function run(text: string, params: readonly DriverValue[]): Promise<Record<string, unknown>[]> {
    let statement = statements.get(text)
    if (statement) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text)
      statements.set(text, statement)
    } else statement = await prepare(text)
    const { paramTypes } = statement
    const values = params.map((value, index) => {
      // Absent is NULL, as in PGlite's `query` (the job queue leaves optional values undefined).
      if (value === null || value === undefined) return null
      const serializer = client.serializers[paramTypes[index]!]
      if (serializer) return serializer(value)
      // A type without a serializer (text among them) takes the value as text.
      if (value instanceof Date) return value.toISOString()
      return typeof value === 'object' ? JSON.stringify(value) : String(value)
    })
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    )
    return parse.parseResults(messages, client.parsers)[0]?.rows ?? []
  }

  return {
    /** Runs a statement: prepared when it is a data statement, else as PGlite's `query` does. */
    async query(
      text: string,
      params: readonly DriverValue[],
      inTransaction: boolean,
    ): Promise<Record<string, unknown>[]> {
      if (!PREPARABLE.test(text)) return (await client.query<Record<string, unknown>>(text, [...params])).rows
      try {
        return await run(text, params)
      } catch (error) {
        // A migration changed the columns behind a prepared `SELECT *`: prepare it again, once
        // (in a transaction the error has aborted it, and the caller's retry finds it prepared anew).
        const stale = statements.get(text)
        if (!isStalePlan(error) || !stale) throw error
        statements.delete(text)
        closing.push(serialize.close({ type: 'S', name: stale.name }))
        if (inTransaction) throw error
        return run(text, params)
      }
    },
  }
}
