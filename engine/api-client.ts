/** Statuses after which a GET is retried once (never a request that changes state). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504])

/** An API call that failed: the status and the server's `{ message, issues? }`. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError'
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: (string | number)[]; message: string }[] = [],
    /** From the `Retry-After` header of a 429 or 503: how long to wait before trying again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}
