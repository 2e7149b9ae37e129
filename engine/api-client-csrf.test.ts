// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { apiRequest } from './api-request.ts'

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

  it('takes the new token an answer carries (a sign-in), and sends it from then on', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="old">'
    const fetcher = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(new Response('{}', { status: 200, headers: { 'csrf-token': 'new' } })))
    await apiRequest({ path: '/api/login', method: 'POST', body: {}, schema: z.object({}) }, fetcher)
    await apiRequest({ path: '/api/x', method: 'POST', body: {}, schema: z.object({}) }, fetcher)
    expect(fetcher.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['csrf-token'])).toEqual([
      'old',
      'new',
    ])
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('new')
  })

  it('sends a request refused for an old token (signed in or out in another tab) once more with the token of the refusal', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="stale">'
    const fetcher = vi
      .fn<typeof fetch>()
      .mockImplementationOnce(() =>
        Promise.resolve(
          new Response(JSON.stringify({ message: 'Missing or invalid csrf-token header' }), {
            status: 403,
            headers: { 'csrf-token': 'fresh' },
          }),
        ),
      )
      .mockImplementation(() => Promise.resolve(new Response('{"ok":true}', { status: 200 })))
    expect(
      await apiRequest({ path: '/api/x', method: 'POST', body: {}, schema: z.object({ ok: z.boolean() }) }, fetcher),
    ).toEqual({ ok: true })
    expect(fetcher.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['csrf-token'])).toEqual([
      'stale',
      'fresh',
    ])
  })

  it('does not send it again when the refusal brings no new token (a forged request stays refused)', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="same">'
    const fetcher = vi
      .fn<typeof fetch>()
      .mockImplementation(() =>
        Promise.resolve(new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403 })),
      )
    await expect(
      apiRequest({ path: '/api/x', method: 'POST', body: {}, schema: z.object({}) }, fetcher),
    ).rejects.toMatchObject({ status: 403 })
    expect(fetcher).toHaveBeenCalledTimes(1)
  })

  it('sends the page’s language (its <html lang>), so that the API answers and records in it', async () => {
    const fetcher = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })))
    document.documentElement.lang = 'es'
    await apiRequest({ path: '/api/x', schema: z.object({}) }, fetcher)
    document.documentElement.removeAttribute('lang')
    await apiRequest({ path: '/api/x', schema: z.object({}) }, fetcher)
    const headers = fetcher.mock.calls.map(([, init]) => init?.headers as Record<string, string>)
    expect(headers[0]).toMatchObject({ 'accept-language': 'es' })
    expect(headers[1]).not.toHaveProperty('accept-language')
  })
})
