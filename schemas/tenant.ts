import { z } from './engine/zod.ts'
import { membershipPolicySchema } from './membership-policy.ts'

/** One brand served by the engine: its hosts, its content and its public settings. */
export const tenantSchema = z.object({
  groupKey: z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]*$/), z.describe('The tenant key (group_key)')),
  hosts: z
    .array(z.string().check(z.minLength(1)))
    .check(z.minLength(1), z.describe('Host names that serve this tenant')),
  companyName: z.string().check(z.minLength(1)),
  publicUrl: z.url().check(z.describe('Public address, used in links the site sends (mails)')),
  officeLoginUrl: z.optional(z.url()),
  siteSlug: z
    .optional(z.string().check(z.regex(/^[a-z0-9-]+$/)))
    .check(z.describe('Slug of the brand in absolute links to its own site (default: the group key)')),
  policy: z
    .prefault(membershipPolicySchema, {})
    .check(
      z.describe('The membership policy: notices, retries, refunds, prepaid terms (schemas/membership-policy.ts)'),
    ),
})
export type Tenant = z.infer<typeof tenantSchema>

export const tenantsSchema = z
  .object({
    /** Hosts that are not in any tenant's list are served the default tenant. */
    defaultTenant: z.string(),
    tenants: z.array(tenantSchema).check(z.minLength(1)),
  })
  .check(
    z.superRefine((config, ctx) => {
      const keys = config.tenants.map((tenant) => tenant.groupKey)
      if (!keys.includes(config.defaultTenant)) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown default tenant ${config.defaultTenant}`,
          path: ['defaultTenant'],
        })
      }
      const seen = new Set<string>()
      config.tenants.forEach((tenant, index) =>
        tenant.hosts.forEach((host, hostIndex) => {
          if (seen.has(host)) {
            ctx.addIssue({
              code: 'custom',
              message: `Host ${host} is listed twice`,
              path: ['tenants', index, 'hosts', hostIndex],
            })
          }
          seen.add(host)
        }),
      )
    }),
  )
export type TenantsConfig = z.infer<typeof tenantsSchema>
