/**
 * The engine's test site (never shipped: only the engine's tests use it). A site of its own, with
 * its content schema, session, configuration, page identifiers and layout keys, registered with
 * the engine as every site registers its shapes: the engine's tests run on no real site's shapes,
 * and none of them imports the dental site's. The registration holds in the engine's own
 * TypeScript program (engine/tsconfig.json), as the dental site's holds in the main one.
 */
import { z } from '#schemas/engine/zod.ts'
import { manifestSchemaOf } from '#schemas/engine/manifest.ts'

/** The test site's pages: what the engine's tests route to. */
export const testPageIdSchema = z.enum([
  'home',
  'office',
  'landing',
  'member-login',
  'faq',
  'dashboard',
  'checkout',
  'checkout-payment',
  'checkout-edit-member',
])
export type TestPageId = z.output<typeof testPageIdSchema>

/** The test site's layout keys: its headers (several variants, one for landing pages) and footers. */
export const testLayoutKeySchema = z.enum([
  '1_header',
  '2_header',
  '3_header',
  '4_header',
  'nx_header_1',
  'landing_header',
  '1_footer',
  '2_footer',
  'nx_footer_1',
])
export type TestLayoutKey = z.output<typeof testLayoutKeySchema>

/** A section of a landing page: the key of its block and its settings. */
const sectionSchema = z.object({ block: z.string(), props: z.optional(z.unknown()) })

export const testContentSchema = z.object({
  title: z.string().check(z.minLength(1)),
  favicon: z.optional(z.string()),
  layout: z.object({ header: testLayoutKeySchema, landing_header: testLayoutKeySchema, footer: testLayoutKeySchema }),
  landing_pages: z.array(
    z.object({ slug: z.string(), title: z.string(), sections: z.optional(z.array(sectionSchema)) }),
  ),
  pages: z.record(z.string(), z.record(z.string(), z.unknown())),
})
export type TestContent = z.output<typeof testContentSchema>

/** Who is signed in: a member, or an editor (who browses the site as a visitor). */
export interface TestSession {
  isAuthenticated: boolean
  email?: string | undefined
  role?: 'member' | 'editor' | undefined
}

/** The test site's public configuration: the engine's own settings, and the tenant's name. */
export interface TestConfig {
  buildId: string
  idleAuthMilliseconds: number
  idleSessionMilliseconds: number
  companyName: string
  siteSlug: string
}

/** The test site's manifest schema: the engine's, with the test site's page identifiers. */
export const testManifestSchema = manifestSchemaOf(testPageIdSchema)

declare module '#engine' {
  interface Register {
    site: {
      content: TestContent
      session: TestSession
      config: TestConfig
      pageId: TestPageId
      layoutKey: TestLayoutKey
    }
  }
}
