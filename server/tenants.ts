import type { Tenant, TenantsConfig } from '#schemas/tenant.ts'

/** Resolves a request's host name to its tenant; unknown hosts get the default tenant. */
export function createTenantResolver(config: TenantsConfig): (host: string | undefined) => Tenant {
  const byHost = new Map(config.tenants.flatMap((tenant) => tenant.hosts.map((host) => [host, tenant] as const)))
  const fallback = config.tenants.find((tenant) => tenant.groupKey === config.defaultTenant)
  if (!fallback) throw new Error(`Unknown default tenant ${config.defaultTenant}`)
  return (host) => {
    const name = (host ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '')
    return byHost.get(name) ?? fallback
  }
}
