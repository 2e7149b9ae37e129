import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodyLimits } from './body-limit.ts'

const MB = 1024 * 1024

describe('a large body’s copies are collected once it is answered', () => {
  afterEach(() => {
    vi.useRealTimers()
    delete (globalThis as { gc?: () => void }).gc
  })

  it('runs one full collection a second after a burst of large bodies, and none after small ones', async () => {
    vi.useFakeTimers()
    const gc = vi.fn()
    ;(globalThis as { gc?: () => void }).gc = gc
    const app = new Hono()
    app.use(bodyLimits({ defaultBytes: 10 * MB, routes: [] }))
    app.post('/upload', async (c) => c.text(String((await c.req.text()).length)))
    const post = (bytes: number) =>
      app.request('/upload', { method: 'POST', body: 'x'.repeat(bytes), headers: { 'content-length': String(bytes) } })

    await post(1000)
    vi.advanceTimersByTime(5000)
    expect(gc).not.toHaveBeenCalled()

    for (let index = 0; index < 3; index += 1) expect(await (await post(2 * MB)).text()).toBe(String(2 * MB))
    expect(gc).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(gc).toHaveBeenCalledTimes(1)
    await post(2 * MB)
    vi.advanceTimersByTime(1000)
    expect(gc).toHaveBeenCalledTimes(2)
  })
})
