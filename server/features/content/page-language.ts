import { ONE_LANGUAGE } from '#engine'
import type { CmsContent } from '#schemas/cms.ts'
import type { MessageWords } from '#schemas/engine/messages.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { site } from '#site-config/site.ts'
import type { DbContentService } from './db-content-service.ts'

const locales = site.locales ?? ONE_LANGUAGE

/** The site's default language: its pages have no prefix, and a member who never chose reads it. */
export const SITE_LANGUAGE = locales.default

/** The languages a tenant's content publishes (the site's declaration reads them), the default among them; the default alone where it lists none. */
export function languagesOf(content: CmsContent): string[] {
  const codes = locales.published(content).map((language) => language.code)
  return codes.length > 0 ? codes : [locales.default]
}

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
  return code === undefined || code === locales.default ? null : code
}

/** The languages the tenant's published content lists (the default among them); the default alone where it lists none. */
export async function publishedLanguages(deps: {
  tenant: Tenant
  content: Pick<DbContentService, 'get'>
}): Promise<string[]> {
  return languagesOf(await deps.content.get(deps.tenant.groupKey))
}

/**
 * The words of the API's messages (content: `base.variables.messages`) in the language of the page a
 * request comes from: what its error answers say. Undefined (the messages as written) when the
 * content cannot be read: an answer never fails for want of its words.
 */
export async function messageWords(
  acceptLanguage: string | undefined,
  deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> },
): Promise<MessageWords | undefined> {
  try {
    const language = await pageLanguage(acceptLanguage, deps)
    return (await deps.content.get(deps.tenant.groupKey, undefined, language ?? undefined)).base.variables.messages
  } catch {
    return undefined
  }
}
