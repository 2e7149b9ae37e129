import { describe, expect, it } from 'vitest'
import { z } from '#schemas/engine/zod.ts'
import type { GrievanceRequest } from '#schemas/api/grievances.ts'
import { one } from '../../platform/db/database.ts'
import { fileGrievance, makeOtherTenantStaff, staffClock } from '../../test-staff-setup.ts'
import {
  ADMIN,
  DATABASES,
  EDITOR,
  MEMBER,
  OTHER_EDITOR,
  otherTenant,
  SUPPORT,
  useTestServer,
  type TestClient,
  type TestServer,
} from '../../test-harness.ts'

const AUDIT_EXPORT = '/api/v4/staff/audit/export'
const REPORT = '/api/v4/staff/reports/grievances'
const INBOX = '/api/v4/staff/grievances'

/** The server's clock, moved on before each staff sign-in: a code is accepted once per time step. */
const clock = staffClock('2026-02-10T15:00:00Z')
const { tick, at, staff } = clock

const grievance = (change: Partial<GrievanceRequest> = {}): GrievanceRequest => ({
  name: 'Ana Silva',
  email: 'ana@example.com',
  category: 'billing',
  description: 'I was charged twice for the same visit.',
  desiredResolution: 'Refund the second charge.',
  ...change,
})

let addresses = 0
const file = (server: TestServer, body: GrievanceRequest) =>
  fileGrievance(server, server.client(undefined, `198.19.2.${++addresses}`), body)

/** A CSV answer's rows (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"'
      index += 1
    } else if (char === '"') quoted = !quoted
    else if (quoted || (char !== ',' && char !== '\r')) cell += char
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else {
      // CRLF: the row ends.
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index += 1
    }
  }
  return rows
}

/** A CSV download: its status, headers and rows as records by the header's names. */
async function download(client: TestClient, path: string) {
  const response = await client.request(path)
  const text = await response.text()
  const [header = [], ...rows] = response.ok ? parseCsv(text) : []
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    nosniff: response.headers.get('x-content-type-options'),
    rows: rows.map((cells): Record<string, string> =>
      Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])),
    ),
  }
}

describe.each(DATABASES)('the staff’s downloads (%s)', (kind) => {
  const server = useTestServer(kind, { now: clock.now })

  it('exports the audit trail of a period as CSV for an administrator, oldest first, formulas defused', async () => {
    at('2026-02-10T15:00:00Z')
    const admin = await staff(server, ADMIN)
    // A reason a spreadsheet would run as a formula.
    const { id } = await file(server, grievance())
    const support = await staff(server, SUPPORT)
    await support.json(`${INBOX}/${id}/acknowledge`, { method: 'POST', body: { reason: '=HYPERLINK("http://x")' } })

    // The trail's times are the database's clock (the server's is moved in this test).
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const exported = await download(admin, `${AUDIT_EXPORT}?from=${today}&to=${tomorrow}`)
    expect(exported).toMatchObject({
      status: 200,
      type: 'text/csv; charset=utf-8',
      disposition: expect.stringMatching(
        new RegExp(`^attachment; filename="audit-[\\w-]+-${today}-to-${tomorrow}\\.csv"`),
      ),
      nosniff: 'nosniff',
    })
    const ids = exported.rows.map((row) => Number(row.Id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(exported.rows.at(-1)).toEqual({
      Id: expect.any(String),
      At: expect.stringMatching(new RegExp(`^${today}T`)),
      Actor: SUPPORT.email,
      Action: 'grievance.acknowledge',
      Subject: `grievance:${id}`,
      Reason: `'=HYPERLINK("http://x")`,
      Before: '{"status":"received"}',
      After: '{"status":"acknowledged"}',
      Address: expect.any(String),
    })
    expect(exported.rows.map((row) => [row.Action, row.Actor])).toContainEqual(['staff.sign_in', ADMIN.email])
    // Another period has none of today's; the export itself is an entry of the trail.
    expect((await download(admin, `${AUDIT_EXPORT}?from=${tomorrow}`)).rows).toEqual([])
    const again = await download(admin, `${AUDIT_EXPORT}?from=${today}`)
    expect(again.rows.at(-1)).toMatchObject({ Action: 'audit.exported', Actor: ADMIN.email })
    expect(JSON.parse(again.rows.at(-1)!.After!)).toEqual({ from: tomorrow, to: null, entries: 0 })
    expect((await admin.json(`${AUDIT_EXPORT}?from=yesterday`)).status).toBe(422)
  })

  it('defuses audit cells starting with a full-width = + - @, which a spreadsheet reads as the ASCII signs', async () => {
    const admin = await staff(server, ADMIN)
    const { id } = await file(server, grievance())
    const support = await staff(server, SUPPORT)
    // U+FF1D, U+FF0B, U+FF0D and U+FF20, each starting a note's text (the trail's reason).
    const notes = ['＝HYPERLINK("http://x")', '＋1+cmd|calc', '－1+cmd|calc', '＠SUM(A1:A9)']
    for (const text of notes)
      expect((await support.json(`${INBOX}/${id}/note`, { method: 'POST', body: { text } })).status).toBe(200)

    const today = new Date().toISOString().slice(0, 10)
    const exported = await download(admin, `${AUDIT_EXPORT}?from=${today}`)
    const reasons = exported.rows.filter((row) => row.Subject === `grievance:${id}`).map((row) => row.Reason)
    expect(reasons).toEqual(notes.map((text) => `'${text}`))
  })

  it('exports a quarter’s grievances for the DMHC: category, urgency, dates, outcome, days open', async () => {
    at('2026-03-30T12:00:00Z')
    const resolved = await file(server, grievance({ category: 'quality-of-care', urgent: true }))
    const open = await file(
      server,
      grievance({ description: 'Nobody answered the phone.', category: 'customer-service' }),
    )
    const support = await staff(server, SUPPORT)
    await support.json(`${INBOX}/${resolved.id}/acknowledge`, { method: 'POST', body: {} })
    tick(86_400)
    // A day on, the session has expired: signed in again.
    await (
      await staff(server, SUPPORT)
    ).json(`${INBOX}/${resolved.id}/resolve`, {
      method: 'POST',
      body: { resolution: '-The office will see you again, free of charge.' },
    })
    // Ten days after filing, in the next quarter: the open one has been open for 10 days.
    tick(9 * 86_400)
    const report = await download(await staff(server, SUPPORT), `${REPORT}?quarter=2026-Q1`)
    expect(report).toMatchObject({
      status: 200,
      type: 'text/csv; charset=utf-8',
      disposition: expect.stringMatching(/^attachment; filename="grievances-[\w-]+-2026-Q1\.csv"/),
    })
    const byReference = Object.fromEntries(
      report.rows.map((row): [string, Record<string, string>] => [row.Reference!, row]),
    )
    expect(byReference[resolved.reference]).toEqual({
      Reference: resolved.reference,
      Category: 'quality-of-care',
      Urgent: 'yes',
      Filed: '2026-03-30',
      'Acknowledge by': '2026-04-02',
      Acknowledged: '2026-03-30',
      'Resolve by': '2026-04-02',
      Resolved: '2026-03-31',
      Closed: '',
      Status: 'resolved',
      'Resolved in time': 'yes',
      Resolution: `'-The office will see you again, free of charge.`,
      'Days open': '1',
    })
    expect(byReference[open.reference]).toMatchObject({
      Category: 'customer-service',
      Urgent: 'no',
      Acknowledged: '',
      Resolved: '',
      Status: 'received',
      Resolution: '',
      'Days open': '10',
    })
    // Nothing the member wrote about themselves.
    expect(JSON.stringify(report.rows)).not.toContain('Nobody answered')
    expect(JSON.stringify(report.rows)).not.toContain('Ana Silva')
    const later = await staff(server, SUPPORT)
    expect((await download(later, `${REPORT}?quarter=2026-Q2`)).rows.map((row) => row.Reference)).not.toContain(
      open.reference,
    )
    expect((await later.json(`${REPORT}?quarter=2026-Q5`)).status).toBe(422)
  })

  it('sends a filed attachment as a download of its own type, to support and admin of the tenant only', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const { id } = await file(
      server,
      grievance({
        attachments: [
          { name: 'ledger "Feb".pdf', type: 'application/pdf', dataBase64: pdf.toString('base64') },
          { name: 'photo.png', type: 'image/png', dataBase64: png.toString('base64') },
        ],
      }),
    )
    const path = (index: number, grievanceId = id) => `${INBOX}/${grievanceId}/attachments/${index}`
    const support = await staff(server, SUPPORT)
    const first = await support.request(path(0))
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('application/pdf')
    expect(first.headers.get('content-disposition')).toBe(
      `attachment; filename="ledger _Feb_.pdf"; filename*=UTF-8''${encodeURIComponent('ledger "Feb".pdf')}`,
    )
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(Buffer.from(await first.arrayBuffer())).toEqual(pdf)
    const second = await (await staff(server, ADMIN)).request(path(1))
    expect(second.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await second.arrayBuffer())).toEqual(png)
    expect(await support.json(path(2))).toMatchObject({ status: 404, body: { message: 'No such file' } })
    // A polyglot: a PNG's signature, then a page, named as a page. Accepted as the PNG it starts as,
    // it downloads as one, never under the filer's extension.
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')])
    const { id: polyglotId } = await file(
      server,
      grievance({ attachments: [{ name: 'report.html', type: 'image/png', dataBase64: polyglot.toString('base64') }] }),
    )
    const saved = await support.request(path(0, polyglotId))
    expect(saved.status).toBe(200)
    expect(saved.headers.get('content-type')).toBe('image/png')
    expect(saved.headers.get('content-disposition')).toBe(
      `attachment; filename="report.png"; filename*=UTF-8''report.png`,
    )
    expect(saved.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await support.json(path(0, 2_000_000))).status).toBe(404)
    const downloads = await one(
      server.deps.db,
      z.object({ n: z.coerce.number() }),
      "SELECT count(*) AS n FROM audit_events WHERE subject = $1 AND action = 'grievance.attachment_downloaded'",
      [`grievance:${id}`],
    )
    expect(downloads.n).toBe(2)
  })

  it('answers each download by caller: 401 signed out, 403 for a member and a content manager (and support for the audit), 404 or nothing of this tenant for another tenant’s staff', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
    const { id, reference } = await file(
      server,
      grievance({ attachments: [{ name: 'a.pdf', type: 'application/pdf', dataBase64: pdf.toString('base64') }] }),
    )
    await makeOtherTenantStaff(server, 'admin', 'support')
    const other = await server.staffClient(OTHER_EDITOR, otherTenant.hosts[0])

    const quarter = `${clock.now().getUTCFullYear()}-Q${Math.floor(clock.now().getUTCMonth() / 3) + 1}`
    const [audit, report, attachment] = [AUDIT_EXPORT, `${REPORT}?quarter=${quarter}`, `${INBOX}/${id}/attachments/0`]
    const table: [string, TestClient, [number, number, number]][] = [
      ['anonymous', server.client(), [401, 401, 401]],
      ['a member', await server.client().login(MEMBER), [403, 403, 403]],
      ['a content manager', await server.client().login(EDITOR), [403, 403, 403]],
      ['support', await staff(server, SUPPORT), [403, 200, 200]],
      ['an administrator', await staff(server, ADMIN), [200, 200, 200]],
      ['another tenant’s administrator', other, [200, 200, 404]],
    ]
    for (const [caller, client, expected] of table) {
      const answers = [
        await download(client, audit),
        await download(client, report),
        await download(client, attachment),
      ]
      expect([caller, ...answers.map((answer) => answer.status)]).toEqual([caller, ...expected])
      for (const answer of answers.filter((item) => item.status >= 400))
        expect(answer.type).toMatch(/^application\/json/)
    }
    // The other tenant's exports hold nothing of this one.
    const theirs = [await download(other, audit), await download(other, report)]
    expect(JSON.stringify(theirs)).not.toContain(reference)
    expect(JSON.stringify(theirs)).not.toContain(SUPPORT.email)
  })
})
