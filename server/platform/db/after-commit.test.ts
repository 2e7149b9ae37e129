import { describe, expect, it, vi } from 'vitest'
import { openPostgres, type Database } from './database.ts'
import { blankPglite } from './test-databases.ts'

const url = process.env.TEST_DATABASE_URL
const drivers: [string, () => Promise<Database>][] = [
  ['pglite', blankPglite],
  ...(url ? [['postgres', () => Promise.resolve(openPostgres(url))] as [string, () => Promise<Database>]] : []),
]

describe.each(drivers)('what a transaction leaves for after its commit (%s)', (_kind, open) => {
  it('runs once the transaction has committed, never when it rolls back, and one that throws stops none of the others', async () => {
    const db = await open()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const ran: string[] = []
      await expect(
        db.transaction(async (tx) => {
          await tx.query('SELECT 1')
          tx.afterCommit?.(() => ran.push('rolled back'))
          throw new Error('The work failed')
        }),
      ).rejects.toThrow('The work failed')
      expect(ran).toEqual([])

      const answer = await db.transaction(async (tx) => {
        tx.afterCommit?.(() => {
          throw new Error('One callback fails')
        })
        tx.afterCommit?.(() => ran.push('committed'))
        // Not yet: the transaction has not committed.
        expect(ran).toEqual([])
        return (await tx.query('SELECT 1 AS one'))[0]
      })
      expect(answer).toEqual({ one: 1 })
      expect(ran).toEqual(['committed'])
      expect(logged).toHaveBeenCalledWith('A callback after a commit failed', expect.any(Error))
    } finally {
      logged.mockRestore()
      await db.close()
    }
  })
})
