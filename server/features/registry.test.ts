import { describe, expect, it } from 'vitest'
import { tenants } from '#site-config/tenants.ts'
import { openQueue, queuesOf, runDue, startWorkers } from '../platform/jobs/queue.ts'
import { SWEEP_QUEUE } from '../platform/jobs/status.ts'
import { useTestServer } from '../test-harness.ts'
import { apiEndpoints, features, jobsOf, type AppFeature } from './registry.ts'

/** A tiny feature of its own: one kind of nightly work over three items, written down as it runs. */
function tinyFeature() {
  const done: number[] = []
  const feature: AppFeature = {
    name: 'tiny',
    routes: [],
    jobs: [
      {
        queue: 'tiny-nightly',
        schedule: '0 3 * * *',
        due: () => Promise.resolve([1, 2, 3].filter((id) => !done.includes(id))),
        run: (_deps, id) => {
          done.push(id)
          return Promise.resolve('tidied')
        },
      },
    ],
  }
  return { feature, done }
}

describe('the feature registry', () => {
  const server = useTestServer('pglite')

  it('runs a timed job a feature adds (its JobKind and one registry line), each item once', async () => {
    const { feature, done } = tinyFeature()
    const summary = await runDue(
      { ...server.deps, tenants },
      new Date('2026-11-01T03:00:00Z'),
      jobsOf([...features, feature]),
    )
    expect(summary.done).toEqual({ tidied: 3 })
    expect(summary.failed).toEqual([])
    expect(done.toSorted()).toEqual([1, 2, 3])
  })

  it('schedules its sweep on its own schedule beside the every-minute one', async () => {
    const { feature } = tinyFeature()
    const jobs = jobsOf([...features, feature])
    const workers = await startWorkers({ ...server.deps, tenants }, jobs)
    const reader = await openQueue(server.deps, { schedule: false, queues: queuesOf(jobs) })
    try {
      const schedules = (await reader.getSchedules()).map(({ name, cron }) => ({ name, cron }))
      expect(schedules).toEqual(
        expect.arrayContaining([
          { name: SWEEP_QUEUE, cron: '* * * * *' },
          { name: `${SWEEP_QUEUE}-tiny-nightly`, cron: '0 3 * * *' },
        ]),
      )
      expect(schedules).toHaveLength(2)
    } finally {
      await reader.stop({ graceful: false, wait: true, close: false })
      await workers.stop()
    }
  })

  it('mounts every feature’s routes, each endpoint once', () => {
    const names = apiEndpoints.map(({ contract }) => `${contract.method} ${contract.path}`)
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBe(features.reduce((sum, feature) => sum + feature.routes.length, 0))
    expect(features.map((feature) => feature.name)).toEqual([
      'members',
      'directory',
      'checkout',
      'grievances',
      'messages',
      'content',
      'monitoring',
      'staff',
      'plans',
    ])
  })
})
