import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COALESCE_STEP_MS, sharedTimers } from './query-timers.ts'

describe('React Query’s timers in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('puts the long timers of a hydrating page on one browser timer, each run at most a step late, in order', () => {
    const timers = sharedTimers()
    const ran: string[] = []
    timers.setTimeout(() => ran.push('stale A'), 28_000)
    timers.setTimeout(() => ran.push('stale B'), 28_100)
    timers.setTimeout(() => ran.push('gc'), 300_000)
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(27_999)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(100 + COALESCE_STEP_MS)
    expect(ran).toEqual(['stale A', 'stale B'])
    // The next one is armed after the first fired.
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(300_000)
    expect(ran).toEqual(['stale A', 'stale B', 'gc'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('never runs a cleared timer, and an earlier one re-arms the browser timer sooner', () => {
    const timers = sharedTimers()
    const ran: string[] = []
    const gc = timers.setTimeout(() => ran.push('gc'), 300_000)
    timers.setTimeout(() => ran.push('stale'), 30_000)
    timers.clearTimeout(gc)
    vi.advanceTimersByTime(30_000 + COALESCE_STEP_MS)
    expect(ran).toEqual(['stale'])
    vi.advanceTimersByTime(300_000)
    expect(ran).toEqual(['stale'])
  })

  it('gives short timers (retries, notifications) browser timers of their own, on time, and clears them', () => {
    const timers = sharedTimers()
    const ran: number[] = []
    timers.setTimeout(() => ran.push(0), 0)
    const cleared = timers.setTimeout(() => ran.push(500), 500)
    timers.setTimeout(() => ran.push(999), 999)
    timers.clearTimeout(cleared)
    vi.advanceTimersByTime(999)
    expect(ran).toEqual([0, 999])
    const every = timers.setInterval(() => ran.push(-1), 100)
    vi.advanceTimersByTime(250)
    timers.clearInterval(every)
    vi.advanceTimersByTime(1000)
    expect(ran).toEqual([0, 999, -1, -1])
  })
})
