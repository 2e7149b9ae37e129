import { describe, expect, it } from 'vitest'
import { createSandboxProcessor, luhn, PaymentDeclined, PaymentFailed } from './payments.ts'

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' })
const now = () => new Date('2026-11-23T00:00:00Z')

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

  it('tokenizes a card: the token says nothing of the number but its last four digits', async () => {
    const token = await createSandboxProcessor(now).tokenize(card('4242424242424242'))
    expect(token).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030 })
    expect(token.token).toMatch(/^tok_sandbox_[0-9a-f]{24}$/)
    expect(token.token).not.toContain('424242424242')
  })

  it('refuses an expired card and a number that fails the Luhn check', async () => {
    const processor = createSandboxProcessor(now)
    await expect(processor.tokenize({ ...card('4242424242424242'), expYear: 2026, expMonth: 10 })).rejects.toThrow(new PaymentDeclined('The card has expired.'))
    await expect(processor.tokenize(card('4242424242424241'))).rejects.toThrow('The card number is not valid.')
  })

  it.each([
    ['4000000000000002', PaymentDeclined, 'Your card was declined.'],
    ['4000000000009995', PaymentDeclined, 'Your card has insufficient funds.'],
    ['4000000000000119', PaymentFailed, 'The payment could not be processed. Nothing was charged; please try again.'],
  ])('the test card %s fails as documented', async (number, kind, message) => {
    const processor = createSandboxProcessor(now)
    const { token } = await processor.tokenize(card(number))
    await expect(processor.charge({ token, amountCents: 1000, description: 'x', idempotencyKey: `k-${number}` })).rejects.toThrow(new kind(message))
  })

  it('charges once per idempotency key', async () => {
    const processor = createSandboxProcessor(now)
    const { token } = await processor.tokenize(card('4242424242424242'))
    const first = await processor.charge({ token, amountCents: 1000, description: 'x', idempotencyKey: 'same-key-123' })
    const second = await processor.charge({ token, amountCents: 9999, description: 'x', idempotencyKey: 'same-key-123' })
    expect(second).toEqual(first)
    expect(second.amountCents).toBe(1000)
  })
})
