import { createServer as createNetServer } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import { many } from '../db/database.ts'
import { createLogger } from '../logger.ts'
import { DATABASES, defaultTenant, startTestServer, type TestServer } from '../../test-harness.ts'
import { createMailer } from './mailer.ts'

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/**
 * A real SMTP server on a loopback port that can be away (nothing listens), refusing (421 at
 * connection, as a server that is overloaded or in maintenance answers) or accepting; while held,
 * it keeps each message it was given (`arrived`) unanswered, as a slow server does.
 */
function smtpServer(port: number) {
  const received: { to: string; subject: string }[] = []
  const arrived: string[] = []
  let mode: 'refuse' | 'accept' = 'refuse'
  let held: Promise<void> | undefined
  let server: SMTPServer | undefined
  return {
    received,
    arrived,
    setMode: (next: 'refuse' | 'accept') => (mode = next),
    /** Holds the answers to the messages given from now on; the function returned answers them. */
    hold: () => {
      let answer = () => {}
      held = new Promise<void>((resolve) => (answer = resolve))
      return () => {
        held = undefined
        answer()
      }
    },
    listen: () =>
      new Promise<void>((resolve) => {
        server = new SMTPServer({
          authOptional: true,
          disabledCommands: ['STARTTLS', 'AUTH'],
          logger: false,
          onConnect: (_session, callback) =>
            callback(
              mode === 'refuse'
                ? Object.assign(new Error('Service not available, try again later'), { responseCode: 421 })
                : undefined,
            ),
          onData: (stream, session, callback) => {
            let text = ''
            stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
            stream.on('end', () => {
              const subject = /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? ''
              arrived.push(subject)
              void Promise.resolve(held).then(() => {
                received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), subject })
                callback()
              })
            })
          },
        })
        server.listen(port, '127.0.0.1', resolve)
      }),
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  }
}

const outboxRow = z.object({
  subject: z.string(),
  attempts: z.number(),
  sent_at: z.nullable(z.coerce.date()),
  last_error: z.nullable(z.string()),
})

describe.each(DATABASES)('mail when the SMTP server is away (%s)', (kind) => {
  let server: TestServer
  let smtp: ReturnType<typeof smtpServer>
  let smtpUrl: string
  beforeAll(async () => {
    const port = await freePort()
    smtpUrl = `smtp://127.0.0.1:${port}`
    smtp = smtpServer(port)
    server = await startTestServer(kind, { env: { SMTP_URL: smtpUrl, MAIL_RETRY_MS: '50' } })
  }, 60_000)
  afterAll(async () => {
    server.deps.mailer.stop()
    await smtp.close()
    await server.close()
  })

  const rows = (prefix: string) =>
    many(
      server.deps.db,
      outboxRow,
      "SELECT subject, attempts, sent_at, last_error FROM outbox WHERE subject LIKE $1 || '%' ORDER BY id",
      [prefix],
    )

  it('keeps every mail in the outbox while nothing listens and while the server refuses, retries with backoff, and sends each exactly once when it accepts', async () => {
    const { mailer } = server.deps
    // Nothing listens: the mail is kept, with the failure and a retry time.
    await mailer.send({ groupKey: defaultTenant.groupKey, to: 'a@demo.test', subject: 'Away 1', text: 'First' })
    // A password reset through the API while the server is away: asked for, answered, kept.
    expect(
      (
        await server
          .client()
          .json('/api/v4/member/resetPasswordEmail', { method: 'POST', body: { email: 'member@demo.test' } })
      ).status,
    ).toBe(200)
    await expect
      .poll(async () => (await rows('Away 1'))[0])
      .toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) })

    // The server is up but refuses: the retries go on (the timer), the mail stays.
    await smtp.listen()
    mailer.start()
    await expect.poll(async () => (await rows('Away 1'))[0]!.attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
    expect((await rows('Away 1'))[0]).toMatchObject({
      sent_at: null,
      last_error: expect.stringContaining('Service not available'),
    })
    expect(smtp.received).toHaveLength(0)

    // It accepts: every kept mail goes, once.
    smtp.setMode('accept')
    await expect.poll(async () => (await rows('Away 1'))[0]!.sent_at, { timeout: 30_000 }).not.toBeNull()
    await expect
      .poll(() => smtp.received.map((mail) => mail.to).sort(), { timeout: 30_000 })
      .toEqual(['a@demo.test', 'member@demo.test'])
    expect((await rows('Away 1'))[0]).toMatchObject({ last_error: null })
  }, 90_000)

  it('waits twice as long before each next retry', async () => {
    // The server's own mailer (started above, its SMTP server now accepting) would send this mail.
    server.deps.mailer.stop()
    const mailer = createMailer(server.deps.db, createLogger('silent'), {
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x <x@localhost>',
      retryMs: 60_000,
    })
    await mailer.send({ groupKey: defaultTenant.groupKey, to: 'b@demo.test', subject: 'Backoff 1', text: 'x' })
    await expect.poll(async () => (await rows('Backoff 1'))[0]!.attempts).toBe(1)
    const wait = async () =>
      z
        .object({ ms: z.coerce.number() })
        .parse(
          (
            await server.deps.db.query(
              "SELECT EXTRACT(EPOCH FROM next_attempt_at - now()) * 1000 AS ms FROM outbox WHERE subject = 'Backoff 1'",
            )
          )[0],
        ).ms
    expect(await wait()).toBeGreaterThan(50_000)
    await server.deps.db.query("UPDATE outbox SET next_attempt_at = now() WHERE subject = 'Backoff 1'")
    await mailer.deliver()
    // The attempt runs on after `deliver` has claimed the row: its failure is awaited, not assumed.
    await expect.poll(async () => (await rows('Backoff 1'))[0]!.attempts).toBe(2)
    expect(await wait()).toBeGreaterThan(110_000)
    expect((await rows('Backoff 1'))[0]).toMatchObject({ attempts: 2, sent_at: null })
    await server.deps.db.query("DELETE FROM outbox WHERE subject = 'Backoff 1'")
  })

  /** A mailer whose timer would wait a minute (the server's own stopped), and a mail to `to` with a subject. */
  const minuteMailer = (to: string) => {
    smtp.setMode('accept')
    server.deps.mailer.stop()
    const mailer = createMailer(server.deps.db, createLogger('silent'), {
      smtpUrl,
      from: 'x <x@localhost>',
      retryMs: 60_000,
    })
    return { mailer, mail: (subject: string) => ({ groupKey: defaultTenant.groupKey, to, subject, text: 'x' }) }
  }

  it('a mail written in a transaction leaves when it commits, not at the timer’s next round; rolled back, never', async () => {
    // A timer that would wait a minute: only the commit can send it within the poll's 2 s.
    const { mailer, mail } = minuteMailer('commit@demo.test')
    await expect(
      server.deps.db.transaction(async (tx) => {
        await mailer.send(mail('Rolled back'), tx)
        throw new Error('The work failed')
      }),
    ).rejects.toThrow('The work failed')
    await server.deps.db.transaction((tx) => mailer.send(mail('Committed 1'), tx))
    await expect
      .poll(() => smtp.received.filter((sent) => sent.to === 'commit@demo.test').map((sent) => sent.subject), {
        timeout: 2_000,
      })
      .toEqual(['Committed 1'])
    expect(await rows('Rolled back')).toEqual([])
    expect((await rows('Committed 1'))[0]).toMatchObject({ attempts: 1, last_error: null })
  })

  it('a mail committed while the outbox is sending another leaves after it, not at the timer’s next round', async () => {
    const { mailer, mail } = minuteMailer('round@demo.test')
    const answer = smtp.hold()
    await server.deps.db.transaction((tx) => mailer.send(mail('Round first'), tx))
    // The commit's round has taken the first mail, and the SMTP server is slow to answer it.
    await expect.poll(() => smtp.arrived, { timeout: 2_000 }).toContain('Round first')
    await server.deps.db.transaction((tx) => mailer.send(mail('Round second'), tx))
    answer()
    await expect
      .poll(() => smtp.received.filter((sent) => sent.to === 'round@demo.test').map((sent) => sent.subject), {
        timeout: 2_000,
      })
      .toEqual(['Round first', 'Round second'])
  })

  it('a mail written in a transaction while the SMTP server is away is tried at the commit, then waits and retries', async () => {
    const mailer = createMailer(server.deps.db, createLogger('silent'), {
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x <x@localhost>',
      retryMs: 60_000,
    })
    await server.deps.db.transaction((tx) =>
      mailer.send({ groupKey: defaultTenant.groupKey, to: 'away@demo.test', subject: 'Committed away', text: 'x' }, tx),
    )
    await expect
      .poll(async () => (await rows('Committed away'))[0], { timeout: 2_000 })
      .toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) })
    // It waits the first retry's time (a minute here), as a mail written outside a transaction does.
    const retryIn = () =>
      many(
        server.deps.db,
        z.object({ seconds: z.number() }),
        "SELECT extract(epoch FROM next_attempt_at - now())::float8 AS seconds FROM outbox WHERE subject = 'Committed away'",
      )
    expect((await retryIn())[0]!.seconds).toBeGreaterThan(50)
    expect(await mailer.deliver()).toBe(0)
    expect((await rows('Committed away'))[0]).toMatchObject({ attempts: 1 })
    // When that time comes, the retry tries it again.
    await server.deps.db.query("UPDATE outbox SET next_attempt_at = now() WHERE subject = 'Committed away'")
    await mailer.deliver()
    expect((await rows('Committed away'))[0]).toMatchObject({ attempts: 2, sent_at: null })
    await server.deps.db.query("DELETE FROM outbox WHERE subject = 'Committed away'")
  })

  it('two server processes share the outbox: each due mail is sent by one of them, once', async () => {
    smtp.setMode('accept')
    const sent = smtp.received.length
    const mailers = [0, 1].map(() =>
      createMailer(server.deps.db, createLogger('silent'), { smtpUrl, from: 'x <x@localhost>', retryMs: 50 }),
    )
    await server.deps.db.transaction(async (tx) => {
      for (let index = 0; index < 6; index += 1)
        await mailers[index % 2]!.send(
          { groupKey: defaultTenant.groupKey, to: `shared${index}@demo.test`, subject: `Shared ${index}`, text: 'x' },
          tx,
        )
    })
    await Promise.all([mailers[0]!.deliver(), mailers[1]!.deliver(), mailers[0]!.deliver()])
    await expect.poll(() => smtp.received.length - sent).toBe(6)
    expect(new Set(smtp.received.slice(sent).map((mail) => mail.to)).size).toBe(6)
    expect((await rows('Shared')).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true)
  })
})
