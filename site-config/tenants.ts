import { tenantsSchema } from '#schemas/tenant.ts'
import tenantsFile from './tenants.json' with { type: 'json' }

/**
 * The host map: which brand a host name serves; hosts not listed get the default tenant. The
 * list is data (`tenants.json`, which `npm run tenant:new` extends); each tenant's content and
 * files live in `site-config/tenants/{groupKey}/`.
 */
export const tenants = tenantsSchema.parse(tenantsFile)
