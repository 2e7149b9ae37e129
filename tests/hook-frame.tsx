import { configure } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { BlockRegistry } from '#engine'
import { BlockFrame } from '#engine/tools'
import { manifest } from '#site-config/manifest.ts'
import { site } from '#site-config/site.ts'
import { storyConfig, storyContent } from '../blocks/kit/testing/story-fixtures.ts'

// A contract's first call loads its schemas (and zod), slower than the default second on a loaded machine.
configure({ asyncUtilTimeout: 5000 })

/** What a block's hook renders in (renderHook's `wrapper`): the site's frame with the stories' content, at `path`. */
export function hookFrame(path?: string) {
  const registry = new BlockRegistry({})
  return function Frame({ children }: { children: ReactNode }) {
    return (
      <BlockFrame
        content={storyContent}
        config={storyConfig}
        registry={registry}
        site={site}
        manifest={manifest}
        {...(path === undefined ? {} : { path })}
      >
        {children}
      </BlockFrame>
    )
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const sentBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined

/** The server answers every request with `status` and `body`; the bodies sent are kept, in order. */
export function answerAll(status: number, body: unknown): unknown[] {
  const sent: unknown[] = []
  vi.spyOn(window, 'fetch').mockImplementation((_path, init) => {
    sent.push(sentBody(init))
    return Promise.resolve(json(status, body))
  })
  return sent
}

export interface Call {
  method: string
  path: string
  body: unknown
}
/**
 * The server: each `METHOD path` answered with its status and body (the path with its query, or
 * without it; 404 otherwise); every call kept, with its query.
 */
export function answerByRoute(answers: Record<string, [status: number, body: unknown]>): Call[] {
  const calls: Call[] = []
  vi.spyOn(window, 'fetch').mockImplementation((path, init) => {
    const method = init?.method ?? 'GET'
    const url = typeof path === 'string' ? path : path instanceof URL ? path.href : path.url
    calls.push({ method, path: url, body: sentBody(init) })
    const [status, body] = answers[`${method} ${url}`] ??
      answers[`${method} ${url.split('?')[0] ?? url}`] ?? [404, { message: 'Not found' }]
    return Promise.resolve(json(status, body))
  })
  return calls
}
