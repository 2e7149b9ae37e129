import { describe, expect, it } from 'vitest'
import { PaymentDeclined, PaymentFailed } from './payments.ts'
import { createSandboxProcessor, luhn, sandboxTokenize } from './sandbox-processor.ts'

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' })
const now = new Date('2026-11-23T00:00:00Z')

describe('the sandbox payment processor', () => {
  it.each([
    ['4242424242424242', true],
    ['5555555555554444', true],
    ['4000000000000002', true],
    ['4242424242424241', false],
    ['1234', false],
  ])('checks %s with the Luhn algorithm (%s)', (number, valid) => {
    expect(luhn(number)).toBe(valid)
  })

  it('tokenizes a card: the token says nothing of the number but its last four digits', () => {
    const token = sandboxTokenize(card('4242424242424242'), now)
    expect(token).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030, zip: '90210' })
    expect(token.token).toMatch(/^tok_sandbox_[\w-]+\.[0-9a-f]{16}$/)
    expect(token.token).not.toContain('424242424242')
    expect(Buffer.from(token.token.slice('tok_sandbox_'.length).split('.')[0]!, 'base64url').toString()).not.toContain('424242424242')
  })

  it('describes a token as a receipt shows the card, also after a restart (a new processor); an unknown token is declined', async () => {
    const { token } = sandboxTokenize(card('5555555555554444'), now)
    expect(await createSandboxProcessor().card(token)).toEqual({ token, brand: 'Mastercard', last4: '4444', expMonth: 12, expYear: 2030, zip: '90210' })
    await expect(createSandboxProcessor().card('tok_made_up')).rejects.toThrow(new PaymentDeclined('The card details are no longer valid. Enter your card again.'))
  })

  it('refuses an expired card and a number that fails the Luhn check', () => {
    expect(() => sandboxTokenize({ ...card('4242424242424242'), expYear: 2026, expMonth: 10 }, now)).toThrow(new PaymentDeclined('The card has expired.'))
    expect(() => sandboxTokenize(card('4242424242424241'), now)).toThrow('The card number is not valid.')
  })

  it.each([
    ['4000000000000002', PaymentDeclined, 'Your card was declined.'],
    ['4000000000009995', PaymentDeclined, 'Your card has insufficient funds.'],
    ['4000000000000119', PaymentFailed, 'The payment could not be processed. Nothing was charged; please try again.'],
  ])('the test card %s fails as documented', async (number, kind, message) => {
    const { token } = sandboxTokenize(card(number), now)
    await expect(createSandboxProcessor().charge({ token, amountCents: 1000, description: 'x', idempotencyKey: `k-${number}` })).rejects.toThrow(new kind(message))
  })

  it('charges once per idempotency key', async () => {
    const processor = createSandboxProcessor()
    const { token } = sandboxTokenize(card('4242424242424242'), now)
    const first = await processor.charge({ token, amountCents: 1000, description: 'x', idempotencyKey: 'same-key-123' })
    const second = await processor.charge({ token, amountCents: 9999, description: 'x', idempotencyKey: 'same-key-123' })
    expect(second).toEqual(first)
    expect(second.amountCents).toBe(1000)
  })
})
