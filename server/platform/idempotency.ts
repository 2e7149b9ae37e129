import { createHash, randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import type { Database, Queryable } from './db/database.ts'
import { Conflict } from './errors.ts'
import {
  claimPayment,
  expireClaim,
  lockClaim,
  releaseClaim,
  saveResponse,
  storedPayment,
  takeOverPayment,
  type PaymentKey,
} from './idempotency-store.ts'
import type { Logger } from './logger.ts'
import {
  PaymentDeclined,
  PaymentFailed,
  type Charge,
  type ChargeRequest,
  type PaymentProcessor,
} from './payments/payments.ts'

/** What one payment does between its claim and its answer. */
export interface PaymentStep<T> {
  /**
   * Charges under the payment's key; when this attempt took over a claim a crash left pending
   * and the processor had charged, answers that charge instead (nothing is charged again).
   */
  charge(request: ChargeRequest): Promise<Charge>
  /** Writes the order and the payment's answer in one transaction: both are kept, or neither. */
  commit(write: (tx: Queryable) => Promise<T>): Promise<T>
}

export interface PaymentDeps {
  db: Database
  payments: PaymentProcessor
  logger: Pick<Logger, 'error' | 'warn'>
  /** A claim pending longer than PAYMENT_CLAIM_TIMEOUT_MS was left by a crash. */
  env: { PAYMENT_CLAIM_TIMEOUT_MS: number }
}

type Scope = { groupKey: string; name: string }

/** The key the processor gets: one per tenant, scope and key, so that two members' keys never meet. */
export const processorKey = (scope: Scope, key: string) =>
  `pay_${createHash('sha256').update(`${scope.groupKey}\u0000${scope.name}\u0000${key}`).digest('hex').slice(0, 40)}`

/**
 * Runs a payment exactly once per idempotency key: the first request claims the key (a unique
 * row), later requests get its answer, or 409 with Retry-After while it runs. A claim still
 * pending after PAYMENT_CLAIM_TIMEOUT_MS was left by a crash: the next request takes it over and asks the
 * processor for the charge made with the key (`lookup`): if there is one, the order is completed
 * with it; if not, it charges, once. The processor's own key stops a second charge should the
 * first attempt still be alive, and only the attempt that holds the claim may write the order.
 * An attempt that failed before anything was charged releases the key.
 */
export async function once<T>(
  deps: PaymentDeps,
  scope: Scope,
  key: string,
  schema: z.ZodMiniType<T>,
  work: (step: PaymentStep<T>) => Promise<T>,
): Promise<T> {
  const { db } = deps
  const payment: PaymentKey = { groupKey: scope.groupKey, scope: scope.name, key }
  const attempt = randomBytes(12).toString('base64url')
  const chargeKey = processorKey(scope, key)
  let recovered: Charge | undefined
  if (!(await claimPayment(db, payment, attempt))) {
    if (!(await takeOverPayment(db, payment, attempt, deps.env.PAYMENT_CLAIM_TIMEOUT_MS))) {
      const row = await storedPayment(db, payment, deps.env.PAYMENT_CLAIM_TIMEOUT_MS)
      const done = schema.safeParse(row?.response)
      if (done.success) return done.data
      const seconds = Math.max(1, Math.ceil((row?.wait_ms ?? 0) / 1000))
      throw new Conflict('This payment is already being processed. Wait a moment and reload.', {
        retryAfterSeconds: seconds,
      })
    }
    recovered = await deps.payments.lookup(chargeKey)
    deps.logger.warn(
      { scope: scope.name, charged: recovered !== undefined },
      'Took over a payment left pending; asked the processor whether it charged',
    )
  }

  let charged: 'no' | 'maybe' | 'yes' = recovered ? 'yes' : 'no'
  const step: PaymentStep<T> = {
    async charge(request) {
      if (recovered) return recovered
      charged = 'maybe'
      try {
        const charge = await deps.payments.charge({ ...request, idempotencyKey: chargeKey })
        charged = 'yes'
        return charge
      } catch (error) {
        // The processor said so: nothing was charged. Any other failure may have charged.
        if (error instanceof PaymentDeclined || error instanceof PaymentFailed) charged = 'no'
        throw error
      }
    },
    commit: (write) =>
      db.transaction(async (tx) => {
        // Holding the claim's row until the commit: a retry cannot take it over half-way.
        if (!(await lockClaim(tx, payment, attempt)))
          throw new Conflict('This payment was completed by another request. Reload to see it.')
        const result = await write(tx)
        await saveResponse(tx, payment, z.record(z.string(), z.unknown()).parse(result))
        return result
      }),
  }

  try {
    return await work(step)
  } catch (error) {
    await settleFailed(deps, payment, attempt, charged === 'no').catch((settleError: unknown) =>
      deps.logger.error(
        { err: settleError, scope: scope.name },
        'Could not settle a failed payment attempt; its claim times out',
      ),
    )
    if (charged === 'yes')
      deps.logger.error(
        { err: error, scope: scope.name, chargeKey },
        'Charged, but the order could not be written: the next request completes it with the charge',
      )
    throw error
  }
}

/**
 * After a failure: with nothing charged, the key is released and a retry charges anew; when the
 * processor may have charged, the claim is kept and marked timed out, so that the very next
 * request asks the processor instead of waiting.
 */
async function settleFailed(deps: PaymentDeps, payment: PaymentKey, attempt: string, nothingCharged: boolean) {
  if (nothingCharged) await releaseClaim(deps.db, payment, attempt)
  else await expireClaim(deps.db, payment, attempt)
}
