import type { z } from '#schemas/zod.ts'

/**
 * `schema.safeParse`, remembered per input object. Content is parsed once and never changed: the
 * published content is one object for every request (the content service caches it), so the same
 * settings object is checked once, not on every render, and its parsed value is the same object
 * each time (what the blocks' props check and React's memos compare). Inputs that are not objects
 * are parsed each time.
 */
export function rememberingParser<Output>(schema: z.ZodMiniType<Output>): (input: unknown) => ReturnType<z.ZodMiniType<Output>['safeParse']> {
  const results = new WeakMap<object, ReturnType<z.ZodMiniType<Output>['safeParse']>>()
  return (input) => {
    if (typeof input !== 'object' || input === null) return schema.safeParse(input)
    let result = results.get(input)
    if (!result) {
      result = schema.safeParse(input)
      results.set(input, result)
    }
    return result
  }
}
