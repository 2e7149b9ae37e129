/**
 * What a service refuses, in its own words: the route's answer (status, Retry-After) is the API's
 * business (server/app.ts maps each one). A service never throws an HTTP error.
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

/** What is asked conflicts with the state of things (a payment another request is completing). */
export class Conflict extends Error {
  constructor(
    message: string,
    /** When trying again may succeed, if known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'Conflict'
  }
}
