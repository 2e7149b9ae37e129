/**
 * The site the engine serves registers its shapes here, as TanStack Router's `Register` does, by
 * augmenting the engine's public entry (which exports this interface):
 *
 *     declare module '#engine' {
 *       interface Register {
 *         site: {
 *           content: CmsContent
 *           session: AuthSession
 *           config: PublicConfig
 *           pageId: PageId
 *           layoutKey: LayoutKey
 *           staffRole: StaffRole
 *         }
 *       }
 *     }
 *
 * The engine's types (a block's context, data sources, the registry's keys: engine/site.ts) and
 * the contracts' access rules (the staff roles: contract.ts) flow from it; neither imports any of
 * the site's shapes. It sits with the engine's shapes, below the engine, so that the contracts can
 * read it too.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the site's declaration
export interface Register {}
