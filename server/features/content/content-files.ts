import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from '#schemas/engine/zod.ts'
import { mergeContent } from '#schemas/content-layers.ts'

const extendsOf = (content: unknown): string | undefined => {
  const parsed = z.object({ $extends: z.optional(z.string()) }).safeParse(content)
  return parsed.success ? parsed.data.$extends : undefined
}

const readJson = (location: string): unknown => JSON.parse(readFileSync(location, 'utf8'))

/**
 * Reads a tenant's published content (`{dir}/{folder}/content.json`) and resolves its
 * `$extends` chain: a base is a sibling folder (`_base` by convention). Undefined when the file
 * does not exist.
 */
export function readTenantContent(dir: string, folder: string, seen: string[] = []): unknown {
  const location = path.join(dir, folder, 'content.json')
  if (!existsSync(location)) return undefined
  if (seen.includes(folder)) throw new Error(`Content inheritance loops: ${[...seen, folder].join(' → ')}`)
  const own = readJson(location)
  const parent = extendsOf(own)
  if (parent === undefined) return own
  const base = readTenantContent(dir, parent, [...seen, folder])
  if (base === undefined) throw new Error(`${location} extends "${parent}", which has no content.json`)
  return mergeContent(base, own)
}

/** A tenant's draft: its `working.json` laid over its published content; undefined without one. */
export function readTenantDraft(dir: string, folder: string): unknown {
  const location = path.join(dir, folder, 'working.json')
  return existsSync(location) ? mergeContent(readTenantContent(dir, folder), readJson(location)) : undefined
}

/** The base a tenant's content extends, resolved; undefined when it extends none. */
export function readTenantBase(dir: string, folder: string): unknown {
  const location = path.join(dir, folder, 'content.json')
  const parent = existsSync(location) ? extendsOf(readJson(location)) : undefined
  return parent === undefined ? undefined : readTenantContent(dir, parent)
}
