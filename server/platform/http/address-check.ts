import type { MiddlewareHandler } from 'hono'
import { HttpError } from './endpoint.ts'

type Issue = { path: (string | number)[]; message: string }

const NOT_TEXT = 'Not valid text: its percent-escapes are not UTF-8'
const NUL = 'Remove the NUL character (%00)'

/** A percent-encoded part as text, or undefined when its escapes are not UTF-8 (stray bytes, overlong forms, surrogates). */
function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part)
  } catch {
    return undefined
  }
}

/**
 * What is wrong with an address's path and query as text: escapes that are not UTF-8, and the NUL
 * character (PostgreSQL cannot store it, and no path or value of this site holds it). Libraries
 * differ with such input (one keeps the escape, another decodes a replacement character, the
 * database fails), so it is refused once, before any of them reads it.
 */
export function addressProblems(url: string): Issue[] {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const relative = start < 0 ? '/' : url.slice(start)
  const [path = '/', query = ''] = relative.split('#', 1)[0]!.split(/\?(.*)/s)
  const issues: Issue[] = []
  const pathText = decode(path)
  if (pathText === undefined) issues.push({ path: ['path'], message: NOT_TEXT })
  else if (pathText.includes('\0')) issues.push({ path: ['path'], message: NUL })
  for (const pair of query.split('&')) {
    if (!pair) continue
    const [rawName = '', rawValue = ''] = pair.replace(/\+/g, ' ').split(/=(.*)/s)
    const name = decode(rawName)
    const value = decode(rawValue)
    const at = ['query', name ?? rawName]
    if (name === undefined || value === undefined) issues.push({ path: at, message: NOT_TEXT })
    else if (name.includes('\0') || value.includes('\0')) issues.push({ path: at, message: NUL })
  }
  return issues
}

/** The 400 of an address that is not text, naming the path or the query parameter; undefined for one that is. */
export function addressRefusal(url: string): HttpError | undefined {
  const issues = addressProblems(url)
  if (!issues.length) return undefined
  return new HttpError(
    400,
    `The address is not valid text: ${issues.map((issue) => `${issue.path.join(' ')}: ${issue.message}`).join('; ')}`,
    issues,
  )
}

/** Refuses an address that is not text with a 400 (the API's JSON error shape, or the error page for a page). */
export const addressCheck: MiddlewareHandler = async (c, next) => {
  const refusal = addressRefusal(c.req.url)
  if (refusal) throw refusal
  await next()
}
