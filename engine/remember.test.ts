import { describe, expect, it, vi } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { rememberingParser, rememberPer } from './remember.ts'

describe('rememberPer', () => {
  it('computes once per object, and again for another object', () => {
    const compute = vi.fn((key: { n: number }) => ({ double: key.n * 2 }))
    const remembered = rememberPer(compute)
    const key = { n: 2 }
    const first = remembered(key)
    expect(remembered(key)).toBe(first)
    expect(remembered({ n: 2 })).toEqual(first)
    expect(compute).toHaveBeenCalledTimes(2)
  })
})

describe('rememberingParser', () => {
  const schema = z.object({ title: z._default(z.string(), 'Untitled') })

  it('checks an object once and answers the same parsed object for it after', () => {
    const check = vi.spyOn(schema, 'safeParse')
    const read = rememberingParser(schema)
    const settings = {}
    const first = read(settings)
    expect(first.success && first.data).toEqual({ title: 'Untitled' })
    expect(read(settings)).toBe(first)
    expect(check).toHaveBeenCalledTimes(1)
    // Another object, even an equal one, is checked on its own.
    expect(read({})).not.toBe(first)
    expect(check).toHaveBeenCalledTimes(2)
    check.mockRestore()
  })

  it('remembers failures too, and parses what is not an object each time', () => {
    const read = rememberingParser(schema)
    const bad = { title: 7 }
    const failed = read(bad)
    expect(failed.success).toBe(false)
    expect(read(bad)).toBe(failed)
    expect(read(undefined).success).toBe(false)
    expect(read(undefined)).not.toBe(read(undefined))
  })
})
