import { describe, expect, it } from 'vitest'
import { clockFrom, serverClock } from './clock.ts'
import { readEnv } from '../env.ts'
import { createSandboxProcessor } from './payments/sandbox-processor.ts'
import { startTestServer } from '../test-harness.ts'

const START = '2027-11-20T09:30:00.000Z'
const quiet = { warn: () => undefined }

describe('the sandbox clock', () => {
  it('starts at the given time and runs on at the machine’s pace', () => {
    let machine = Date.parse('2026-06-01T00:00:00Z')
    const clock = clockFrom(new Date(START), () => machine)
    expect(clock().toISOString()).toBe(START)
    machine += 90_000
    expect(clock().toISOString()).toBe('2027-11-20T09:31:30.000Z')
    machine += 24 * 60 * 60_000
    expect(clock().toISOString()).toBe('2027-11-21T09:31:30.000Z')
  })

  it('runs on with the machine’s own clock by default', async () => {
    const clock = clockFrom(new Date(START))
    const first = clock().getTime()
    expect(first - Date.parse(START)).toBeLessThan(50)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(clock().getTime() - first).toBeGreaterThanOrEqual(50)
  })

  it('SANDBOX_CLOCK is read as an ISO time with its offset; anything else stops the start, naming it', () => {
    expect(readEnv({ SANDBOX_CLOCK: '2027-11-20T10:30:00+01:00' }).SANDBOX_CLOCK?.toISOString()).toBe(START)
    expect(readEnv({ SANDBOX_CLOCK: '' }).SANDBOX_CLOCK).toBeUndefined()
    for (const bad of ['next year', '2027-11-20', '2027-11-20T09:30:00'])
      expect(() => readEnv({ SANDBOX_CLOCK: bad })).toThrow(
        'SANDBOX_CLOCK: expected an ISO date and time with its offset, such as 2027-01-05T09:00:00Z',
      )
  })

  it('unset, the server’s clock is the machine’s', () => {
    const clock = serverClock(readEnv({}), { sandboxPayments: false, logger: quiet })
    expect(Math.abs(clock().getTime() - Date.now())).toBeLessThan(50)
  })

  it('set, it is refused unless the payments are the sandbox processor’s, whatever NODE_ENV; allowed, it is logged as a sandbox clock', () => {
    const env = readEnv({ NODE_ENV: 'production', SANDBOX_CLOCK: START })
    expect(() => serverClock(env, { sandboxPayments: false, logger: quiet })).toThrow(
      /SANDBOX_CLOCK is set, but the payments are not the sandbox processor’s/,
    )
    const warned: { fields: unknown; message: string }[] = []
    const clock = serverClock(env, {
      sandboxPayments: true,
      logger: { warn: (fields: unknown, message: string) => warned.push({ fields, message }) },
    })
    expect(clock().getTime() - Date.parse(START)).toBeLessThan(50)
    expect(warned).toEqual([
      {
        fields: { sandboxClock: START },
        message: expect.stringMatching(
          /^SANDBOX_CLOCK: a sandbox clock, started at 2027-11-20T09:30:00.000Z and running on from it/,
        ) as unknown,
      },
    ])
  })

  it('a server started with it reads it (ApiDeps.now); given a processor in place of its own, which it cannot know charges no real card, it does not start', async () => {
    const server = await startTestServer('pglite', { env: { SANDBOX_CLOCK: START } })
    try {
      const first = server.deps.now().getTime()
      expect(first - Date.parse(START)).toBeGreaterThanOrEqual(0)
      expect(first - Date.parse(START)).toBeLessThan(60_000)
      await new Promise((resolve) => setTimeout(resolve, 30))
      expect(server.deps.now().getTime()).toBeGreaterThan(first)
    } finally {
      await server.close()
    }
    await expect(
      startTestServer('pglite', { env: { SANDBOX_CLOCK: START }, payments: (db) => createSandboxProcessor(db) }),
    ).rejects.toThrow(/SANDBOX_CLOCK/)
  }, 60_000)
})
