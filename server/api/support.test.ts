import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { many } from '../db/database.ts'
import { outbox } from '../dev-outbox.ts'
import { DATABASES, defaultTenant, startTestServer, type TestServer } from '../test-harness.ts'

const naughty = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../tests/corpus/blns.json'), 'utf8')) as string[]

describe.each(DATABASES)('contact and grievances (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => new Date('2026-11-23T12:00:00Z'), env: { GRIEVANCE_ACK_DAYS: '3', GRIEVANCE_RESOLVE_DAYS: '14' } })
  }, 60_000)
  afterAll(() => server.close())

  it.each(['/api/v4', '/api/km'])('%s/grievance stores it with a reference, within the configured limits, and acknowledges it by mail', async (prefix) => {
    const { status, body } = await server.client().json<{ reference: string; acknowledgeBy: string; resolveBy: string }>(`${prefix}/grievance`, {
      method: 'POST',
      body: { name: 'Ana Silva', email: 'ana@example.com', category: 'billing', description: 'I was charged twice for the same visit in October.' },
    })
    expect(status).toBe(201)
    expect(body.reference).toMatch(/^GRV-2026-[0-9A-F]{8}$/)
    expect(body.acknowledgeBy).toBe('2026-11-26T12:00:00.000Z')
    expect(body.resolveBy).toBe('2026-12-07T12:00:00.000Z')
    const [mail] = await outbox(server.deps.db, defaultTenant.groupKey)
    expect(mail).toMatchObject({ recipient: 'ana@example.com', subject: `Grievance ${body.reference} received` })
    expect(mail!.body).toContain('by 2026-11-26')
  })

  it.each(['/api/v4', '/api/km'])('%s/contact stores the message and acknowledges it by mail', async (prefix) => {
    const { status, body } = await server.client().json(`${prefix}/contact`, { method: 'POST', body: { name: 'Bo', email: 'bo@example.com', topic: 'billing', message: 'Can I pay yearly instead?' } })
    expect(status).toBe(201)
    expect(body).toEqual({ ok: true, message: 'Thank you. We answer within two business days.' })
  })

  it('explains each invalid field', async () => {
    const { status, body } = await server.client().json('/api/v4/grievance', { method: 'POST', body: { name: '', email: 'nope', category: 'weather', description: 'short' } })
    expect(status).toBe(422)
    expect(body).toMatchObject({
      issues: [
        { path: ['body', 'name'], message: 'Required' },
        { path: ['body', 'email'], message: 'Enter a valid email address' },
        { path: ['body', 'category'] },
        { path: ['body', 'description'], message: 'Describe what happened (at least 20 characters)' },
      ],
    })
  })

  it('takes every naughty string: a clear validation message, or a stored value that reads back identical; never a 500', async () => {
    const client = server.client()
    let stored = 0
    for (const text of naughty) {
      const message = `Message: ${text}`
      const { status } = await client.json('/api/v4/contact', { method: 'POST', body: { name: text.slice(0, 80) || 'x', email: 'naughty@example.com', topic: 'other', message } })
      expect([201, 422], JSON.stringify(text)).toContain(status)
      if (status === 201) {
        stored += 1
        const rows = await many(server.deps.db, z.object({ message: z.string() }), 'SELECT message FROM contact_messages ORDER BY id DESC LIMIT 1')
        expect(rows[0]!.message).toBe(message.trim())
      }
    }
    expect(stored).toBeGreaterThan(naughty.length * 0.9)
  }, 120_000)
})
