/**
 * Content inheritance: a tenant's content may extend a base (`"$extends": "_base"`); the tenant
 * is the base plus its own changes. Objects merge key by key; lists and values replace.
 */
export const EXTENDS_KEY = '$extends'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The base with the override laid over it. */
export function mergeContent(base: unknown, override: unknown): unknown {
  if (!isRecord(base) || !isRecord(override)) return override === undefined ? base : override
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(override)) {
    if (key === EXTENDS_KEY) continue
    merged[key] = mergeContent(base[key], value)
  }
  return merged
}

export interface Override {
  /** Where the content differs from the base, e.g. `['header', 'variables', 'header_phone_number']`. */
  path: (string | number)[]
  base: unknown
  value: unknown
}

/** Field by field, where the content differs from its base (lists compare whole). */
export function contentOverrides(base: unknown, content: unknown, path: (string | number)[] = []): Override[] {
  if (isRecord(base) && isRecord(content)) {
    const keys = [...new Set([...Object.keys(base), ...Object.keys(content)])].filter((key) => key !== EXTENDS_KEY)
    return keys.flatMap((key) => contentOverrides(base[key], content[key], [...path, key]))
  }
  return JSON.stringify(base) === JSON.stringify(content) ? [] : [{ path, base, value: content }]
}
