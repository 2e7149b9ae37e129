/**
 * The tests' side of server/test-databases.setup.ts: the databases made once per run, read where a
 * test starts a database. Outside Vitest's unit project nothing is provided, and a test database
 * is made from nothing as before.
 */
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { openPglite, type Database } from './database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases?: {
      /** A PGlite dump (a tar file) just after initdb. */
      blank: string
      /** A PGlite dump with every migration applied. */
      migrated: string
      /** A migrated database on TEST_DATABASE_URL's server, to create test databases from. */
      postgresTemplate: string | undefined
    }
  }
}

const read = new Map<string, Blob>()

/** A PGlite image of this run (read once per test file), or undefined when none was made. */
export function pgliteTestImage(name: 'blank' | 'migrated'): Blob | undefined {
  const file = inject('testDatabases')?.[name]
  if (!file) return undefined
  let image = read.get(file)
  if (!image) {
    image = new Blob([readFileSync(file)])
    read.set(file, image)
  }
  return image
}

/** The migrated PostgreSQL database test databases are copies of, when there is one. */
export const postgresTestTemplate = (): string | undefined => inject('testDatabases')?.postgresTemplate

/** A new, empty embedded database in memory (no migration applied), as `openPglite(undefined)` makes. */
export const blankPglite = (): Promise<Database> => openPglite(undefined, { image: pgliteTestImage('blank') })
