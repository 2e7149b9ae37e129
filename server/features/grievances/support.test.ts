import { createHash } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { z } from '#schemas/engine/zod.ts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GRIEVANCE_ATTACHMENTS, grievanceRequestSchema, type GrievanceRequest } from '#schemas/api/grievances.ts'
import { many, one } from '../../platform/db/database.ts'
import { blankPglite } from '../../platform/db/test-databases.ts'
import { migrate, MIGRATIONS_DIR } from '../../platform/db/migrate.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { DATABASES, defaultTenant, MEMBER, otherTenant, startTestServer, type TestServer } from '../../test-harness.ts'
import { dmhcStatement } from '#schemas/dmhc.ts'

const naughty = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../tests/corpus/blns.json'), 'utf8'),
) as string[]
/** PostgreSQL cannot store NUL in text; the corpus has none. */
const NUL = 'a NUL \u0000 inside'

/** A small but real PDF: one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
)
/** A real 1×1 PNG: signature, IHDR, IDAT and IEND chunks with their CRCs. */
const PNG = (() => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x2a, 0x7f, 0xd4]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
})()
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
/** A file of exactly `size` bytes that starts like a PDF. */
const pdfOfSize = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)])

const minimal = {
  name: 'Ana Silva',
  email: 'ana@example.com',
  category: 'billing',
  description: 'I was charged twice for the same visit in October.',
  desiredResolution: 'Refund the second charge.',
} satisfies GrievanceRequest

const grievanceRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  member_number: z.nullable(z.string()),
  patient_name: z.nullable(z.string()),
  office_id: z.nullable(z.number()),
  date_of_service: z.nullable(z.string()),
  category: z.string(),
  description: z.string(),
  desired_resolution: z.string(),
  urgent: z.boolean(),
  representative_name: z.nullable(z.string()),
  representative_relationship: z.nullable(z.string()),
  representative_phone: z.nullable(z.string()),
  representative_authorized: z.nullable(z.boolean()),
  resolve_by: z.coerce.date(),
})
const attachmentRow = z.object({
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  data_sha256: z.string(),
  data_hex: z.string(),
})

describe.each(DATABASES)('contact and grievances (%s)', (kind) => {
  let server: TestServer
  let office: { id: number; name: string; city: string }
  let foreignOfficeId: number
  beforeAll(async () => {
    server = await startTestServer(kind, {
      now: () => new Date('2026-11-23T12:00:00Z'),
      env: { GRIEVANCE_ACK_DAYS: '3', GRIEVANCE_RESOLVE_DAYS: '14', GRIEVANCE_URGENT_DAYS: '2' },
    })
    const firstOffice = (groupKey: string) =>
      one(
        server.deps.db,
        z.object({ id: z.number(), name: z.string(), city: z.string() }),
        'SELECT id, name, city FROM offices WHERE group_key = $1 ORDER BY id LIMIT 1',
        [groupKey],
      )
    office = await firstOffice(defaultTenant.groupKey)
    foreignOfficeId = (await firstOffice(otherTenant.groupKey)).id
  }, 60_000)
  afterAll(() => server.close())

  const file = (name: string, type: keyof typeof GRIEVANCE_ATTACHMENTS.types, bytes: Buffer) => ({
    name,
    type,
    dataBase64: bytes.toString('base64'),
  })
  const fileGrievance = (body: unknown, client = server.client()) =>
    client.json<{
      reference: string
      acknowledgeDays: number
      resolveDays: number
      acknowledgeBy: string
      resolveBy: string
      urgent: boolean
      message: string
      issues: unknown
    }>('/api/v4/grievance', { method: 'POST', body })
  const storedGrievance = (reference: string) =>
    one(server.deps.db, grievanceRow, 'SELECT * FROM grievances WHERE reference = $1', [reference])
  const mailOf = async (reference: string) =>
    (await outbox(server.deps.db, defaultTenant.groupKey)).find(
      (mail) => mail.subject === `Grievance ${reference} received`,
    )
  it.each(['/api/v4', '/api/km'])(
    '%s/grievance stores it with a reference, within the configured limits, and acknowledges it by mail',
    async (prefix) => {
      const { status, body } = await server
        .client()
        .json<{ reference: string }>(`${prefix}/grievance`, { method: 'POST', body: minimal })
      expect(status).toBe(201)
      expect(body).toEqual({
        reference: expect.stringMatching(/^GRV-2026-[0-9A-F]{8}$/),
        acknowledgeDays: 3,
        resolveDays: 14,
        acknowledgeBy: '2026-11-26T12:00:00.000Z',
        resolveBy: '2026-12-07T12:00:00.000Z',
        urgent: false,
        message: `Your grievance is filed with reference ${body.reference}. We sent a confirmation to ana@example.com.`,
      })
      const [mail] = await outbox(server.deps.db, defaultTenant.groupKey)
      expect(mail).toMatchObject({ recipient: 'ana@example.com', subject: `Grievance ${body.reference} received` })
      expect(mail!.body).toContain('by 2026-11-26')
    },
  )

  const full = () => ({
    ...minimal,
    phone: '(510) 555-0100',
    memberNumber: ' CW-1042 ',
    patientName: 'Leo Silva',
    officeId: office.id,
    dateOfService: '2026-11-02',
    category: 'quality-of-care',
    representative: { name: 'Maria Silva', relationship: 'Mother', phone: '510-555-0111', authorized: true },
    attachments: [file('receipt.pdf', 'application/pdf', PDF), file('x-ray.png', 'image/png', PNG)],
  })

  it('acknowledges a grievance to an address nobody has verified without repeating anything the filer typed', async () => {
    const { status, body } = await fileGrievance(full())
    expect(status).toBe(201)
    const mail = (await mailOf(body.reference))!
    expect(mail.body).toMatch(/^Hello,\n/)
    expect(mail.body).toContain(`gave it the reference ${body.reference}`)
    expect(mail.body).toContain('category: Quality of care; 2 attached files')
    for (const typed of [
      'Ana Silva',
      'CW-1042',
      'Leo Silva',
      'Maria Silva',
      'Mother',
      'receipt.pdf',
      minimal.description,
      minimal.desiredResolution,
    ])
      expect(mail.body).not.toContain(typed)
  })

  it('stores a full grievance with its office, date of service, representative and files, and mails the signed-in member filing it every field and the DMHC notice', async () => {
    const member = server.client()
    await member.login(MEMBER)
    const { status, body } = await fileGrievance({ ...full(), email: MEMBER.email }, member)
    expect(status).toBe(201)
    const row = await storedGrievance(body.reference)
    expect(row).toMatchObject({
      name: 'Ana Silva',
      email: MEMBER.email,
      phone: '5105550100',
      member_number: 'CW-1042',
      patient_name: 'Leo Silva',
      office_id: office.id,
      date_of_service: '2026-11-02',
      category: 'quality-of-care',
      description: minimal.description,
      desired_resolution: minimal.desiredResolution,
      urgent: false,
      representative_name: 'Maria Silva',
      representative_relationship: 'Mother',
      representative_phone: '5105550111',
      representative_authorized: true,
    })
    const files = await many(
      server.deps.db,
      attachmentRow,
      "SELECT name, content_type, size, sha256, encode(sha256(data), 'hex') AS data_sha256, encode(data, 'hex') AS data_hex FROM grievance_attachments WHERE grievance_id = $1 ORDER BY id",
      [row.id],
    )
    expect(files).toEqual([
      {
        name: 'receipt.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
        sha256: sha256(PDF),
        data_sha256: sha256(PDF),
        data_hex: PDF.toString('hex'),
      },
      {
        name: 'x-ray.png',
        content_type: 'image/png',
        size: PNG.length,
        sha256: sha256(PNG),
        data_sha256: sha256(PNG),
        data_hex: PNG.toString('hex'),
      },
    ])

    const mail = await mailOf(body.reference)
    const planPhone = (await server.deps.content.get(defaultTenant.groupKey)).header.variables.header_phone_number
    expect(planPhone).toBeTruthy()
    for (const line of [
      `gave it the reference ${body.reference}`,
      'acknowledge it by 2026-11-26 and resolve it by 2026-12-07',
      'Member: Ana Silva',
      `Email: ${MEMBER.email}`,
      'Phone: 5105550100',
      'Member number: CW-1042',
      'Patient: Leo Silva',
      `Office: ${office.name}, ${office.city}`,
      'Date of service: 2026-11-02',
      'Category: Quality of care',
      'Filed by: Maria Silva (Mother), phone 5105550111, authorized in writing by the member',
      `- receipt.pdf (PDF, ${PDF.length} bytes)`,
      `- x-ray.png (PNG, ${PNG.length} bytes)`,
      minimal.description,
      minimal.desiredResolution,
      dmhcStatement(planPhone!),
    ]) {
      expect(mail?.body).toContain(line)
    }
    expect(dmhcStatement('800-555-0142')).toContain('telephone your health plan at 800-555-0142 and use')
    for (const part of ['1-888-466-2219', '1-877-688-9891', 'www.dmhc.ca.gov'])
      expect(dmhcStatement('x')).toContain(part)
  })

  it('resolves an urgent grievance within GRIEVANCE_URGENT_DAYS, acknowledges it no later, and tells the filer they may call the department now', async () => {
    const { status, body } = await fileGrievance({ ...minimal, urgent: true })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      urgent: true,
      resolveDays: 2,
      acknowledgeDays: 2,
      resolveBy: '2026-11-25T12:00:00.000Z',
      acknowledgeBy: '2026-11-25T12:00:00.000Z',
    })
    expect(await storedGrievance(body.reference)).toMatchObject({
      urgent: true,
      resolve_by: new Date('2026-11-25T12:00:00.000Z'),
    })
    expect((await mailOf(body.reference))?.body).toContain(
      'you may call the California Department of Managed Health Care now at 1-888-466-2219',
    )
  })

  it('accepts a date of service of today', async () => {
    expect((await fileGrievance({ ...minimal, dateOfService: '2026-11-23' })).status).toBe(201)
  })

  it.each([
    ['tomorrow', '2026-11-24', 'The date of service cannot be in the future'],
    ['year 0000, which PostgreSQL has not', '0000-01-01', 'Enter a date of service after 1900'],
  ])('refuses a date of service of %s', async (_, dateOfService, message) => {
    const { status, body } = await fileGrievance({ ...minimal, dateOfService })
    expect(status).toBe(422)
    expect(body.issues).toEqual([{ path: ['body', 'dateOfService'], message }])
  })

  it.each([
    ['an office of another tenant', () => foreignOfficeId, 'Choose an office from the list'],
    ['an office that does not exist', () => 999_999, 'Choose an office from the list'],
    // An id is within PostgreSQL's integer by its schema (schemas/api/common.ts).
    ['an id beyond PostgreSQL integers', () => 2 ** 40, 'Must be at most 2147483647'],
  ])('refuses %s', async (_, officeId, message) => {
    const { status, body } = await fileGrievance({ ...minimal, officeId: officeId() })
    expect(status).toBe(422)
    expect(body.issues).toEqual([{ path: ['body', 'officeId'], message }])
  })

  it('refuses a file whose bytes are not of its declared type, naming the file', async () => {
    const { status, body } = await fileGrievance({
      ...minimal,
      attachments: [file('receipt.pdf', 'application/pdf', PDF), file('photo.png', 'application/pdf', PNG)],
    })
    expect(status).toBe(422)
    expect(body.issues).toEqual([
      { path: ['body', 'attachments', 1, 'dataBase64'], message: 'photo.png is not a PDF file' },
    ])
  })

  it('refuses a file over 2 MB', async () => {
    const { status, body } = await fileGrievance({
      ...minimal,
      attachments: [file('scan.pdf', 'application/pdf', pdfOfSize(GRIEVANCE_ATTACHMENTS.maxBytes + 1))],
    })
    expect(status).toBe(422)
    expect(body.issues).toEqual([
      { path: ['body', 'attachments', 0, 'dataBase64'], message: 'Each file must be 2 MB or smaller and not empty' },
    ])
  })

  it('refuses a fourth file', async () => {
    const { status, body } = await fileGrievance({
      ...minimal,
      attachments: ['a', 'b', 'c', 'd'].map((name) => file(`${name}.pdf`, 'application/pdf', PDF)),
    })
    expect(status).toBe(422)
    expect(body.issues).toEqual([{ path: ['body', 'attachments'], message: 'Attach at most 3 files' }])
  })

  it('takes three files of 2 MB each (a body of about 8.2 MB) through the body limit', async () => {
    const big = pdfOfSize(GRIEVANCE_ATTACHMENTS.maxBytes)
    const { status, body } = await fileGrievance({
      ...minimal,
      attachments: ['a', 'b', 'c'].map((name) => file(`${name}.pdf`, 'application/pdf', big)),
    })
    expect(status).toBe(201)
    const sizes = await many(
      server.deps.db,
      z.object({ size: z.number() }),
      'SELECT a.size FROM grievance_attachments a JOIN grievances g ON g.id = a.grievance_id WHERE g.reference = $1',
      [body.reference],
    )
    expect(sizes).toEqual([{ size: big.length }, { size: big.length }, { size: big.length }])
  }, 30_000)

  it("keeps each of three 2 MB files once, as the base64 text it came in: no decoded or re-encoded copy of a whole file (issue 44, the server's memory after uploads)", async () => {
    const big = pdfOfSize(GRIEVANCE_ATTACHMENTS.maxBytes)
    const body = { ...minimal, attachments: ['a', 'b', 'c'].map((name) => file(`${name}.pdf`, 'application/pdf', big)) }
    const whole = big.length / 2
    const from = vi.spyOn(Buffer, 'from')
    const toText = vi.spyOn(Buffer.prototype, 'toString')
    try {
      const { status, body: answer } = await fileGrievance(body)
      expect(status).toBe(201)
      const decoded = (from.mock.calls as unknown[][]).filter(
        ([text, encoding]) => encoding === 'base64' && String(text).length > whole,
      )
      const encoded = toText.mock.calls.filter(
        ([encoding], index) => encoding === 'base64' && (toText.mock.contexts[index] as Buffer).length > whole,
      )
      expect({ decoded: decoded.length, encoded: encoded.length }).toEqual({ decoded: 0, encoded: 0 })
      // Stored byte for byte all the same.
      const stored = await many(
        server.deps.db,
        z.object({ size: z.number(), sha256: z.string(), data_sha256: z.string() }),
        "SELECT a.size, a.sha256, encode(sha256(a.data), 'hex') AS data_sha256 FROM grievance_attachments a JOIN grievances g ON g.id = a.grievance_id WHERE g.reference = $1",
        [answer.reference],
      )
      expect(stored).toEqual(Array(3).fill({ size: big.length, sha256: sha256(big), data_sha256: sha256(big) }))
    } finally {
      from.mockRestore()
      toText.mockRestore()
    }
  }, 30_000)

  it('stores a file sent without base64 padding byte for byte', async () => {
    const odd = Buffer.concat([PDF, Buffer.from('x')]) // a length that is not a multiple of 3: its base64 is padded
    const unpadded = odd.toString('base64').replace(/=+$/, '')
    const { status, body } = await fileGrievance({
      ...minimal,
      attachments: [{ name: 'receipt.pdf', type: 'application/pdf', dataBase64: unpadded }],
    })
    expect(status).toBe(201)
    const [stored] = await many(
      server.deps.db,
      z.object({ size: z.number(), sha256: z.string(), data_hex: z.string() }),
      "SELECT a.size, a.sha256, encode(a.data, 'hex') AS data_hex FROM grievance_attachments a JOIN grievances g ON g.id = a.grievance_id WHERE g.reference = $1",
      [body.reference],
    )
    expect(stored).toEqual({ size: odd.length, sha256: sha256(odd), data_hex: odd.toString('hex') })
  })

  it('refuses a larger body with 413 and a message, before reading it', async () => {
    const tooBig = pdfOfSize(GRIEVANCE_ATTACHMENTS.maxBytes + 300_000)
    const { status, body } = await fileGrievance({
      ...minimal,
      attachments: ['a', 'b', 'c'].map((name) => file(`${name}.pdf`, 'application/pdf', tooBig)),
    })
    expect(status).toBe(413)
    expect(body).toEqual({ message: 'Attachments are too large: at most 3 files of 2 MB each' })
  }, 30_000)

  it.each(['/api/v4', '/api/km'])(
    '%s/contact stores the message and acknowledges it by mail in fixed words, repeating nothing the sender typed',
    async (prefix) => {
      const sent = {
        name: 'You won! Claim at https://evil.example/claim',
        email: `bo${prefix.length}@example.com`,
        topic: 'billing',
        message: 'Click https://evil.example/claim to get your prize',
      }
      const { status, body } = await server.client().json(`${prefix}/contact`, { method: 'POST', body: sent })
      expect(status).toBe(201)
      expect(body).toEqual({ ok: true, message: 'Thank you. We answer within two business days.' })
      const [mail] = (await outbox(server.deps.db, defaultTenant.groupKey)).filter(
        (candidate) => candidate.recipient === sent.email,
      )
      expect(mail).toMatchObject({
        subject: 'We received your message',
        body: `Hello,\n\nThank you for writing to ${defaultTenant.companyName}. We received your message and answer within two business days.\n\nIf you did not write to us, you can ignore this mail.`,
      })
      expect(mail!.body).not.toContain('evil.example')
    },
  )

  it('explains each invalid field', async () => {
    const { status, body } = await server.client().json('/api/v4/grievance', {
      method: 'POST',
      body: { name: '', email: 'nope', category: 'weather', description: 'short', desiredResolution: 'no' },
    })
    expect(status).toBe(422)
    expect(body).toMatchObject({
      issues: [
        { path: ['body', 'name'], message: 'Required' },
        { path: ['body', 'email'], message: 'Enter a valid email address' },
        { path: ['body', 'category'] },
        { path: ['body', 'description'], message: 'Describe what happened (at least 20 characters)' },
        {
          path: ['body', 'desiredResolution'],
          message: 'Say how you would like this resolved (at least 5 characters)',
        },
      ],
    })
  })

  it('takes every naughty string: a clear validation message, or a stored value that reads back identical; never a 500', async () => {
    const client = server.client()
    let stored = 0
    for (const text of [...naughty, NUL]) {
      const message = `Message: ${text}`
      const { status } = await client.json('/api/v4/contact', {
        method: 'POST',
        body: { name: text.slice(0, 80) || 'x', email: 'naughty@example.com', topic: 'other', message },
      })
      expect([201, 422], JSON.stringify(text)).toContain(status)
      if (status === 201) {
        stored += 1
        const rows = await many(
          server.deps.db,
          z.object({ message: z.string() }),
          'SELECT message FROM contact_messages ORDER BY id DESC LIMIT 1',
        )
        expect(rows[0]!.message).toBe(message.trim())
      }
    }
    expect(stored).toBeGreaterThan(naughty.length * 0.9)
  }, 120_000)

  it('takes every naughty string in every text field of a grievance: stored exactly as the schema trimmed it, or a 422 at that field; never a 500', async () => {
    const client = server.client()
    const valid = {
      ...minimal,
      phone: '5105550100',
      memberNumber: 'CW-1',
      patientName: 'Leo',
      representative: { name: 'Maria', relationship: 'Mother', phone: '5105550111', authorized: true },
      attachments: [file('receipt.pdf', 'application/pdf', PDF)],
    }
    const naughtyGrievance = (text: string) => ({
      ...valid,
      name: text,
      email: text,
      phone: text,
      memberNumber: text,
      patientName: text,
      // Prefixed so that the length minimums do not refuse every short string.
      description: `Here is what happened: ${text}`,
      desiredResolution: `Please: ${text}`,
      representative: { name: text, relationship: text, phone: text, authorized: true },
      attachments: [{ ...valid.attachments[0]!, name: text }],
    })
    const at = (value: unknown, keys: readonly PropertyKey[]) =>
      keys.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown>)[key], value)
    const takenAsIs = { description: 0, desiredResolution: 0 }
    for (const text of [...naughty, NUL]) {
      let body = naughtyGrievance(text)
      let answer = await fileGrievance(body, client)
      expect([201, 422], JSON.stringify(text)).toContain(answer.status)
      // Each refused field gets its valid value back, and the rest must then be stored. Two rounds
      // at most: the schema's checks first, then the server's (NUL, office, date, file bytes).
      for (let round = 0; answer.status === 422; round += 1) {
        expect(round, JSON.stringify(text)).toBeLessThan(2)
        const issues = z.array(z.object({ path: z.array(z.union([z.string(), z.number()])) })).parse(answer.body.issues)
        expect(issues.length, JSON.stringify(text)).toBeGreaterThan(0)
        body = structuredClone(body)
        for (const {
          path: [, ...keys],
        } of issues) {
          const parent = at(body, keys.slice(0, -1)) as Record<PropertyKey, unknown>
          parent[keys.at(-1)!] = at(valid, keys)
        }
        answer = await fileGrievance(body, client)
        expect([201, 422], JSON.stringify(text)).toContain(answer.status)
      }
      if (text === NUL) expect(body.description, 'NUL is refused').toBe(valid.description)
      const parsed = grievanceRequestSchema.parse(body)
      const row = await storedGrievance(answer.body.reference)
      const [attachment] = await many(
        server.deps.db,
        z.object({ name: z.string() }),
        'SELECT name FROM grievance_attachments WHERE grievance_id = $1',
        [row.id],
      )
      expect({ ...row, attachment: attachment?.name }, JSON.stringify(text)).toMatchObject({
        name: parsed.name,
        email: parsed.email,
        phone: parsed.phone,
        member_number: parsed.memberNumber,
        patient_name: parsed.patientName,
        description: parsed.description,
        desired_resolution: parsed.desiredResolution,
        representative_name: parsed.representative?.name,
        representative_relationship: parsed.representative?.relationship,
        representative_phone: parsed.representative?.phone,
        attachment: parsed.attachments[0]?.name,
      })
      if (parsed.description !== valid.description) takenAsIs.description += 1
      if (parsed.desiredResolution !== valid.desiredResolution) takenAsIs.desiredResolution += 1
    }
    expect(takenAsIs.description).toBeGreaterThan(naughty.length * 0.9)
    expect(takenAsIs.desiredResolution).toBeGreaterThan(naughty.length * 0.9)
  }, 300_000)
})

describe('migration 005 (grievance details)', () => {
  it('keeps grievances filed before it: no desired resolution reads as empty, not urgent; new rows must say how to resolve', async () => {
    const before = mkdtempSync(path.join(tmpdir(), 'migrations-'))
    const db = await blankPglite()
    try {
      for (const name of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql') && name < '005'))
        copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name))
      await migrate(db, before)
      await db.query(
        "INSERT INTO grievances (group_key, reference, name, email, category, description, acknowledge_by, resolve_by) VALUES ('a-tenant', 'GRV-OLD', 'Ana', 'ana@example.com', 'billing', 'Filed before the form grew.', now(), now())",
      )
      expect(await migrate(db)).toContain('005_grievance_details.sql')
      const old = await one(
        db,
        z.object({
          desired_resolution: z.string(),
          urgent: z.boolean(),
          office_id: z.null(),
          representative_name: z.null(),
        }),
        "SELECT desired_resolution, urgent, office_id, representative_name FROM grievances WHERE reference = 'GRV-OLD'",
      )
      expect(old).toEqual({ desired_resolution: '', urgent: false, office_id: null, representative_name: null })
      await expect(
        db.query(
          "INSERT INTO grievances (group_key, reference, name, email, category, description, acknowledge_by, resolve_by) VALUES ('a-tenant', 'GRV-NEW', 'Ana', 'ana@example.com', 'billing', 'No resolution said.', now(), now())",
        ),
      ).rejects.toThrow(/desired_resolution/)
    } finally {
      await db.close()
      rmSync(before, { recursive: true, force: true })
    }
  }, 60_000)
})
