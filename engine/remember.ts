import type { z } from '#schemas/engine/zod.ts'

/**
 * `compute`, remembered per object: the same object answers the same result, computed once (and
 * forgotten with the object). For what derives from content, which is parsed once and never
 * changed: the published content is one object for every request (the content service caches it),
 * so what is derived from it is the same object request after request too (what the blocks'
 * props check and React's memos compare).
 */
export function rememberPer<Key extends object, Value>(compute: (key: Key) => Value): (key: Key) => Value {
  const results = new WeakMap<Key, Value>()
  return (key) => {
    if (results.has(key)) return results.get(key) as Value
    const result = compute(key)
    results.set(key, result)
    return result
  }
}

/**
 * `schema.safeParse`, remembered per input object (`rememberPer`): the same settings object is
 * checked once, not on every render, and its parsed value is the same object each time. Inputs
 * that are not objects are parsed each time.
 */
export function rememberingParser<Output>(
  schema: z.ZodMiniType<Output>,
): (input: unknown) => ReturnType<z.ZodMiniType<Output>['safeParse']> {
  const parseObject = rememberPer((input: object) => schema.safeParse(input))
  return (input) => (typeof input === 'object' && input !== null ? parseObject(input) : schema.safeParse(input))
}
