import type { Env } from '../env.ts'

/** The time now, as the server and the jobs read it (`ApiDeps.now`). */
export type Clock = () => Date

/**
 * A clock that starts at `start` and runs on at the machine's pace: now = start + (the machine's
 * time - the machine's time when it was made). `machine` is the machine's time in milliseconds
 * (a test gives its own).
 */
export function clockFrom(start: Date, machine: () => number = Date.now): Clock {
  const madeAt = machine()
  return () => new Date(start.getTime() + (machine() - madeAt))
}

/**
 * The server's clock: the machine's, or SANDBOX_CLOCK's. A moved clock is refused unless the
 * payments are the sandbox processor's: a renewal due on the moved date would otherwise charge a
 * real card a year early. Whether the processor is the sandbox decides it, not NODE_ENV: the
 * demo's `npm start` runs with NODE_ENV=production and the sandbox, and charges no card.
 */
export function serverClock(
  env: Pick<Env, 'SANDBOX_CLOCK'>,
  options: { sandboxPayments: boolean; logger: { warn: (fields: object, message: string) => void } },
): Clock {
  const start = env.SANDBOX_CLOCK
  if (start === undefined) return () => new Date()
  if (!options.sandboxPayments)
    throw new Error(
      'SANDBOX_CLOCK is set, but the payments are not the sandbox processor’s: a moved clock would charge real cards on the wrong day. Unset SANDBOX_CLOCK.',
    )
  options.logger.warn(
    { sandboxClock: start.toISOString() },
    `SANDBOX_CLOCK: a sandbox clock, started at ${start.toISOString()} and running on from it; the server and its jobs read it, and only the sandbox processor charges`,
  )
  return clockFrom(start)
}
