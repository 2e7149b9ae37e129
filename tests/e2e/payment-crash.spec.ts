/**
 * `kill -9` mid-checkout and mid-payment, on the built server with its embedded database in a
 * folder (as `npm start` runs it): the process is ended at the very point by SIGKILL, started
 * again on the same data, and the visitors retry. Each buyer is charged exactly once, every order
 * completes, and no payment claim stays pending. Where to stop is told by the sandbox processor's
 * test seams (SANDBOX_CHARGE_DELAY_MS: before the charge; SANDBOX_CHARGE_REPLY_DELAY_MS: after it,
 * before the order is written), which say in the log when they hold a charge.
 */
import { expect, test } from '@playwright/test'
import { z } from '#schemas/engine/zod.ts'
import { openPglite } from '#server/platform/db/database.ts'
import { BUYER, checkoutToPayment, testCardToken, visitor, type Visitor } from './support/http-client.ts'
import { freePort, startServer, stop, tempDir, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

const HOLD = '600000'
/** A claim pending longer than this was left by a crash (2 s: the test's retries need not wait long). */
const CLAIM_TIMEOUT = '2000'

type Paid = { state: { step: string }; receipt: { amountCents: number } }

/** Pays, and while the claim is still fresh does what a visitor's page does with a 409: waits Retry-After, then tries again. */
async function payUntilDone(buyer: Visitor) {
  for (let tries = 0; tries < 10; tries += 1) {
    const answer = await buyer.call<Paid>('POST', '/api/km/checkout/payment', {
      cardToken: testCardToken(),
      autoRenewalConsent: true,
    })
    if (answer.status !== 409) return answer
    const wait = Number(answer.response.headers()['retry-after'] ?? '1')
    await new Promise((resolve) => setTimeout(resolve, wait * 1000))
  }
  throw new Error('The payment stayed pending')
}

test('kill -9 between the claim and the charge, and after the charge before the order: after a restart each buyer is charged once and every order completes; a checkout in progress keeps its state', async () => {
  test.setTimeout(300_000)
  const data = tempDir('payment-crash-')
  const port = String(await freePort())
  const servers: ServerProcess[] = []
  const start = async (env: Record<string, string>) => {
    const server = await startServer({
      DATA_DIR: data.dir,
      PORT: port,
      PAYMENT_CLAIM_TIMEOUT_MS: CLAIM_TIMEOUT,
      ...env,
    })
    servers.push(server)
    return server
  }
  const base = `http://127.0.0.1:${port}`
  const [midway, beforeCharge, afterCharge] = await Promise.all([visitor(base), visitor(base), visitor(base)])
  try {
    // First life: a checkout in progress, and a payment held before its charge, then SIGKILL.
    const first = await start({ SANDBOX_CHARGE_DELAY_MS: HOLD })
    await checkoutToPayment(midway, 'midway@demo.test')
    await checkoutToPayment(beforeCharge, 'before-charge@demo.test')
    const lost = beforeCharge
      .call('POST', '/api/km/checkout/payment', {
        cardToken: testCardToken(),
        autoRenewalConsent: true,
      })
      .catch((error: unknown) => error)
    await first.logged(/holding a charge before it is made/)
    first.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(await lost).toBeInstanceOf(Error)

    // Second life: a payment charged, held before the order is written, then SIGKILL.
    const second = await start({ SANDBOX_CHARGE_REPLY_DELAY_MS: HOLD })
    await checkoutToPayment(afterCharge, 'after-charge@demo.test')
    const cut = afterCharge
      .call('POST', '/api/km/checkout/payment', {
        cardToken: testCardToken(),
        autoRenewalConsent: true,
      })
      .catch((error: unknown) => error)
    await second.logged(/charged; holding the answer/)
    second.kill('SIGKILL')
    expect(await second.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(await cut).toBeInstanceOf(Error)

    // Third life, no seams: everyone goes on where they were.
    const third = await start({})
    expect(
      (await midway.call<{ step: string; account: { email: string } }>('GET', '/api/km/checkout/account')).body,
    ).toMatchObject({ step: 'account', account: { email: 'midway@demo.test' } })
    for (const buyer of [midway, beforeCharge, afterCharge]) {
      const paid = await payUntilDone(buyer)
      expect(paid.status).toBe(201)
      expect(paid.body.state.step).toBe('completed')
      // A retry after completion is answered from the kept result, charging nothing.
      expect(
        (
          await buyer.call<Paid>('POST', '/api/km/checkout/payment', {
            cardToken: testCardToken(),
            autoRenewalConsent: true,
          })
        ).body,
      ).toEqual(paid.body)
    }
    const member = await visitor(base)
    expect(await member.signIn({ email: 'after-charge@demo.test', password: BUYER.password })).toBe(200)
    expect(
      (await member.call<{ subscription: { status: string } }>('GET', '/api/v4/member/info')).body.subscription.status,
    ).toBe('active')
    await member.dispose()
    expect(await stop(third)).toEqual({ code: 0, signal: null })

    // The books, read from the data folder: one charge per buyer, one receipt, no claim left pending.
    const db = await openPglite(data.dir)
    try {
      const count = z.object({ n: z.coerce.number() })
      for (const email of ['midway@demo.test', 'before-charge@demo.test', 'after-charge@demo.test']) {
        expect(
          count.parse(
            (
              await db.query('SELECT count(*) AS n FROM sandbox_charges WHERE description = $1', [
                `Membership for ${email}`,
              ])
            )[0],
          ).n,
        ).toBe(1)
        expect(
          count.parse(
            (
              await db.query(
                'SELECT count(*) AS n FROM receipts r JOIN users u ON u.id = r.member_id WHERE u.email = $1',
                [email],
              )
            )[0],
          ).n,
        ).toBe(1)
      }
      expect(count.parse((await db.query("SELECT count(*) AS n FROM payments WHERE response ? 'pending'"))[0]).n).toBe(
        0,
      )
    } finally {
      await db.close()
    }
  } finally {
    for (const server of servers)
      if (server.child.exitCode === null && server.child.signalCode === null) server.kill('SIGKILL')
    await Promise.all([midway, beforeCharge, afterCharge].map((who) => who.dispose()))
    data.remove()
  }
})
