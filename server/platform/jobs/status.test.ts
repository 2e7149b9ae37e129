import { describe, expect, it } from 'vitest'
import { tenants } from '#site-config/tenants.ts'
import { members } from '../../features/members/members.ts'
import { defaultTenant, joinedMember, useTestServer } from '../../test-harness.ts'
import { runDue, startWorkers } from '../../features/registry.ts'
import { openQueue } from './queue.ts'
import { lastSweep, SWEEP_QUEUE } from './status.ts'

/** A day ahead of the machine's: a member who joined a month before renews on it (at 11 am in California). */
const RENEWAL_DAY = '2027-06-05T18:30:00.000Z'

const waitFor = async <T>(read: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> => {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error(`Waited ${ms} ms for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('the last sweep, by `npm run jobs -- --now`', () => {
  const server = useTestServer('pglite')

  it('is recorded at the run’s time, and an earlier run records its own', async () => {
    expect(await lastSweep(server.deps.db)).toBeUndefined()
    await runDue({ ...server.deps, tenants }, new Date('2026-11-01T00:00:00Z'))
    expect(await lastSweep(server.deps.db)).toEqual({ at: new Date('2026-11-01T00:00:00Z'), by: 'run' })
    await runDue({ ...server.deps, tenants }, new Date('2026-10-01T00:00:00Z'))
    expect(await lastSweep(server.deps.db)).toEqual({ at: new Date('2026-10-01T00:00:00Z'), by: 'run' })
  })
})

describe('the workers on the sandbox clock (SANDBOX_CLOCK)', () => {
  const server = useTestServer('pglite', { env: { SANDBOX_CLOCK: RENEWAL_DAY } })

  it('sweep at the server’s clock, not the machine’s: a member renews on the clock’s day, and the sweep is recorded at its time', async () => {
    const { db } = server.deps
    const member = await joinedMember(server, {
      email: 'clock@demo.test',
      state: 'CA',
      cycle: 'monthly',
      joinedAt: new Date('2027-05-05T18:00:00Z'),
    })
    const subscription = () => members.subscription(db, defaultTenant.groupKey, member.id)
    expect(await subscription()).toMatchObject({ status: 'active', renewsAt: '2027-06-05T18:00:00.000Z' })
    const workers = await startWorkers({ ...server.deps, tenants })
    // The cron sends the sweep on the minute; a sweep sent now is worked within the polling interval.
    const sender = await openQueue(server.deps, { schedule: false, queues: [] })
    try {
      await sender.send(SWEEP_QUEUE, {})
      const swept = await waitFor(() => lastSweep(db), 'the sweep')
      expect(swept.by).toBe('sweep')
      expect(swept.at.getTime() - Date.parse(RENEWAL_DAY)).toBeGreaterThanOrEqual(0)
      expect(swept.at.getTime() - Date.parse(RENEWAL_DAY)).toBeLessThan(60_000)
      const renewed = await waitFor(
        async () =>
          (await subscription())?.renewsAt === '2027-07-05T18:00:00.000Z' ? await subscription() : undefined,
        'the renewal',
      )
      expect(renewed).toMatchObject({ status: 'active' })
    } finally {
      await sender.stop({ graceful: false, wait: true, close: false })
      await workers.stop()
    }
  }, 90_000)
})
