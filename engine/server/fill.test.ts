import { dehydrate } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../engine-root.tsx'
import { fillOnce } from './fill.ts'

describe('the server filling a request’s query cache', () => {
  it('runs a query once however many loaders ask for it, and the page’s cache (and the browser’s state) has its data', async () => {
    const queryClient = createQueryClient()
    const fill = fillOnce(queryClient)
    const queryFn = vi.fn(() => Promise.resolve({ id: 101, name: 'Basic plan' }))
    const [first, second] = await Promise.all([
      fill({ queryKey: ['api', 'plan', 101], queryFn }),
      fill({ queryKey: ['api', 'plan', 101], queryFn }),
    ])
    expect(queryFn).toHaveBeenCalledTimes(1)
    expect(second).toBe(first)
    expect(queryClient.getQueryData(['api', 'plan', 101])).toEqual({ id: 101, name: 'Basic plan' })
    expect(dehydrate(queryClient).queries.map((query) => [query.queryKey, query.state.status])).toEqual([
      [['api', 'plan', 101], 'success'],
    ])
  })

  it('records a failed query as failed, for its block’s error view, without asking again', async () => {
    const queryClient = createQueryClient()
    const error = new Error('The catalog is down')
    const queryFn = vi.fn(() => Promise.reject(error))
    await expect(fillOnce(queryClient)({ queryKey: ['api', 'plan', 7], queryFn })).rejects.toBe(error)
    expect(queryFn).toHaveBeenCalledTimes(1)
    const state = queryClient.getQueryState(['api', 'plan', 7])
    expect(state?.status).toBe('error')
    expect(state?.error).toBe(error)
    // The browser is not sent the failure: it asks again (the block's retry).
    expect(dehydrate(queryClient).queries).toEqual([])
  })

  it('hands the query function its key and a signal that is never aborted', async () => {
    const queryFn = vi.fn((context: { queryKey: readonly unknown[]; signal: AbortSignal }) =>
      Promise.resolve(context.queryKey.length),
    )
    await fillOnce(createQueryClient())({ queryKey: ['cms', 'published'], queryFn })
    expect(queryFn.mock.calls[0]?.[0].queryKey).toEqual(['cms', 'published'])
    expect(queryFn.mock.calls[0]?.[0].signal.aborted).toBe(false)
  })
})
