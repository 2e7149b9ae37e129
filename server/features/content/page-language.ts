import { DEFAULT_LANGUAGE } from '#schemas/languages.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { DbContentService } from './db-content-service.ts'

/**
 * The language of the page a request comes from, when the tenant publishes it: the browser's API
 * client sends the page's `lang` as `Accept-Language` (engine/api-request.ts); another client's
 * first language counts by its primary tag (`es-MX` is `es`). `null` is the site's default (also
 * for a language the tenant does not publish): what a new member's mail is written in.
 */
export async function pageLanguage(
  acceptLanguage: string | undefined,
  deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> },
): Promise<string | null> {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase()
  if (!first || first === '*') return null
  const codes = await publishedLanguages(deps)
  const code =
    codes.find((candidate) => candidate === first) ?? codes.find((candidate) => candidate === first.split('-')[0])
  return code === undefined || code === DEFAULT_LANGUAGE ? null : code
}

/** The languages the tenant's published content lists (the default among them); the default alone where it lists none. */
export async function publishedLanguages(deps: {
  tenant: Tenant
  content: Pick<DbContentService, 'get'>
}): Promise<string[]> {
  const content = await deps.content.get(deps.tenant.groupKey)
  const codes = content.base.variables.languages.map((language) => language.code)
  return codes.length > 0 ? codes : [DEFAULT_LANGUAGE]
}
