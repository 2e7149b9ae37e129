// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/zod.ts'
import { apiRequest } from './api-client.ts'

afterEach(() => document.head.replaceChildren())

describe('the API client in the page', () => {
  it('sends the csrf-token of the page meta tag on state-changing requests, and not on GET', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="abc123">'
    const fetcher = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })))
    await apiRequest({ path: '/api/x', method: 'POST', body: { a: 1 }, schema: z.object({}) }, fetcher)
    await apiRequest({ path: '/api/x', schema: z.object({}) }, fetcher)
    const headers = fetcher.mock.calls.map(([, init]) => init?.headers as Record<string, string>)
    expect(headers[0]).toMatchObject({ 'csrf-token': 'abc123', 'content-type': 'application/json' })
    expect(headers[1]).not.toHaveProperty('csrf-token')
  })
})
