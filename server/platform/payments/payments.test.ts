import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database } from '../db/database.ts'
import { blankPglite } from '../db/test-databases.ts'
import { migrate } from '../db/migrate.ts'
import { PaymentDeclined, PaymentFailed } from './payments.ts'
import { createSandboxProcessor, luhn, sandboxTokenize } from './sandbox-processor.ts'

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '90210' })
const now = new Date('2026-11-23T00:00:00Z')

describe('the sandbox payment processor', () => {
  let db: Database
  beforeAll(async () => {
    db = await blankPglite()
    await migrate(db)
  }, 60_000)
  afterAll(() => db.close())
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
    expect(Buffer.from(token.token.slice('tok_sandbox_'.length).split('.')[0]!, 'base64url').toString()).not.toContain(
      '424242424242',
    )
  })

  it('describes a token as a receipt shows the card, also after a restart (a new processor); an unknown token is declined', async () => {
    const { token } = sandboxTokenize(card('5555555555554444'), now)
    expect(await createSandboxProcessor(db).card(token)).toEqual({
      token,
      brand: 'Mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2030,
      zip: '90210',
    })
    await expect(createSandboxProcessor(db).card('tok_made_up')).rejects.toThrow(
      new PaymentDeclined('The card details are no longer valid. Enter your card again.'),
    )
  })

  it('refuses an expired card and a number that fails the Luhn check', () => {
    expect(() => sandboxTokenize({ ...card('4242424242424242'), expYear: 2026, expMonth: 10 }, now)).toThrow(
      new PaymentDeclined('The card has expired.'),
    )
    expect(() => sandboxTokenize(card('4242424242424241'), now)).toThrow('The card number is not valid.')
  })

  it.each([
    ['4000000000000002', PaymentDeclined, 'Your card was declined.'],
    ['4000000000009995', PaymentDeclined, 'Your card has insufficient funds.'],
    ['4000000000000119', PaymentFailed, 'The payment could not be processed. Nothing was charged; please try again.'],
  ])('the test card %s fails as documented', async (number, kind, message) => {
    const { token } = sandboxTokenize(card(number), now)
    await expect(
      createSandboxProcessor(db).charge({ token, amountCents: 1000, description: 'x', idempotencyKey: `k-${number}` }),
    ).rejects.toThrow(new kind(message))
  })

  it('charges once per idempotency key, also after a restart (a new processor on the same database), and finds the charge by its key', async () => {
    const processor = createSandboxProcessor(db)
    const { token } = sandboxTokenize(card('4242424242424242'), now)
    expect(await processor.lookup('same-key-123')).toBeUndefined()
    const first = await processor.charge({ token, amountCents: 1000, description: 'x', idempotencyKey: 'same-key-123' })
    expect(first).toMatchObject({
      chargeId: expect.stringMatching(/^ch_sandbox_[0-9a-f]{16}$/),
      amountCents: 1000,
      token,
    })
    const second = await processor.charge({
      token,
      amountCents: 9999,
      description: 'x',
      idempotencyKey: 'same-key-123',
    })
    expect(second).toEqual(first)
    const restarted = createSandboxProcessor(db)
    expect(
      await restarted.charge({ token, amountCents: 9999, description: 'x', idempotencyKey: 'same-key-123' }),
    ).toEqual(first)
    expect(await restarted.lookup('same-key-123')).toEqual(first)
    // Two charges with one key at the same moment: one charge.
    const both = await Promise.all([
      processor.charge({ token, amountCents: 500, description: 'y', idempotencyKey: 'race-key-1' }),
      restarted.charge({ token, amountCents: 500, description: 'y', idempotencyKey: 'race-key-1' }),
    ])
    expect(both[1]).toEqual(both[0])
    expect(
      await db.query(
        "SELECT idempotency_key FROM sandbox_charges WHERE idempotency_key IN ('same-key-123', 'race-key-1')",
      ),
    ).toHaveLength(2)
  })

  it('records no charge for a declined card: its key can charge another card afterwards', async () => {
    const processor = createSandboxProcessor(db)
    await expect(
      processor.charge({
        token: sandboxTokenize(card('4000000000000002'), now).token,
        amountCents: 700,
        description: 'x',
        idempotencyKey: 'declined-then-ok',
      }),
    ).rejects.toThrow(PaymentDeclined)
    expect(await processor.lookup('declined-then-ok')).toBeUndefined()
    const good = sandboxTokenize(card('5555555555554444'), now).token
    expect(
      await processor.charge({ token: good, amountCents: 700, description: 'x', idempotencyKey: 'declined-then-ok' }),
    ).toMatchObject({ token: good, amountCents: 700 })
  })
})
