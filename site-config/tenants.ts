import { tenantsSchema } from '#schemas/tenant.ts'

/**
 * The host map: which brand a host name serves. Hosts not listed get the default tenant.
 * Each tenant's content lives in `site-config/tenants/{groupKey}/`.
 */
export const tenants = tenantsSchema.parse({
  defaultTenant: 'carewell',
  tenants: [
    {
      groupKey: 'carewell',
      hosts: ['localhost', '127.0.0.1'],
      companyName: 'Carewell Dental Plans, Inc.',
      publicUrl: 'http://localhost:3000',
      officeLoginUrl: 'https://offices.carewell.example/login',
    },
    {
      groupKey: 'smile',
      hosts: ['smile.localhost'],
      companyName: 'Smile Savers Cooperative',
      publicUrl: 'http://smile.localhost:3000',
      officeLoginUrl: 'https://partners.smilesavers.example/sign-in',
    },
  ],
})
