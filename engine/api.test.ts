import { describe, expect, it, vi } from 'vitest'
import { contract } from '#schemas/engine/contract.ts'
import { z } from '#schemas/engine/zod.ts'
import { ApiRequestError } from './api-client.ts'
import { callApi, type ApiCallAnswer, type ApiTransport } from './api.ts'

const itemApi = contract({
  method: 'get',
  path: '/api/items/:id',
  summary: 'An item',
  tags: ['test'],
  access: 'public',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ view: z.optional(z.string()) }),
  response: z.object({ name: z.string() }),
})
const renameApi = contract({
  method: 'post',
  path: '/api/items/:id/name',
  summary: 'Renames an item',
  tags: ['test'],
  access: 'public',
  params: z.object({ id: z.coerce.number() }),
  body: z.object({ name: z.string() }),
  response: z.object({ name: z.string() }),
})

/** A transport whose requests answer `{ name: 'by request' }`, and whose in-process calls answer `answers` in turn (the last one again). */
function serverTransport(...answers: ApiCallAnswer<unknown>[]) {
  const request = vi.fn<(path: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify({ name: 'by request' }), { status: 200 })),
  )
  const inProcess = vi.fn((_api: unknown, _path: string) =>
    Promise.resolve(answers.length > 1 ? answers.shift()! : answers[0]!),
  )
  const transport = Object.assign(request, { inProcess }) as ApiTransport
  return { transport, request, inProcess }
}

describe('callApi with a transport that answers in-process (the server’s pages)', () => {
  it('hands it a query’s contract and address, and gives its answer as it is, with no request', async () => {
    const answer = { name: 'in-process' }
    const { transport, request, inProcess } = serverTransport({ ok: true, data: answer })
    const data = await callApi(itemApi, { params: { id: 7 }, query: { view: 'map' } }, { transport })
    expect(data).toBe(answer)
    expect(inProcess).toHaveBeenCalledWith(itemApi, '/api/items/7?view=map')
    expect(request).not.toHaveBeenCalled()
  })

  it('fails as the request would: the status, message and issues, and how long to wait', async () => {
    const issues = [{ path: ['params', 'id'], message: 'Must be a number' }]
    const { transport } = serverTransport(
      { ok: false, status: 422, message: 'Validation error', issues },
      { ok: false, status: 429, message: 'Too many', retryAfterSeconds: 30 },
    )
    const failed = (promise: Promise<unknown>) => promise.catch((error: unknown) => error)
    const invalid = await failed(callApi(itemApi, { params: { id: 7 } }, { transport }))
    expect(invalid).toBeInstanceOf(ApiRequestError)
    expect(invalid).toMatchObject({ status: 422, message: 'Validation error', issues })
    // Called twice (a 429 is retried once), failing both times.
    const limited = await failed(callApi(itemApi, { params: { id: 7 } }, { transport }))
    expect(limited).toMatchObject({ status: 429, message: 'Too many', issues: [], retryAfterSeconds: 30 })
  })

  it('calls once more after a status the specification retries, as a request is', async () => {
    const { transport, inProcess } = serverTransport(
      { ok: false, status: 503, message: 'Unavailable' },
      { ok: true, data: { name: 'back' } },
    )
    await expect(callApi(itemApi, { params: { id: 7 } }, { transport })).resolves.toEqual({ name: 'back' })
    expect(inProcess).toHaveBeenCalledTimes(2)
  })

  it('sends a change, or a call with headers of its own, as a request', async () => {
    const { transport, request, inProcess } = serverTransport({ ok: true, data: { name: 'in-process' } })
    await expect(callApi(renameApi, { params: { id: 7 }, body: { name: 'New' } }, { transport })).resolves.toEqual({
      name: 'by request',
    })
    await expect(
      callApi(itemApi, { params: { id: 7 } }, { transport, headers: { 'checkout-token': 't' } }),
    ).resolves.toEqual({ name: 'by request' })
    expect(request).toHaveBeenCalledTimes(2)
    expect(inProcess).not.toHaveBeenCalled()
  })
})
