import { describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { ApiRequestError, RETRY_STATUSES } from './api-client.ts'
import { apiRequest } from './api-request.ts'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
const schema = z.object({ ok: z.boolean() })

describe('the API client', () => {
  it('retries the statuses of the specification, exactly', () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504])
  })

  it.each([...RETRY_STATUSES])('retries a GET once after %i and returns the second answer', async (status) => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(status, { message: 'busy' }))
      .mockResolvedValueOnce(json(200, { ok: true }))
    await expect(apiRequest({ path: '/api/x', schema }, fetcher)).resolves.toEqual({ ok: true })
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it('retries a GET only once', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(json(503, { message: 'Down for maintenance' })))
    await expect(apiRequest({ path: '/api/x', schema }, fetcher)).rejects.toThrow('Down for maintenance')
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it.each([400, 401, 403, 404, 422])('does not retry a GET after %i', async (status) => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(json(status, { message: 'no' }))
    await expect(apiRequest({ path: '/api/x', schema }, fetcher)).rejects.toMatchObject({ status, message: 'no' })
    expect(fetcher).toHaveBeenCalledTimes(1)
  })

  it('never retries a POST', async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(json(503, { message: 'busy' }))
    await expect(apiRequest({ path: '/api/x', method: 'POST', body: {}, schema }, fetcher)).rejects.toBeInstanceOf(
      ApiRequestError,
    )
    expect(fetcher).toHaveBeenCalledTimes(1)
  })

  it('keeps the issues of a validation error', async () => {
    const issues = [{ path: ['email'], message: 'Required' }]
    const fetcher = vi
      .fn<typeof fetch>()
      .mockResolvedValue(json(422, { message: 'Validation error: Required at "email"', issues }))
    await expect(apiRequest({ path: '/api/x', method: 'PUT', body: {}, schema }, fetcher)).rejects.toMatchObject({
      status: 422,
      issues,
    })
  })

  it('refuses a response of another shape', async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(json(200, { ok: 'yes' }))
    await expect(apiRequest({ path: '/api/x', schema }, fetcher)).rejects.toThrow('Unexpected response from /api/x')
  })

  it('says what failed when the error body is not JSON', async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(apiRequest({ path: '/api/x', schema }, fetcher)).rejects.toThrow('Request failed with status 502')
  })
})
