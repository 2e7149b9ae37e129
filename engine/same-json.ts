/**
 * The same data as JSON carries it: equal primitives, arrays of the same items, and plain objects
 * with the same keys, a key whose value is undefined counting as absent (JSON leaves it out).
 * Anything else (a Date, a Map, a function) is the same only as the same object.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    )
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false
  const keys = (value: Record<string, unknown>) => Object.keys(value).filter((key) => value[key] !== undefined)
  const [aKeys, bKeys] = [keys(a), keys(b)]
  return aKeys.length === bKeys.length && aKeys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
