import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, defaultTenant, otherTenant, startTestServer, type TestServer } from '../test-harness.ts'

type Results = { results: { provider: { name: string; languages: string[]; acceptingNewPatients: boolean }; office: { id: number; address: { state: string } }; distanceMiles: number | null }[]; total: number; page: number; pageSize: number }

describe.each(DATABASES)('plans, offices, coupons and providers (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => new Date('2026-11-23T12:00:00Z') })
  }, 60_000)
  afterAll(() => server.close())
  const get = <T = unknown>(path: string, host?: string) => server.client(host).json<T>(path)

  it('shows an office with its hours, and a plan with its prices and fee schedule', async () => {
    expect((await get('/api/v4/locations/1001')).body).toMatchObject({ name: 'Beverly Hills Family Dentistry', address: { zip: '90210', state: 'CA' }, hours: expect.arrayContaining([{ day: 'Sat', opens: '09:00', closes: '13:00' }]) })
    const plan = await get<{ feeSchedule: { code: string; usualFeeCents: number; memberFeeCents: number }[] }>('/api/v4/plans/102')
    expect(plan.body).toMatchObject({ name: 'Family', monthlyPriceCents: 2995, annualPriceCents: 29900 })
    expect(plan.body.feeSchedule.find((fee) => fee.code === 'D1110')).toEqual({ code: 'D1110', procedure: 'Adult cleaning', usualFeeCents: 11500, memberFeeCents: 7500 })
    expect(await get('/api/v4/plans/999')).toMatchObject({ status: 404, body: { message: 'Plan not found' } })
    expect((await get('/api/v4/plans/abc')).status).toBe(422)
  })

  it('finds a plan at an office only when both exist and the office offers it', async () => {
    expect((await get('/api/v4/plans/102/1001')).body).toMatchObject({ plan: { id: 102 }, office: { id: 1001 } })
    expect(await get('/api/v4/plans/101/1004')).toMatchObject({ status: 404, body: { message: 'Plan at this office not found' } })
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

  it('explains a coupon check without a code', async () => {
    expect(await get('/api/v4/coupon/validate?plan_id=101&location_id=1001')).toMatchObject({ status: 422, body: { issues: [{ path: ['query', 'coupon'] }] } })
  })

  it('finds providers near a ZIP code, nearest first, within the radius', async () => {
    const { body } = await get<Results>('/api/v4/providers?zip=90024&radius=50')
    expect(body.results.map((result) => result.office.id)).toEqual([1001, 1001])
    expect(body.results[0]!.distanceMiles).toBeGreaterThan(0)
    expect(body.results[0]!.distanceMiles).toBeLessThan(10)
    const wide = await get<Results>('/api/v4/providers?zip=90024&radius=500&pageSize=50')
    const distances = wide.body.results.map((result) => result.distanceMiles!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(wide.body.results.some((result) => result.office.id === 1002)).toBe(true)
    expect(wide.body.results.some((result) => result.office.address.state === 'NY')).toBe(false)
  })

  it('filters by name, specialty, language and new patients, and pages the results', async () => {
    expect((await get<Results>('/api/v4/providers?name=chen')).body.results.map((result) => result.provider.name)).toEqual(['Dr. Maya Chen, DDS'])
    expect((await get<Results>('/api/v4/providers?specialty=pediatric')).body.total).toBe(1)
    expect((await get<Results>('/api/v4/providers?language=spanish')).body.results.every((result) => result.provider.languages.includes('Spanish'))).toBe(true)
    expect((await get<Results>('/api/v4/providers?accepting=true&pageSize=50')).body.results.every((result) => result.provider.acceptingNewPatients)).toBe(true)
    const page1 = await get<Results>('/api/v4/providers?pageSize=3&page=1')
    const page2 = await get<Results>('/api/v4/providers?pageSize=3&page=2')
    expect(page1.body.total).toBe(10)
    expect(page1.body.results).toHaveLength(3)
    expect(page2.body.results[0]!.provider.name).not.toBe(page1.body.results[0]!.provider.name)
    expect(await get('/api/v4/providers?zip=00000')).toMatchObject({ status: 422, body: { message: 'We do not know the ZIP code 00000' } })
    expect((await get('/api/v4/providers?zip=abc')).status).toBe(422)
  })

  it('answers the km group and office paths, and only for the request’s own group', async () => {
    expect((await get<{ offices: unknown[] }>(`/api/km/group/${defaultTenant.groupKey}/offices`)).body.offices).toHaveLength(6)
    expect((await get<{ offices: { providers: unknown[] }[] }>(`/api/km/group/${defaultTenant.groupKey}/directory`)).body.offices[0]!.providers.length).toBeGreaterThan(0)
    expect((await get(`/api/km/group/${otherTenant.groupKey}/offices`)).status).toBe(404)
    expect((await get<{ providers: unknown[] }>('/api/km/office/1001/details')).body.providers).toHaveLength(2)
    expect((await get<{ plans: { id: number }[] }>('/api/km/office/1004/plans')).body.plans.map((plan) => plan.id)).toEqual([102, 103])
  })

  it('keeps tenants apart: another tenant’s office, plan or coupon is not found', async () => {
    const host = otherTenant.hosts[0]
    expect((await get('/api/v4/locations/1001', host)).status).toBe(404)
    expect((await get('/api/v4/plans/102', host)).status).toBe(404)
    expect((await get('/api/km/office/1001/details', host)).status).toBe(404)
    expect((await get<Results>('/api/v4/providers?pageSize=50', host)).body.results.every((result) => result.office.id >= 2000)).toBe(true)
    expect((await get('/api/v4/coupon/validate?coupon=SPRING&plan_id=201&location_id=2001', host)).body).toMatchObject({ valid: false, message: 'This coupon code does not exist.' })
  })
})
