// @vitest-environment jsdom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ContractRef } from '#schemas/engine/contract.ts'
import { ApiRequestError } from './api-client.ts'
import type { ApiTransport } from './api.ts'
import { EngineContext } from './engine-context.tsx'
import { createQueryClient } from './engine-root.tsx'
import { useApiMutation } from './mutation.ts'
import { renameApi, testEngine } from './test-helpers.tsx'

afterEach(cleanup)

interface Sent {
  path: string
  method: string | undefined
  body: unknown
  headers: Record<string, string>
}

/** A transport answering every call with `answer` (status, body), recording what was sent. */
function fakeTransport(answer: [number, unknown] = [200, { id: 7, name: 'Renamed' }]) {
  const sent: Sent[] = []
  const transport: ApiTransport = (path, init) => {
    sent.push({
      path,
      method: init.method,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: init.headers as Record<string, string>,
    })
    return Promise.resolve(
      new Response(JSON.stringify(answer[1]), { status: answer[0], headers: { 'content-type': 'application/json' } }),
    )
  }
  return { transport, sent }
}

/** Renders `hook` inside the engine's context (with `transport`) and a query client of its own. */
function renderWithEngine<Result>(hook: () => Result, transport: ApiTransport, client: QueryClient) {
  const engine = testEngine()
  const value = { ...engine, sources: { ...engine.sources, transport } }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <EngineContext value={value}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </EngineContext>
  )
  return renderHook(hook, { wrapper }).result
}

describe('a mutation of an API contract', () => {
  it('sends what mutate takes, with the headers made as it is sent, and hands onSuccess the answer, the input and the query client', async () => {
    const { transport, sent } = fakeTransport()
    const client = createQueryClient()
    const onSuccess = vi.fn()
    const headers = vi.fn(() => Promise.resolve({ 'x-recaptcha-token': 'token' }))
    const result = renderWithEngine(() => useApiMutation(renameApi, { headers, onSuccess }), transport, client)
    expect(headers).not.toHaveBeenCalled()

    act(() => result.current.mutate({ params: { id: 7 }, body: { name: 'Renamed' } }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(sent).toEqual([
      expect.objectContaining({
        path: '/api/items/7/name',
        method: 'POST',
        body: { name: 'Renamed' },
        headers: expect.objectContaining({ 'x-recaptcha-token': 'token' }) as unknown,
      }),
    ])
    expect(result.current.data).toEqual({ id: 7, name: 'Renamed' })
    expect(onSuccess).toHaveBeenCalledWith(
      { id: 7, name: 'Renamed' },
      { params: { id: 7 }, body: { name: 'Renamed' } },
      client,
    )
  })

  it('stays pending while onSuccess runs (a navigation), so a button stays busy until the page has moved on', async () => {
    const { transport } = fakeTransport()
    let moved: () => void = () => undefined
    const navigation = new Promise<void>((resolve) => (moved = resolve))
    const result = renderWithEngine(
      () => useApiMutation(renameApi, { onSuccess: () => navigation }),
      transport,
      createQueryClient(),
    )
    act(() => result.current.mutate({ params: { id: 7 }, body: { name: 'Renamed' } }))
    await waitFor(() => expect(result.current.isPending).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(result.current.isPending).toBe(true)
    act(() => moved())
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
  })

  it('has the server’s error, with its issues, as its error', async () => {
    const { transport } = fakeTransport([
      422,
      { message: 'Check the name', issues: [{ path: ['body', 'name'], message: 'Too long' }] },
    ])
    const result = renderWithEngine(() => useApiMutation(renameApi), transport, createQueryClient())
    act(() => result.current.mutate({ params: { id: 7 }, body: { name: 'x'.repeat(300) } }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(ApiRequestError)
    expect(result.current.error).toMatchObject({ status: 422, message: 'Check the name' })
  })

  it('takes a loader of its contract, called with the first mutate and not before (a contract that comes with a form’s own module)', async () => {
    const { transport, sent } = fakeTransport()
    const load = vi.fn((): Promise<ContractRef<typeof renameApi>> => Promise.resolve(renameApi))
    const result = renderWithEngine(() => useApiMutation(load), transport, createQueryClient())
    expect(load).not.toHaveBeenCalled()
    act(() => result.current.mutate({ params: { id: 7 }, body: { name: 'Renamed' } }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(load).toHaveBeenCalledTimes(1)
    expect(sent.map((call) => call.path)).toEqual(['/api/items/7/name'])
  })

  describe('with input, which makes the call’s input from what mutate takes', () => {
    it('is pending from the step before the request, and sends what the step made', async () => {
      const { transport, sent } = fakeTransport()
      let stepDone: (name: string) => void = () => undefined
      const step = new Promise<string>((resolve) => (stepDone = resolve))
      const onSuccess = vi.fn()
      const result = renderWithEngine(
        () =>
          useApiMutation(renameApi, {
            input: async (item: { id: number }) => ({ params: { id: item.id }, body: { name: await step } }),
            onSuccess,
          }),
        transport,
        createQueryClient(),
      )
      act(() => result.current.mutate({ id: 7 }))
      await waitFor(() => expect(result.current.isPending).toBe(true))
      expect(sent).toEqual([])
      act(() => stepDone('From the step'))
      await waitFor(() => expect(result.current.isSuccess).toBe(true))
      expect(sent.map((call) => call.body)).toEqual([{ name: 'From the step' }])
      expect(result.current.variables).toEqual({ id: 7 })
      expect(onSuccess).toHaveBeenCalledWith({ id: 7, name: 'Renamed' }, { id: 7 }, expect.anything())
    })

    it('has the step’s error as its error, and sends nothing', async () => {
      const { transport, sent } = fakeTransport()
      const result = renderWithEngine(
        () =>
          useApiMutation(renameApi, {
            input: (_item: { id: number }): Promise<{ params: { id: number }; body: { name: string } }> =>
              Promise.reject(new Error('The card form is not ready yet')),
          }),
        transport,
        createQueryClient(),
      )
      act(() => result.current.mutate({ id: 7 }))
      await waitFor(() => expect(result.current.isError).toBe(true))
      expect(result.current.error?.message).toBe('The card form is not ready yet')
      expect(sent).toEqual([])
    })
  })
})
