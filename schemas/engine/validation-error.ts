import type { z } from './zod.ts'

/** One problem found in a payload, at its place in the payload. */
export interface ValidationIssue {
  /** Path from the payload's root, e.g. `['header', 'variables', 'header_menu', 0, 'title']`. */
  path: (string | number)[]
  message: string
}

/** Formats a path as the editor and logs show it: `header.variables.header_menu[0].title`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`
    return out ? `${out}.${String(key)}` : String(key)
  }, '')
}

export function issueMessage(issue: ValidationIssue): string {
  return issue.path.length ? `${issue.message} at "${formatPath(issue.path)}"` : issue.message
}

/**
 * A payload that failed its schema. The message is `Validation error: ` followed by each
 * problem's message joined with `; `; `issues` keeps each problem's path so an editor can
 * show it at its field.
 */
export class ValidationError extends Error {
  override readonly name = 'ValidationError'
  constructor(readonly issues: ValidationIssue[]) {
    super(`Validation error: ${issues.map(issueMessage).join('; ')}`)
  }

  static fromZod(error: z.core.$ZodError): ValidationError {
    return new ValidationError(
      error.issues.map((issue) => ({
        path: issue.path.filter((key): key is string | number => typeof key !== 'symbol'),
        message: issue.message,
      })),
    )
  }
}
