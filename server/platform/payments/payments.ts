/** What the processor tells about a card token: never the number, only what a receipt shows. */
export interface CardToken {
  token: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
  /** The billing ZIP the card fields collected (for address verification). */
  zip: string
}

export interface Charge {
  chargeId: string
  amountCents: number
  /** The card token that was charged. */
  token: string
}

export interface ChargeRequest {
  token: string
  amountCents: number
  description: string
  /**
   * The member is not there: a renewal or its retry, started by the site (a merchant-initiated
   * charge, Stripe's `off_session`). Some cards pay only while their holder is present.
   */
  offSession?: boolean
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
 * A payment processor, the way Stripe Elements or Braintree Hosted Fields work: the card form is
 * served by the processor from its own origin (in an iframe of our page), the browser sends the
 * card there and gets a token back, and our server only ever sees the token (PCI DSS SAQ A).
 * `charge` is idempotent by key: the same key charges once.
 */
export interface PaymentProcessor {
  /** The card behind a token, as a receipt shows it; a token the processor does not know is declined. */
  card(token: string): Promise<CardToken>
  charge(request: ChargeRequest & { idempotencyKey: string }): Promise<Charge>
  /**
   * The charge made with an idempotency key, or undefined when none was: how a payment left
   * pending by a crash learns whether the processor charged (never by charging again). Stripe
   * answers it by replaying the key's request (kept 24 hours) or by searching the charges'
   * metadata for the key; the sandbox keeps its charges in the database.
   */
  lookup(idempotencyKey: string): Promise<Charge | undefined>
  /**
   * Gives back `amountCents` of a charge (all or part of it), once per idempotency key: the same
   * key answers the same refund. More than is left of the charge is refused (PaymentFailed).
   */
  refund(request: { chargeId: string; amountCents: number; idempotencyKey: string }): Promise<Refund>
}

export interface Refund {
  refundId: string
  chargeId: string
  amountCents: number
}
