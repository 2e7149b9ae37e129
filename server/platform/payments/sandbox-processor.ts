import { createHash, randomBytes } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import { zipSchema } from '#schemas/api/common.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import {
  PaymentDeclined,
  PaymentFailed,
  type CardToken,
  type Charge,
  type PaymentProcessor,
  type Refund,
} from './payments.ts'
import {
  chargeByKey,
  insertCharge,
  insertRefund,
  lockCharge,
  refundByKey,
  refundedOf,
  type ChargeRow,
  type RefundRow,
} from './sandbox-store.ts'

/**
 * A card as the hosted card fields send it to the sandbox processor's own origin. It never
 * reaches the site's API: the site gets a token (`server/platform/payments/card-fields.ts`).
 */
export const sandboxCardSchema = z.object({
  number: z.pipe(
    z.pipe(
      z.string().check(z.maxLength(40)),
      z.transform((value) => value.replace(/[\s-]/g, '')),
    ),
    z.string().check(z.regex(/^\d{12,19}$/, 'Enter the card number')),
  ),
  expMonth: z.coerce
    .number({ message: 'Enter the expiry month' })
    .check(z.int('Enter the expiry month'), z.gte(1, 'Enter the expiry month'), z.lte(12, 'Enter the expiry month')),
  expYear: z.coerce
    .number({ message: 'Enter the expiry year' })
    .check(z.int('Enter the expiry year'), z.gte(2000, 'Enter the expiry year'), z.lte(2100, 'Enter the expiry year')),
  cvc: z.string().check(z.regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code')),
  zip: zipSchema,
})
export type SandboxCard = z.output<typeof sandboxCardSchema>

type Outcome = 'ok' | 'declined' | 'insufficient' | 'error' | 'declined_later'
const OUTCOMES: Record<string, Outcome> = {
  '4000000000000002': 'declined',
  '4000000000000341': 'declined_later',
  '4000000000009995': 'insufficient',
  '4000000000000119': 'error',
}
const PREFIX = 'tok_sandbox_'
const tokenBodySchema = z.object({
  b: z.string(),
  l: z.string().check(z.regex(/^\d{4}$/)),
  m: z.number().check(z.int()),
  y: z.number().check(z.int()),
  z: z.string(),
  o: z.enum(['ok', 'declined', 'insufficient', 'error', 'declined_later']),
})

/**
 * The sandbox processor, modelled on a real processor's test mode. Test cards:
 * - 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard): succeed
 * - 4000 0000 0000 0002: declined ("Your card was declined.")
 * - 4000 0000 0000 9995: declined for insufficient funds
 * - 4000 0000 0000 0119: processing error (nothing charged; try again)
 * - 4000 0000 0000 0341: pays while its holder is there (the checkout), and is declined on every
 *   later charge the site makes alone (`offSession`: a renewal, a retry), as Stripe's card of that
 *   number is once attached
 * Refunds (`refund`) of any charge succeed, up to what is left of it.
 * Any expiry in the future and any CVC; an expired card or a number failing the Luhn check is
 * refused when the card fields tokenize it. No network: a token carries the card's brand, last
 * four digits, expiry, ZIP and test outcome (never the number), so tokens outlive a restart of
 * the server as a real processor's do; charges are kept per idempotency key in the database.
 */
export function sandboxTokenize(card: SandboxCard, now: Date = new Date()): CardToken {
  if (!luhn(card.number)) throw new PaymentDeclined('The card number is not valid.')
  if (card.expYear < now.getFullYear() || (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1))
    throw new PaymentDeclined('The card has expired.')
  const brand = card.number.startsWith('4')
    ? 'Visa'
    : card.number.startsWith('5')
      ? 'Mastercard'
      : card.number.startsWith('3')
        ? 'American Express'
        : 'Card'
  const body = {
    b: brand,
    l: card.number.slice(-4),
    m: card.expMonth,
    y: card.expYear,
    z: card.zip,
    o: OUTCOMES[card.number] ?? 'ok',
  }
  return {
    token: `${PREFIX}${Buffer.from(JSON.stringify(body)).toString('base64url')}.${randomBytes(8).toString('hex')}`,
    brand,
    last4: body.l,
    expMonth: body.m,
    expYear: body.y,
    zip: body.z,
  }
}

function decode(token: string): (CardToken & { outcome: Outcome }) | undefined {
  // Demo data stores `tok_sandbox_seed_{last4}` for the succeeding test cards.
  const seeded = /^tok_sandbox_seed_(4242|4444)$/.exec(token)
  if (seeded)
    return {
      token,
      brand: seeded[1] === '4242' ? 'Visa' : 'Mastercard',
      last4: seeded[1]!,
      expMonth: 12,
      expYear: 2099,
      zip: '00000',
      outcome: 'ok',
    }
  if (!token.startsWith(PREFIX)) return undefined
  try {
    const body = tokenBodySchema.parse(
      JSON.parse(Buffer.from(token.slice(PREFIX.length).split('.')[0] ?? '', 'base64url').toString('utf8')),
    )
    return { token, brand: body.b, last4: body.l, expMonth: body.m, expYear: body.y, zip: body.z, outcome: body.o }
  } catch {
    return undefined
  }
}

const toCharge = (row: ChargeRow): Charge => ({
  chargeId: row.charge_id,
  amountCents: row.amount_cents,
  token: row.token,
})

/**
 * Test seams of the sandbox processor only (SANDBOX_CHARGE_DELAY_MS, SANDBOX_CHARGE_REPLY_DELAY_MS):
 * a charge waits before it is made, or after it is made before it answers, and says so in the
 * log, so that a test can end the server at that very point (tests/e2e/payment-crash.spec.ts).
 */
export interface SandboxPauses {
  beforeChargeMs?: number
  afterChargeMs?: number
  logger?: Pick<Logger, 'warn'>
}

const pause = (ms: number | undefined, logger: SandboxPauses['logger'], message: string) => {
  if (!ms) return Promise.resolve()
  logger?.warn({ ms }, message)
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * The sandbox processor keeps its charges in the database (`sandbox_charges`, its own books, as
 * a real processor's are its own), so a restart of the server does not charge a key twice and
 * `lookup` finds what was charged before a crash.
 */
export function createSandboxProcessor(db: Database, pauses: SandboxPauses = {}): PaymentProcessor {
  const known = (token: string) => {
    const card = decode(token)
    if (!card) throw new PaymentDeclined('The card details are no longer valid. Enter your card again.')
    return card
  }
  const lookup = async (idempotencyKey: string) => {
    const row = await chargeByKey(db, idempotencyKey)
    return row && toCharge(row)
  }
  return {
    card: (token) =>
      Promise.resolve().then(() => {
        const { outcome: _outcome, ...card } = known(token)
        return card
      }),
    async charge({ token, amountCents, description, idempotencyKey, offSession }) {
      const earlier = await lookup(idempotencyKey)
      if (earlier) return earlier
      const card = known(token)
      if (card.outcome === 'declined') throw new PaymentDeclined('Your card was declined.')
      if (card.outcome === 'insufficient') throw new PaymentDeclined('Your card has insufficient funds.')
      if (card.outcome === 'error')
        throw new PaymentFailed('The payment could not be processed. Nothing was charged; please try again.')
      if (card.outcome === 'declined_later' && offSession) throw new PaymentDeclined('Your card was declined.')
      await pause(
        pauses.beforeChargeMs,
        pauses.logger,
        'Sandbox processor: holding a charge before it is made (SANDBOX_CHARGE_DELAY_MS)',
      )
      const chargeId = `ch_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`
      // Two charges with one key at once: the key's row is made once, and both answer it.
      const made = await insertCharge(db, { idempotencyKey, chargeId, token, amountCents, description })
      const charge = made ? toCharge(made) : await lookup(idempotencyKey)
      if (!charge) throw new PaymentFailed('The payment could not be processed. Nothing was charged; please try again.')
      await pause(
        pauses.afterChargeMs,
        pauses.logger,
        'Sandbox processor: charged; holding the answer (SANDBOX_CHARGE_REPLY_DELAY_MS)',
      )
      return charge
    },
    lookup,
    async refund({ chargeId, amountCents, idempotencyKey }) {
      // One refund of a charge at a time, as a processor does: two requests with one key at once
      // (a double click) answer the same refund, and what is left is counted after the other's.
      return db.transaction(async (tx) => {
        const charge = await lockCharge(tx, chargeId)
        if (!charge) throw new PaymentFailed('The processor knows no such charge.')
        const earlier = await refundByKey(tx, idempotencyKey)
        if (earlier) return toRefund(earlier)
        const refunded = await refundedOf(tx, chargeId)
        if (amountCents <= 0 || amountCents > charge.amount_cents - refunded)
          throw new PaymentFailed('That is more than is left of the charge to refund.')
        const refundId = `re_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`
        const made = await insertRefund(tx, { idempotencyKey, refundId, chargeId, amountCents })
        return toRefund(made)
      })
    },
  }
}

const toRefund = (row: RefundRow): Refund => ({
  refundId: row.refund_id,
  chargeId: row.charge_id,
  amountCents: row.amount_cents,
})

export function luhn(number: string): boolean {
  let sum = 0
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return number.length >= 12 && sum % 10 === 0
}
