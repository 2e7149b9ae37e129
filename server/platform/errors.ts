import type { ValidationIssue } from '#schemas/engine/validation-error.ts'

/**
 * What a service refuses, in its own words: the route's answer (status, Retry-After) is the API's
 * business (server/app.ts maps each one). A service never throws an HTTP error.
 *
 * An error's `issues` name each problem where the caller sent it, as the API shows it
 * (`['body', 'planId']`), so a form can put the message at its field.
 */

/** The attempts a rate limit allows are spent; the next is allowed after `retryAfterSeconds`. */
export class RateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
    this.name = 'RateLimited'
  }
}

/** What is asked conflicts with the state of things (a payment another request is completing, a plan already full). */
export class Conflict extends Error {
  /** When trying again may succeed, if known. */
  readonly retryAfterSeconds: number | undefined
  readonly issues: ValidationIssue[] | undefined
  constructor(message: string, options: { retryAfterSeconds?: number; issues?: ValidationIssue[] } = {}) {
    super(message)
    this.name = 'Conflict'
    this.retryAfterSeconds = options.retryAfterSeconds
    this.issues = options.issues
  }
}

/** What is asked for does not exist, or is not the caller's (which answers exactly as a missing one). */
export class NotFound extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NotFound'
  }
}

/** `${what} not found`: the words of every missing object. */
export const notFound = (what: string) => new NotFound(`${what} not found`)

/** What was sent breaks a rule the schema cannot know (an office that does not offer the plan, a weak password). */
export class Invalid extends Error {
  constructor(
    message: string,
    readonly issues?: ValidationIssue[],
  ) {
    super(message)
    this.name = 'Invalid'
  }
}

/** What was sent cannot be acted on at all (a reset link that has expired, a checkout not named). */
export class Refused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'Refused'
  }
}
