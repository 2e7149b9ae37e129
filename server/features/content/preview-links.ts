import type { Tenant } from '#schemas/tenant.ts'
import type { Signer } from '../../platform/auth/signing.ts'
import { WORKING } from './content-service.ts'
import type { Queryable } from '../../platform/db/database.ts'
import { nextPreviewGeneration, previewGenerationOf } from './preview-store.ts'

/** What a preview link's token is signed for. */
const PREVIEW_PURPOSE = 'preview'

/** What a preview link needs of a request's context (the API's context has it). */
export interface PreviewDeps {
  db: Queryable
  signer: Signer
  tenant: Pick<Tenant, 'groupKey' | 'publicUrl'>
}

/** The tenant's preview-link generation: revoking the links moves it on, and ends every link of an earlier one. */
async function previewGeneration(db: Queryable, groupKey: string): Promise<number> {
  return (await previewGenerationOf(db, groupKey))?.generation ?? 0
}

/**
 * Signed, expiring links that show the tenant's working draft to someone who is not a content
 * manager (at most 7 days, by the contract), until the tenant revokes them.
 */
export const previewLinks = {
  /** Whether a preview token opens the tenant's draft: signed for it, unexpired, of the tenant's current generation. */
  async opens(deps: PreviewDeps & { now: () => Date }, token: string | undefined): Promise<boolean> {
    // On the server's clock, as the link's expiry was set (a sandbox clock moves both).
    const payload = deps.signer.verify(token, PREVIEW_PURPOSE, deps.tenant.groupKey, deps.now().getTime())
    return (
      payload !== undefined && (payload.generation ?? 0) === (await previewGeneration(deps.db, deps.tenant.groupKey))
    )
  },

  /** A link to the site's draft that works for `minutes`. */
  async create(deps: PreviewDeps & { now: () => Date }, minutes: number) {
    const { groupKey } = deps.tenant
    const expiresAt = deps.now().getTime() + minutes * 60_000
    const generation = await previewGeneration(deps.db, groupKey)
    const token = deps.signer.sign({ purpose: PREVIEW_PURPOSE, groupKey, expiresAt, generation })
    const url = new URL('/', deps.tenant.publicUrl)
    url.searchParams.set('version', WORKING)
    url.searchParams.set('preview_token', token)
    return { token, url: url.href, expiresAt: new Date(expiresAt).toISOString() }
  },

  /** Ends every preview link of the tenant made until now (new links work). */
  async revoke(db: Queryable, groupKey: string): Promise<void> {
    await nextPreviewGeneration(db, groupKey)
  },
}
