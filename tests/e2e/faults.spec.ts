/**
 * Faults, on the built server as a child process: the database going away and coming back, and a
 * graceful shutdown with a request in flight. No page: these are the server's answers.
 */
import { expect, test } from '@playwright/test'
import { checkoutToPayment, testCardToken, visitor } from './support/http-client.ts'
import { startPostgres, startServer, stop, tempDir, type Postgres, type ServerProcess } from './support/processes.ts'

test.describe.configure({ mode: 'serial' })

test.describe('the database goes away and comes back (PostgreSQL)', () => {
  let pg: Postgres
  let server: ServerProcess
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    pg = await startPostgres()
    server = await startServer({ DATABASE_URL: await pg.database('faults') })
  })
  test.afterAll(async () => {
    await stop(server)
    await pg.stop()
  })

  test('pages answer a 503 page and the API a JSON 503 with Retry-After, the process lives on, and service comes back without a restart', async ({
    request,
  }) => {
    test.setTimeout(120_000)
    const get = (path: string) => request.get(`${server.base}${path}`, { maxRedirects: 0 })
    expect((await get('/readyz')).status()).toBe(200)
    const ready = (await (await get('/readyz')).json()) as Record<string, unknown>
    expect(ready).toMatchObject({ status: 'ready', database: 'up', pendingMigrations: [], shuttingDown: false })
    // The jobs are reported, never judged (server/health.test.ts): what they say moves with the sweep.
    expect(Object.keys(ready.jobs as object)).toEqual(['lastSweep', 'oldestWaiting'])
    expect((await get('/faq')).status()).toBe(200)
    expect((await get('/api/v4/plans/101')).status()).toBe(200)

    await pg.pause()
    // The published content is checked against the database at most every second: then the page is a 503.
    await expect.poll(async () => (await get('/faq')).status()).toBe(503)
    const page = await get('/office/1001')
    expect(page.status()).toBe(503)
    expect(page.headers()['content-type']).toContain('text/html')
    expect(page.headers()['retry-after']).toBe('5')
    expect(await page.text()).toContain('<h1>Service unavailable</h1>')
    const api = await get('/api/v4/plans/101')
    expect(api.status()).toBe(503)
    expect(api.headers()['retry-after']).toBe('5')
    expect(await api.json()).toEqual({ message: 'The service is unavailable for a moment. Please try again shortly.' })
    // Health: the process answers; it is not ready (readiness checks the database at most once a
    // second, server/health.ts: it follows within that second).
    expect((await get('/healthz')).status()).toBe(200)
    await expect.poll(async () => (await get('/readyz')).status()).toBe(503)
    expect(await (await get('/readyz')).json()).toMatchObject({ status: 'not ready', database: 'down' })
    expect(server.child.exitCode).toBeNull()

    await pg.resume()
    await expect.poll(async () => (await get('/faq')).status(), { timeout: 30_000 }).toBe(200)
    expect((await get('/api/v4/plans/101')).status()).toBe(200)
    await expect.poll(async () => (await get('/readyz')).status()).toBe(200)
    expect(server.child.exitCode).toBeNull()
    expect(server.output()).not.toMatch(/Unhandled error/)
  })
})

test.describe('graceful shutdown', () => {
  test('SIGTERM lets a slow request in flight finish, takes no new connection, then exits 0', async () => {
    test.setTimeout(180_000)
    const data = tempDir('faults-shutdown-')
    // The sandbox processor's test seam makes the payment take 3 s.
    const server = await startServer({ DATA_DIR: data.dir, SANDBOX_CHARGE_DELAY_MS: '3000' })
    try {
      const buyer = await visitor(server.base)
      await checkoutToPayment(buyer, 'graceful@demo.test')
      const paying = buyer.call<{ state: { step: string } }>('POST', '/api/km/checkout/payment', {
        cardToken: testCardToken(),
        autoRenewalConsent: true,
      })
      await server.logged(/holding a charge before it is made/)
      server.kill('SIGTERM')
      await server.logged(/Shutting down: finishing the requests in flight/)
      // No new connection is taken while the payment finishes.
      await expect
        .poll(() =>
          fetch(`${server.base}/healthz`).then(
            () => 'answered',
            () => 'refused',
          ),
        )
        .toBe('refused')
      const paid = await paying
      expect(paid.status).toBe(201)
      expect(paid.body.state.step).toBe('completed')
      expect(await server.exited).toEqual({ code: 0, signal: null })
      expect(server.output()).toMatch(/"msg":"Stopped"/)
      await buyer.dispose()

      // The order is there after a restart on the same data: the payment was not cut.
      const again = await startServer({ DATA_DIR: data.dir })
      const member = await visitor(again.base)
      expect(await member.signIn({ email: 'graceful@demo.test', password: 'Checkout-Pass-31!' })).toBe(200)
      expect((await member.call<{ receipts: unknown[] }>('GET', '/api/v4/member/receipts')).body.receipts).toHaveLength(
        1,
      )
      await member.dispose()
      expect(await stop(again)).toEqual({ code: 0, signal: null })
    } finally {
      if (server.child.exitCode === null) server.kill('SIGKILL')
      data.remove()
    }
  })
})
