import { createHash, randomBytes } from 'node:crypto'
import type { Card } from '#schemas/api/common.ts'

export interface CardToken {
  token: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export interface Charge {
  chargeId: string
  amountCents: number
}

/** A refusal the visitor can act on (declined card, wrong details). */
export class PaymentDeclined extends Error {
  override readonly name = 'PaymentDeclined'
}
/** The processor failed; nothing was charged. */
export class PaymentFailed extends Error {
  override readonly name = 'PaymentFailed'
}

/**
 * A payment processor. Card numbers go to `tokenize` and nowhere else: the site keeps only the
 * token and the last four digits. `charge` is idempotent by key: the same key charges once.
 */
export interface PaymentProcessor {
  tokenize(card: Card): Promise<CardToken>
  charge(request: { token: string; amountCents: number; description: string; idempotencyKey: string }): Promise<Charge>
}

/**
 * The sandbox processor, modelled on a real processor's test mode. Test cards:
 * - 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard): succeed
 * - 4000 0000 0000 0002: declined ("Your card was declined.")
 * - 4000 0000 0000 9995: declined for insufficient funds
 * - 4000 0000 0000 0119: processing error (nothing charged; try again)
 * Any expiry in the future and any CVC; an expired card or a number failing the Luhn check is
 * refused. No network: the sandbox keeps tokens and charges in memory.
 */
export function createSandboxProcessor(now: () => Date = () => new Date()): PaymentProcessor {
  const tokens = new Map<string, { number: string; card: CardToken }>()
  const charges = new Map<string, Charge>()
  return {
    tokenize(card) {
      if (!luhn(card.number)) return Promise.reject(new PaymentDeclined('The card number is not valid.'))
      const today = now()
      if (card.expYear < today.getFullYear() || (card.expYear === today.getFullYear() && card.expMonth < today.getMonth() + 1)) {
        return Promise.reject(new PaymentDeclined('The card has expired.'))
      }
      const token: CardToken = {
        token: `tok_sandbox_${randomBytes(12).toString('hex')}`,
        brand: card.number.startsWith('4') ? 'Visa' : card.number.startsWith('5') ? 'Mastercard' : card.number.startsWith('3') ? 'American Express' : 'Card',
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      }
      tokens.set(token.token, { number: card.number, card: token })
      return Promise.resolve(token)
    },
    charge({ token, amountCents, idempotencyKey }) {
      const earlier = charges.get(idempotencyKey)
      if (earlier) return Promise.resolve(earlier)
      const stored = tokens.get(token)
      const number = stored?.number ?? sandboxNumberOfSeededToken(token)
      if (!number) return Promise.reject(new PaymentDeclined('The saved card is no longer valid. Update your billing details.'))
      if (number === '4000000000000002') return Promise.reject(new PaymentDeclined('Your card was declined.'))
      if (number === '4000000000009995') return Promise.reject(new PaymentDeclined('Your card has insufficient funds.'))
      if (number === '4000000000000119') return Promise.reject(new PaymentFailed('The payment could not be processed. Nothing was charged; please try again.'))
      const charge = { chargeId: `ch_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`, amountCents }
      charges.set(idempotencyKey, charge)
      return Promise.resolve(charge)
    },
  }
}

/** Demo data stores tokens of the form `tok_sandbox_seed_{last4}` for the succeeding test cards. */
function sandboxNumberOfSeededToken(token: string): string | undefined {
  const match = /^tok_sandbox_seed_(4242|4444)$/.exec(token)
  if (!match) return undefined
  return match[1] === '4242' ? '4242424242424242' : '5555555555554444'
}

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
