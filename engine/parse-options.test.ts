// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { PARSE } from './parse-options.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

it('parses in a page without compiling code (zod compiles a fast path per object schema otherwise)', () => {
  const compiled = vi.spyOn(globalThis, 'Function')
  const schema = z.object({ name: z.string().trim(), office: z.object({ id: z.number().int() }) })
  expect(PARSE.jitless).toBe(true)
  expect(schema.parse({ name: ' Ada ', office: { id: 3 } }, PARSE)).toEqual({ name: 'Ada', office: { id: 3 } })
  expect(schema.safeParse({ name: 'Ada', office: { id: 1.5 } }, PARSE).success).toBe(false)
  // Code compiled (zod's probe of whether it may, `new Function("")`, aside).
  const code = () => compiled.mock.calls.filter((args) => args.join('') !== '')
  expect(code()).toEqual([])
  // The same parse without the options compiles (the server's way).
  expect(schema.parse({ name: 'Ada', office: { id: 3 } })).toEqual({ name: 'Ada', office: { id: 3 } })
  expect(code().length).toBeGreaterThan(0)
})
