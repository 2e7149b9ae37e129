import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { z } from '#schemas/engine/zod.ts'
import { describe, expect, it, vi } from 'vitest'
import { officeSearchResultsSchema, providerResultsSchema, RADIUS_MILES } from '#schemas/api/directory.ts'
import { demoData } from '#site-config/demo-data/index.ts'
import { tenants } from '#site-config/tenants.ts'
import { many, one, openDatabase, type Database } from '../../platform/db/database.ts'
import { blankPglite } from '../../platform/db/test-databases.ts'
import { migrate, MIGRATIONS_DIR } from '../../platform/db/migrate.ts'
import { seed } from '../../seed.ts'
import { outbox } from '../../platform/mail/dev-outbox.ts'
import { catalog } from './catalog.ts'
import { searchDirectory } from './directory.ts'
import { directorySql } from './office-store.ts'
import { boundingBox, distanceMiles, zipCentroid } from './geo.ts'
import { DATABASES, defaultTenant, otherTenant, useTestServer, type DatabaseKind } from '../../test-harness.ts'

const naughty = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../tests/corpus/blns.json'), 'utf8'),
) as string[]
/** The corpus strings a browser can put in a URL (a lone surrogate cannot be percent-encoded). */
const inUrls = naughty.filter((text) => {
  try {
    encodeURIComponent(text)
    return true
  } catch {
    return false
  }
})

/** The demo data the server is seeded with: expectations are computed from it. */
const demo = demoData[defaultTenant.groupKey]!
const centroid = (zip: string) => {
  const found = zipCentroid(zip)
  if (!found) throw new Error(`Unknown ZIP ${zip}`)
  return found
}
/** The demo offices within `radius` miles of `zip`, by the same haversine the server uses. */
const demoOfficesNear = (zip: string, radius: number) =>
  demo.offices
    .map((office) => ({ office, miles: distanceMiles(centroid(zip), centroid(office.address.zip)) }))
    .filter(({ miles }) => miles <= radius)
const round = (miles: number) => Math.round(miles * 10) / 10
const isSorted = (values: readonly number[]) =>
  values.every((value, index) => index === 0 || values[index - 1]! <= value)
const RADIUS_MESSAGE = `Choose a distance from ${RADIUS_MILES.min} to ${RADIUS_MILES.max} miles`

describe.each(DATABASES)('plans, offices, coupons and providers (%s)', (kind) => {
  const server = useTestServer(kind, { now: () => new Date('2026-11-23T12:00:00Z') })
  const get = <T = unknown>(path: string, host?: string) => server.client(host).json<T>(path)
  const providers = async (query: string, host?: string) =>
    providerResultsSchema.parse((await get(`/api/v4/providers?${query}`, host)).body)
  const offices = async (query: string, host?: string) =>
    officeSearchResultsSchema.parse((await get(`/api/v4/locations?${query}`, host)).body)

  it('shows an office with its hours and accessibility, and a plan with its prices and fee schedule', async () => {
    expect((await get('/api/v4/locations/1001')).body).toMatchObject({
      name: 'Beverly Hills Family Dentistry',
      address: { zip: '90210', state: 'CA' },
      hours: expect.arrayContaining([{ day: 'Sat', opens: '09:00', closes: '13:00' }]),
      accessibility: ['Wheelchair accessible', 'Parking'],
      staffLanguages: expect.arrayContaining(['English', 'Spanish']),
    })
    const plan = await get<{ feeSchedule: { code: string; usualFeeCents: number; memberFeeCents: number }[] }>(
      '/api/v4/plans/102',
    )
    expect(plan.body).toMatchObject({ name: 'Family', monthlyPriceCents: 2995, annualPriceCents: 29900 })
    expect(plan.body.feeSchedule.find((fee) => fee.code === 'D1110')).toEqual({
      code: 'D1110',
      procedure: 'Adult cleaning',
      usualFeeCents: 11500,
      memberFeeCents: 7500,
    })
    expect(await get('/api/v4/plans/999')).toMatchObject({ status: 404, body: { message: 'Plan not found' } })
    expect((await get('/api/v4/plans/abc')).status).toBe(422)
  })

  it('finds a plan at an office only when both exist and the office offers it', async () => {
    expect((await get('/api/v4/plans/102/1001')).body).toMatchObject({ plan: { id: 102 }, office: { id: 1001 } })
    expect(await get('/api/v4/plans/101/1004')).toMatchObject({
      status: 404,
      body: { message: 'Plan at this office not found' },
    })
    expect(await get('/api/v4/plans/102/9999')).toMatchObject({ status: 404, body: { message: 'Office not found' } })
    expect(await get('/api/v4/plans/999/1001')).toMatchObject({ status: 404, body: { message: 'Plan not found' } })
  })

  it.each([
    ['SPRING', 101, 1002, { valid: true, message: 'Coupon SPRING applied: 20% off.' }],
    ['welcome10', 103, 1003, { valid: true, message: 'Coupon WELCOME10 applied: $10.00 off.' }],
    ['WINTER2020', 101, 1002, { valid: false, message: 'This coupon expired on 2020-12-31.' }],
    ['NOPE', 101, 1002, { valid: false, message: 'This coupon code does not exist.' }],
    ['FAMILYFIRST', 101, 1002, { valid: false, message: 'This coupon is not valid for the selected plan.' }],
    ['FAMILYFIRST', 102, 1002, { valid: true, message: 'Coupon FAMILYFIRST applied: 15% off.' }],
    ['BEVERLY', 102, 1002, { valid: false, message: 'This coupon is not valid at the selected office.' }],
    ['BEVERLY', 102, 1001, { valid: true, message: 'Coupon BEVERLY applied: $25.00 off.' }],
  ])('coupon %s for plan %i at office %i', async (coupon, plan, office, expected) => {
    const { status, body } = await get(`/api/v4/coupon/validate?coupon=${coupon}&plan_id=${plan}&location_id=${office}`)
    expect(status).toBe(200)
    expect(body).toMatchObject(expected)
  })

  it.each([
    ['without a code', ''],
    ['with an empty code', '&coupon='],
    ['with a blank code', '&coupon=%20%20'],
  ])('asks for the code of a coupon check %s, in a sentence', async (_case, coupon) => {
    expect(await get(`/api/v4/coupon/validate?plan_id=101&location_id=1001${coupon}`)).toMatchObject({
      status: 422,
      body: { issues: [{ path: ['query', 'coupon'], message: 'Enter a coupon code.' }] },
    })
  })

  it.each([
    ['90210', 'Beverly Hills', 'CA', 8],
    ['94110', 'San Francisco', 'CA', 6],
    ['85012', 'Phoenix', 'AZ', 5],
  ])(
    'lists the offices within 25 miles of %s (%s, %s), nearest first, each with its exact distance',
    async (zip, city, state, atLeast) => {
      const expected = demoOfficesNear(zip, 25)
      expect(expected.length).toBeGreaterThanOrEqual(atLeast)
      const found = await offices(`zip=${zip}&radius=25&pageSize=500`)
      expect(found.origin).toEqual({ zip, city, state })
      expect(found.total).toBe(expected.length)
      expect(found.results.map((result) => result.office.id).sort()).toEqual(
        expected.map(({ office }) => office.id).sort(),
      )
      for (const result of found.results) {
        expect(result.distanceMiles).toBe(round(expected.find(({ office }) => office.id === result.office.id)!.miles))
        expect(result.distanceMiles!).toBeLessThanOrEqual(25)
      }
      expect(isSorted(found.results.map((result) => result.distanceMiles!))).toBe(true)
      // Some of the tenant's offices in the same state are farther: the radius, not the state, decides.
      expect(
        demo.offices.some(
          (office) => office.address.state === state && !expected.some((near) => near.office.id === office.id),
        ),
      ).toBe(true)
    },
  )

  it('lists providers near a ZIP nearest first, only within the radius, and pages them', async () => {
    const near = await providers('zip=90210&radius=25&pageSize=500')
    const nearIds = new Set(demoOfficesNear('90210', 25).map(({ office }) => office.id))
    expect(near.results.length).toBeGreaterThan(nearIds.size)
    expect(near.results.every((result) => nearIds.has(result.office.id) && result.distanceMiles! <= 25)).toBe(true)
    expect(isSorted(near.results.map((result) => result.distanceMiles!))).toBe(true)
    expect(near.origin).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' })
    // Long Beach is 26 miles away: in at 30 miles, out at 25.
    expect(near.results.some((result) => result.office.id === 1019)).toBe(false)
    expect(
      (await providers('zip=90210&radius=30&pageSize=500')).results.some((result) => result.office.id === 1019),
    ).toBe(true)
    const [page1, page2] = [
      await providers('zip=90210&radius=25&pageSize=5&page=1'),
      await providers('zip=90210&radius=25&pageSize=5&page=2'),
    ]
    expect([...page1.results, ...page2.results].map((result) => result.provider.id)).toEqual(
      near.results.slice(0, 10).map((result) => result.provider.id),
    )
    expect(page1.total).toBe(near.total)
  })

  it('selects the box around the ZIP in SQL: the query reads only offices inside it, through the location index', async () => {
    const origin = centroid('90210')
    const box = boundingBox(origin, 25)
    const spy = vi.spyOn(server.deps.db, 'query')
    try {
      await offices('zip=90210&radius=25&pageSize=500')
      const searches = spy.mock.calls
        .map((call, index) => ({
          text: call[0],
          result: spy.mock.results[index]!.value as Promise<Record<string, unknown>[]>,
        }))
        .filter(({ text }) => text.includes('FROM offices o LEFT JOIN providers'))
      expect(searches).toHaveLength(1)
      const rows = z
        .array(z.object({ id: z.number(), latitude: z.number(), longitude: z.number() }))
        .parse(await searches[0]!.result)
      const read = new Set(rows.map((row) => row.id))
      // Every office read lies in the box, and the box keeps out most of the tenant's offices.
      expect(
        rows.every(
          (row) =>
            row.latitude >= box.minLatitude &&
            row.latitude <= box.maxLatitude &&
            row.longitude >= box.longitude!.min &&
            row.longitude <= box.longitude!.max,
        ),
      ).toBe(true)
      expect(read.size).toBeLessThan(demo.offices.length / 3)
      for (const { office } of demoOfficesNear('90210', 25)) expect(read.has(office.id)).toBe(true)
    } finally {
      spy.mockRestore()
    }
    // And the database answers that box from the (group_key, latitude, longitude) index.
    const { text, params } = directorySql(defaultTenant.groupKey, {}, box)
    const plan = await server.deps.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off')
      return z.array(z.object({ 'QUERY PLAN': z.string() })).parse(await tx.query(`EXPLAIN ${text}`, params))
    })
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toMatch(
      /(Index Scan using|Index Only Scan using|Bitmap Index Scan on) offices_location[\s\S]*latitude >=[\s\S]*longitude <=/,
    )
  })

  it('keeps a point on the far side of a wide box: the longitude half-width allows for the great circle', () => {
    const centre = { latitude: 45, longitude: -100 }
    const box = boundingBox(centre, 500)
    // The naive half-width, 500 / (69 cos 45°), would cut off this point 499.7 miles away: a great
    // circle bulges towards the pole, so it reaches farther east than the parallel does.
    const naive = 500 / (69 * Math.cos(Math.PI / 4))
    const edge = { latitude: 45.46, longitude: -100 + naive + 0.008 }
    expect(distanceMiles(centre, edge)).toBeLessThanOrEqual(500)
    expect(edge.longitude).toBeLessThanOrEqual(box.longitude!.max)
    expect(boundingBox({ latitude: 64.8, longitude: -147.7 }, 500).longitude).toBeDefined()
    expect(boundingBox({ latitude: 51.9, longitude: -176.6 }, 300).longitude).toBeUndefined()
  })

  it('finds Spanish-speaking providers taking new patients, and offices only when one of theirs matches', async () => {
    const spanish = await providers('zip=90210&radius=25&language=spanish&accepting=true&pageSize=500')
    expect(
      spanish.results.every(
        (result) => result.provider.languages.includes('Spanish') && result.provider.acceptingNewPatients,
      ),
    ).toBe(true)
    const expected = demoOfficesNear('90210', 25).flatMap(({ office }) =>
      office.providers.filter((provider) => provider.languages.includes('Spanish') && provider.acceptingNewPatients),
    )
    expect(spanish.results.map((result) => result.provider.id).sort()).toEqual(
      expected.map((provider) => provider.id).sort(),
    )
    expect(new Set(spanish.results.map((result) => result.office.id)).size).toBeGreaterThanOrEqual(4)

    const found = await offices('zip=90210&radius=25&language=Spanish&accepting=1&pageSize=500')
    expect(found.results.map((result) => result.office.id).sort()).toEqual(
      [...new Set(spanish.results.map((result) => result.office.id))].sort(),
    )
    for (const result of found.results)
      expect(
        result.providers.every(
          (provider) =>
            provider.languages.includes('Spanish') &&
            provider.acceptingNewPatients &&
            provider.officeId === result.office.id,
        ),
      ).toBe(true)
    // Montebello's Spanish-speaking dentists take no new patients: the office is near, but not listed.
    expect(found.results.some((result) => result.office.id === 1018)).toBe(false)
    expect(
      (await offices('zip=90210&radius=25&language=spanish&accepting=false')).results.some(
        (result) => result.office.id === 1018,
      ),
    ).toBe(true)
  })

  it('matches a name against the office’s name or a provider’s, and a specialty in any case', async () => {
    const chen = await offices('name=CHEN')
    expect(chen.results.map((result) => [result.office.id, result.providers.map((provider) => provider.name)])).toEqual(
      [[1001, ['Dr. Maya Chen, DDS']]],
    )
    const boyle = await offices('name=boyle heights')
    expect(boyle.results.map((result) => result.office.id)).toEqual([1013])
    expect(boyle.results[0]!.providers).toHaveLength(3)
    expect((await providers('name=clínica')).results.map((result) => result.provider.id).sort()).toEqual([
      5027, 5028, 5029,
    ])
    expect((await providers("name=o'connell")).results.map((result) => result.provider.name)).toEqual([
      "Dr. Brian O'Connell, DDS",
    ])
    const pediatric = demo.offices
      .flatMap((office) => office.providers)
      .filter((provider) => provider.specialty === 'Pediatric dentistry')
    expect((await providers('specialty=PEDIATRIC&pageSize=500')).total).toBe(pediatric.length)
    expect((await providers('name=100%25')).total).toBe(0)
    expect((await providers('name=_')).total).toBe(0)
  })

  it('lists each office once, with its matching providers and its plans cheapest first', async () => {
    const found = await offices('zip=90210&radius=25&pageSize=500')
    expect(new Set(found.results.map((result) => result.office.id)).size).toBe(found.results.length)
    for (const result of found.results) {
      const office = demo.offices.find((candidate) => candidate.id === result.office.id)!
      expect(result.providers.map((provider) => provider.id).sort()).toEqual(
        office.providers.map((provider) => provider.id).sort(),
      )
      expect(result.plans.map((plan) => plan.id).sort()).toEqual([...office.planIds].sort())
      expect(isSorted(result.plans.map((plan) => plan.monthlyPriceCents))).toBe(true)
    }
    expect(found.results.find((result) => result.office.id === 1001)!.plans).toEqual([
      { id: 101, name: 'Essential', monthlyPriceCents: 1495, annualPriceCents: 14900 },
      { id: 102, name: 'Family', monthlyPriceCents: 2995, annualPriceCents: 29900 },
      { id: 103, name: 'Premier', monthlyPriceCents: 3995, annualPriceCents: 39900 },
    ])
    const paged = await offices('zip=90210&radius=25&pageSize=4&page=2')
    expect(paged).toMatchObject({ total: found.total, page: 2, pageSize: 4 })
    expect(paged.results.map((result) => result.office.id)).toEqual(
      found.results.slice(4, 8).map((result) => result.office.id),
    )
  })

  it('without a ZIP lists every office by state, city and name, with no distance', async () => {
    const all = await offices('pageSize=500')
    expect(all.origin).toBeNull()
    expect(all.total).toBe(demo.offices.length)
    expect(all.results.every((result) => result.distanceMiles === null)).toBe(true)
    const keys = all.results.map(({ office }) => [office.address.state, office.address.city, office.name])
    expect(keys).toEqual(
      [...keys].sort(
        (a, b) =>
          a[0]!.localeCompare(b[0]!, 'en') || a[1]!.localeCompare(b[1]!, 'en') || a[2]!.localeCompare(b[2]!, 'en'),
      ),
    )
    expect(new Set(all.results.map((result) => result.office.address.state)).size).toBeGreaterThanOrEqual(8)
    const everyone = await providers('pageSize=500')
    expect(everyone.total).toBe(demo.offices.flatMap((office) => office.providers).length)
    expect(everyone.origin).toBeNull()
  })

  it('answers 422 for a ZIP it does not know and for a radius out of range, naming the field', async () => {
    for (const endpoint of ['providers', 'locations']) {
      expect(await get(`/api/v4/${endpoint}?zip=00000`)).toMatchObject({
        status: 422,
        body: {
          message: 'We do not know the ZIP code 00000',
          issues: [{ path: ['query', 'zip'], message: expect.stringContaining('00000') }],
        },
      })
      expect(await get(`/api/v4/${endpoint}?zip=abc`)).toMatchObject({
        status: 422,
        body: { issues: [{ path: ['query', 'zip'] }] },
      })
      for (const radius of ['0', '501', 'abc', '2.5', '-5']) {
        expect(await get(`/api/v4/${endpoint}?zip=90210&radius=${radius}`), radius).toMatchObject({
          status: 422,
          body: { issues: [{ path: ['query', 'radius'], message: RADIUS_MESSAGE }] },
        })
      }
      expect((await get(`/api/v4/${endpoint}?zip=90210&radius=500`)).status).toBe(200)
    }
  })

  it('says when the directory last changed: the latest change to any of the tenant’s offices or providers', async () => {
    const before = await providers('')
    const { latest } = await one(
      server.deps.db,
      z.object({ latest: z.coerce.date() }),
      'SELECT max(updated_at) AS latest FROM providers WHERE group_key = $1',
      [defaultTenant.groupKey],
    )
    expect(new Date(before.updatedAt).getTime()).toBeGreaterThanOrEqual(latest.getTime())
    await server.deps.db.query("UPDATE providers SET updated_at = '2031-02-03T04:05:06Z' WHERE id = 5001")
    try {
      expect((await providers('')).updatedAt).toBe('2031-02-03T04:05:06.000Z')
      expect(
        (await get<{ updatedAt: string }>(`/api/km/group/${defaultTenant.groupKey}/directory`)).body.updatedAt,
      ).toBe('2031-02-03T04:05:06.000Z')
      expect((await providers('', otherTenant.hosts[0])).updatedAt).not.toBe('2031-02-03T04:05:06.000Z')
    } finally {
      await server.deps.db.query('UPDATE providers SET updated_at = now() WHERE id = 5001')
    }
  })

  it('files a directory report with a reference, mails the reporter that it is corrected within 30 business days, and refuses another tenant’s office', async () => {
    const client = server.client()
    const report = {
      providerId: 5002,
      field: 'languages',
      details: 'Dr. Ortega told us he no longer sees patients in Spanish.',
      name: 'Pat Lee',
      email: 'pat@example.com',
    }
    const filed = await client.json<{ reference: string; message: string }>('/api/v4/directory/reports', {
      method: 'POST',
      body: report,
    })
    expect(filed.status).toBe(201)
    expect(filed.body.reference).toMatch(/^DIR-2026-[0-9A-F]{8}$/)
    expect(filed.body.message).toContain('30 business days')
    const stored = await one(
      server.deps.db,
      z.object({
        group_key: z.string(),
        provider_id: z.number(),
        office_id: z.number(),
        field: z.string(),
        details: z.string(),
        email: z.string(),
        correct_by: z.coerce.date(),
      }),
      'SELECT * FROM directory_reports WHERE reference = $1',
      [filed.body.reference],
    )
    // 30 business days from Monday 23 November 2026: six weeks later, Monday 4 January 2027.
    expect(stored).toEqual({
      group_key: defaultTenant.groupKey,
      provider_id: 5002,
      office_id: 1001,
      field: 'languages',
      details: report.details,
      email: report.email,
      correct_by: new Date('2027-01-04T12:00:00Z'),
    })
    const mail = (await outbox(server.deps.db, defaultTenant.groupKey)).find(
      (candidate) => candidate.subject === `Directory report ${filed.body.reference} received`,
    )
    expect(mail).toMatchObject({ recipient: 'pat@example.com' })
    // Nothing the reporter typed is repeated to an address nobody has verified.
    expect(mail!.body).toMatch(/^Hello,\n/)
    expect(mail!.body).not.toContain(report.name)
    expect(mail!.body).not.toContain(report.details)
    expect(mail!.body).toContain('Dr. Luis Ortega, DMD at Beverly Hills Family Dentistry')
    expect(mail!.body).toMatch(/investigate it and correct the directory within 30 business days \(by 2027-01-04\)/)
    expect(mail!.body).toContain('§1367.27(e)')

    const office = await client.json('/api/v4/directory/reports', {
      method: 'POST',
      body: {
        officeId: 1013,
        field: 'accessibility',
        details: 'The ramp at the side entrance is closed.',
        email: 'pat@example.com',
      },
    })
    expect(office.status).toBe(201)
    const refused = [
      [{ officeId: 2001 }, ['body', 'officeId']],
      [{ providerId: 6001 }, ['body', 'providerId']],
      [{ providerId: 5001, officeId: 1002 }, ['body', 'officeId']],
      [{}, ['body', 'providerId']],
      [{ officeId: 99999 }, ['body', 'officeId']],
    ] as const
    for (const [ids, at] of refused) {
      const answer = await client.json('/api/v4/directory/reports', {
        method: 'POST',
        body: { field: 'other', details: 'Somebody else’s office entirely.', email: 'pat@example.com', ...ids },
      })
      expect(answer, JSON.stringify(ids)).toMatchObject({ status: 422, body: { issues: [{ path: at }] } })
    }
    const count = await one(
      server.deps.db,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM directory_reports WHERE group_key = $1',
      [otherTenant.groupKey],
    )
    expect(count.n).toBe(0)
  })

  it('takes every naughty string in the name, specialty and language searches without a 500', async () => {
    const client = server.client()
    for (const text of [...inUrls, 'a NUL \u0000 inside']) {
      const value = encodeURIComponent(text)
      for (const query of [`name=${value}`, `specialty=${value}&zip=90210`, `language=${value}&accepting=true`]) {
        for (const endpoint of ['providers', 'locations']) {
          const { status } = await client.json(`/api/v4/${endpoint}?${query}`)
          // A NUL is refused in any address (server/platform/http/address-check.ts).
          expect(text.includes('\u0000') ? [400] : [200, 422], `${endpoint}?${query}`).toContain(status)
        }
      }
    }
  }, 300_000)

  it('takes every naughty string in a directory report: stored exactly as trimmed, or a 422; never a 500', async () => {
    const client = server.client()
    let stored = 0
    for (const text of [...naughty, 'a NUL \u0000 inside']) {
      const details = `What is wrong: ${text}`
      const answer = await client.json<{ reference: string }>('/api/v4/directory/reports', {
        method: 'POST',
        body: { officeId: 1001, field: 'other', details, name: text.slice(0, 80), email: 'naughty@example.com' },
      })
      expect([201, 422], JSON.stringify(text)).toContain(answer.status)
      if (answer.status !== 201) continue
      stored += 1
      const row = await one(
        server.deps.db,
        z.object({ details: z.string() }),
        'SELECT details FROM directory_reports WHERE reference = $1',
        [answer.body.reference],
      )
      expect(row.details).toBe(details.trim().replaceAll('\u0000', '\uFFFD'))
    }
    expect(stored).toBeGreaterThan(naughty.length * 0.9)
  }, 300_000)

  it('answers the km group and office paths, and only for the request’s own group', async () => {
    expect(
      (await get<{ offices: unknown[] }>(`/api/km/group/${defaultTenant.groupKey}/offices`)).body.offices,
    ).toHaveLength(demo.offices.length)
    const directory = await get<{ offices: { providers: { npi: string }[] }[]; updatedAt: string }>(
      `/api/km/group/${defaultTenant.groupKey}/directory`,
    )
    expect(directory.body.offices[0]!.providers.length).toBeGreaterThan(0)
    expect(directory.body.offices.flatMap((office) => office.providers)).toHaveLength(
      demo.offices.flatMap((office) => office.providers).length,
    )
    expect((await get(`/api/km/group/${otherTenant.groupKey}/offices`)).status).toBe(404)
    expect(
      (await get<{ providers: { name: string }[] }>('/api/km/office/1001/details')).body.providers.map(
        (provider) => provider.name,
      ),
    ).toEqual(['Dr. Luis Ortega, DMD', 'Dr. Maya Chen, DDS'])
    expect(
      (await get<{ plans: { id: number }[] }>('/api/km/office/1004/plans')).body.plans.map((plan) => plan.id),
    ).toEqual([102, 103])
  })

  it('keeps tenants apart: another tenant’s office, plan or coupon is not found', async () => {
    const host = otherTenant.hosts[0]
    expect((await get('/api/v4/locations/1001', host)).status).toBe(404)
    expect((await get('/api/v4/plans/102', host)).status).toBe(404)
    expect((await get('/api/km/office/1001/details', host)).status).toBe(404)
    expect((await providers('pageSize=50', host)).results.every((result) => result.office.id >= 2000)).toBe(true)
    expect((await offices('zip=90210&radius=500', host)).results.every((result) => result.office.id >= 2000)).toBe(true)
    expect((await get('/api/v4/coupon/validate?coupon=SPRING&plan_id=201&location_id=2001', host)).body).toMatchObject({
      valid: false,
      message: 'This coupon code does not exist.',
    })
  })
})

/** An empty database of the kind: PGlite in memory, or a new database on the test PostgreSQL server. */
async function emptyDatabase(kind: DatabaseKind): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await blankPglite()
    return { db, drop: () => db.close() }
  }
  const admin = process.env.TEST_DATABASE_URL!
  const name = `m_${randomBytes(6).toString('hex')}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  await run(`CREATE DATABASE ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  const db = await openDatabase({ databaseUrl: url.href })
  return { db, drop: async () => (await db.close(), await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) }
}

describe.each(DATABASES)('migration 004 on a database created at migration 003 (%s)', (kind) => {
  it('moves accessibility to the office, defaults the new provider fields, and lets the seed fill in the demo directory', async () => {
    const before = mkdtempSync(path.join(tmpdir(), 'migrations-'))
    const { db, drop } = await emptyDatabase(kind)
    try {
      for (const name of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql') && name < '004'))
        copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name))
      expect(await migrate(db, before)).toEqual(['001_init.sql', '002_settings.sql', '003_dependent_plans.sql'])
      const groupKey = defaultTenant.groupKey
      await db.query('INSERT INTO tenants (group_key, name) VALUES ($1, $2)', [groupKey, defaultTenant.companyName])
      const insertOffice =
        "INSERT INTO offices (id, group_key, name, address_line, city, state, zip, latitude, longitude, phone, hours) VALUES ($1, $2, $3, '1 Main St', 'Beverly Hills', 'CA', '90210', 34.09, -118.41, '3105550110', '[]')"
      await db.query(insertOffice, [1001, groupKey, 'Beverly Hills Family Dentistry'])
      await db.query(insertOffice, [1999, groupKey, 'An office the demo data does not name'])
      const insertProvider =
        'INSERT INTO providers (id, group_key, office_id, name, specialty, languages, accepting_new_patients, accessibility) VALUES ($1, $2, $3, $4, $5, $6, true, $7)'
      await db.query(insertProvider, [
        5001,
        groupKey,
        1001,
        'Dr. Maya Chen, DDS',
        'General dentistry',
        ['English'],
        ['Wheelchair accessible', 'Parking'],
      ])
      await db.query(insertProvider, [
        5002,
        groupKey,
        1001,
        'Dr. Luis Ortega, DMD',
        'Pediatric dentistry',
        ['English', 'Spanish'],
        ['Hearing loop', 'Wheelchair accessible'],
      ])
      await db.query(insertProvider, [
        5999,
        groupKey,
        1999,
        'Dr. Not In The Demo',
        'General dentistry',
        ['English'],
        [],
      ])

      const applied = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql') && name >= '004')
      expect(await migrate(db)).toEqual(applied.sort())
      const officesAfter = await many(
        db,
        z.object({
          id: z.number(),
          accessibility: z.array(z.string()),
          staff_languages: z.array(z.string()),
          updated_at: z.coerce.date(),
        }),
        'SELECT id, accessibility, staff_languages, updated_at FROM offices ORDER BY id',
      )
      expect(officesAfter.map(({ updated_at: _, ...office }) => office)).toEqual([
        { id: 1001, accessibility: ['Wheelchair accessible', 'Parking', 'Hearing loop'], staff_languages: [] },
        { id: 1999, accessibility: [], staff_languages: [] },
      ])
      const providerAfter = z.object({
        id: z.number(),
        provider_type: z.string(),
        npi: z.nullable(z.string()),
        license_number: z.nullable(z.string()),
        patient_ages: z.string(),
        board_certification: z.null(),
        group_affiliation: z.null(),
      })
      expect(await many(db, providerAfter, 'SELECT * FROM providers ORDER BY id')).toEqual(
        [5001, 5002, 5999].map((id) => ({
          id,
          provider_type: 'Dentist',
          npi: null,
          license_number: null,
          patient_ages: 'all',
          board_certification: null,
          group_affiliation: null,
        })),
      )
      const columns = await many(
        db,
        z.object({ column_name: z.string() }),
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'providers'",
      )
      expect(columns.map((column) => column.column_name)).not.toContain('accessibility')
      const indexes = await many(
        db,
        z.object({ indexdef: z.string() }),
        "SELECT indexdef FROM pg_indexes WHERE indexname = 'offices_location'",
      )
      expect(indexes[0]?.indexdef).toMatch(/\(group_key, latitude, longitude\)/)
      await expect(db.query("UPDATE providers SET patient_ages = 'teens' WHERE id = 5001")).rejects.toThrow(
        /patient_ages/,
      )
      await expect(db.query("UPDATE providers SET npi = '12345' WHERE id = 5001")).rejects.toThrow(/npi/)
      // Until its NPI and licence are on file a provider is not listed; the office still is.
      expect(await catalog.providers(db, groupKey)).toEqual([])
      expect(
        (await searchDirectory(db, groupKey, {})).map((match) => [match.office.id, match.providers.length]),
      ).toEqual([
        [1999, 0],
        [1001, 0],
      ])

      await seed(db, {
        tenants: { ...tenants, tenants: tenants.tenants.filter((tenant) => tenant.groupKey === groupKey) },
        demoData,
        contentDir: '/nonexistent',
        totpKey: Buffer.alloc(32),
      })
      // The seed fills in the new directory fields only; what the database held stays.
      const listed = await catalog.providers(db, groupKey)
      const demoProviders = demo.offices.find((office) => office.id === 1001)!.providers
      expect(listed.map((provider) => provider.id)).toEqual([5002, 5001])
      for (const provider of listed) {
        const { providerType, npi, licenseNumber, boardCertification, patientAges, groupAffiliation } =
          demoProviders.find((candidate) => candidate.id === provider.id)!
        expect(provider).toMatchObject({
          providerType,
          npi,
          licenseNumber,
          boardCertification,
          patientAges,
          groupAffiliation,
        })
      }
      expect(listed.find((provider) => provider.id === 5001)!.languages).toEqual(['English'])
      expect(await catalog.office(db, groupKey, 1001)).toMatchObject({
        staffLanguages: demo.offices[0]!.staffLanguages,
        accessibility: ['Wheelchair accessible', 'Parking', 'Hearing loop'],
      })
      expect(await catalog.office(db, groupKey, 1999)).toMatchObject({ staffLanguages: [], accessibility: [] })
      expect((await many(db, z.object({ n: z.number() }), 'SELECT count(*)::int AS n FROM offices'))[0]!.n).toBe(2)
    } finally {
      await drop()
      rmSync(before, { recursive: true, force: true })
    }
  }, 60_000)
})
