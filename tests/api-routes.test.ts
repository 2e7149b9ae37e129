import { describe, expect, it, vi } from 'vitest'
import { callApi } from '#engine'
import { contractUrl, lazyContracts, resolveContract } from '#schemas/engine/contract.ts'
import { catalogApi as catalogRefs } from '#schemas/api/directory.routes.ts'
import { catalogApi as catalogContracts, staffDirectoryReportsApi } from '#schemas/api/directory.ts'
import { checkoutApi } from '#schemas/api/checkout.ts'
import { cmsApi, contentApi } from '#schemas/api/content.ts'
import { grievancesApi, staffGrievancesApi } from '#schemas/api/grievances.ts'
import { authApi, memberApi, staffMembersApi } from '#schemas/api/members.ts'
import { sessionApi } from '#schemas/api/session.ts'
import { contactApi, staffMessagesApi } from '#schemas/api/messages.ts'
import { monitoringApi } from '#schemas/api/monitoring.ts'
import { staffPlansApi } from '#schemas/api/plans.ts'
import { staffAccountsApi, staffApi, staffAuditApi, staffExportsApi } from '#schemas/api/staff.ts'

/** Every module schemas/api/*.routes.ts, as the browser imports it. */
const routes = Object.assign(
  {},
  ...Object.values(import.meta.glob<Record<string, unknown>>('../schemas/api/*.routes.ts', { eager: true })),
) as Record<string, Record<string, Parameters<typeof resolveContract>[0]>>

const contracts = {
  authApi,
  catalogApi: catalogContracts,
  checkoutApi,
  contactApi,
  contentApi,
  cmsApi,
  grievancesApi,
  memberApi,
  monitoringApi,
  sessionApi,
  staffApi,
  staffAuditApi,
  staffMembersApi,
  staffDirectoryReportsApi,
  staffGrievancesApi,
  staffMessagesApi,
  staffAccountsApi,
  staffExportsApi,
  staffPlansApi,
}

describe('the browser’s references to the API contracts (schemas/api/*.routes.ts)', () => {
  it('name every contract with its method and path, and load that very contract', async () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(contracts).sort())
    for (const [group, refs] of Object.entries(routes)) {
      const own = contracts[group as keyof typeof contracts] as Record<string, { method: string; path: string }>
      expect(Object.keys(refs).sort(), group).toEqual(Object.keys(own).sort())
      for (const [name, ref] of Object.entries(refs)) {
        expect([ref.method, ref.path], `${group}.${name}`).toEqual([own[name]!.method, own[name]!.path])
        expect(await resolveContract(ref), `${group}.${name}`).toBe(own[name])
      }
    }
  })

  it('load their module once, with the first call, and again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof catalogContracts>>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue(catalogContracts)
    const refs = lazyContracts(
      { plan: ['get', '/api/v4/plans/:id'], providers: ['get', '/api/v4/providers'] } as const,
      load as never,
    )
    expect(load).not.toHaveBeenCalled()
    await expect(refs.plan!.load()).rejects.toThrow('Failed to fetch')
    expect(await refs.plan!.load()).toBe(catalogContracts.plan)
    expect(await refs.providers!.load()).toBe(catalogContracts.providers)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('are called as the contracts are: the answer is checked with the loaded response schema', async () => {
    const transport = vi.fn((_path: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ id: 'not a number' }), { status: 200 })),
    )
    await expect(callApi(catalogRefs.plan, { params: { id: 102 } }, { transport })).rejects.toThrow(
      'Unexpected response from /api/v4/plans/102',
    )
    expect(transport).toHaveBeenCalledWith('/api/v4/plans/102', expect.objectContaining({ method: 'GET' }))
  })

  it('refuse to call a contract that answers a file: its address is linked to instead (contractUrl)', async () => {
    const transport = vi.fn<(path: string, init: RequestInit) => Promise<Response>>()
    await expect(
      callApi(staffGrievancesApi.grievancesReport, { query: { quarter: '2026-Q1' } }, { transport }),
    ).rejects.toThrow('/api/v4/staff/reports/grievances answers a file: link to it instead of calling it')
    expect(transport).not.toHaveBeenCalled()
    expect(contractUrl(staffGrievancesApi.grievancesReport, { query: { quarter: '2026-Q1' } })).toBe(
      '/api/v4/staff/reports/grievances?quarter=2026-Q1',
    )
  })
})
