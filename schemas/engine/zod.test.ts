import { afterEach, expect, it, vi } from 'vitest'
import { z } from './zod.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

it('says what is wrong in English (zod/mini loads no messages of its own)', () => {
  const schema = z.object({ name: z.string().check(z.maxLength(3)), age: z.number().check(z.int()) })
  const result = schema.safeParse({ name: 'Grace', age: 'ten' })
  expect(result.success).toBe(false)
  expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
    'name: Too big: expected string to have <=3 characters',
    'age: Invalid input: expected number, received string',
  ])
})

it('parses without compiling code (a page may forbid eval; zod classic compiled a fast path per object schema)', () => {
  const compiled = vi.spyOn(globalThis, 'Function')
  const schema = z.object({
    name: z.pipe(
      z.string().check(z.trim()),
      z.transform((name) => name.toUpperCase()),
    ),
    office: z.object({ id: z.number().check(z.int()) }),
  })
  for (let i = 0; i < 3; i++)
    expect(schema.parse({ name: ' Ada ', office: { id: 3 } })).toEqual({ name: 'ADA', office: { id: 3 } })
  expect(schema.safeParse({ name: 'Ada', office: { id: 1.5 } }).success).toBe(false)
  // zod's probe of whether it may compile (`new Function("")`) aside.
  expect(compiled.mock.calls.filter((args) => args.join('') !== '')).toEqual([])
})
