/**
 * A server's answer to a form, placed: its issues at the form's fields, the rest (and the
 * throttling answer's wait) for the form's alert. Shared by the light forms (light-form.ts) and
 * the react-hook-form ones (form.tsx), so it is in the form kit's chunk and the light form's own
 * state is not (vite.config.ts).
 */
import { ApiRequestError } from '#engine'

/** What is wrong, by field (the path of the field, dotted). */
export type Problems = Partial<Record<string, string>>

/**
 * A server error's issues at the listed fields (the path after `body`), in order, and the message
 * for the form's alert when no field took one. The throttling answer says how long to wait.
 */
export function serverProblems(
  error: unknown,
  fields: readonly string[],
): { placed: [path: string, message: string][]; message: string | undefined } {
  if (!(error instanceof ApiRequestError))
    return { placed: [], message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' }
  const placed: [string, string][] = []
  for (const issue of error.issues) {
    const path = (issue.path[0] === 'body' ? issue.path.slice(1) : issue.path).join('.')
    if (fields.some((field) => path === field || path.startsWith(`${field}.`))) placed.push([path, issue.message])
  }
  return { placed, message: placed.length ? undefined : error.status === 429 ? waitMessage(error) : error.message }
}

/** The throttling answer as a sentence with the wait, from the server's Retry-After. */
function waitMessage(error: ApiRequestError): string {
  const seconds = error.retryAfterSeconds
  if (!seconds) return error.message
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  return `${error.message.replace(/ Try again later\.?$/, '')} Try again in ${wait}.`
}
