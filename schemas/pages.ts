import { z } from './engine/zod.ts'
import { manifestSchemaOf } from './engine/manifest.ts'

/** Every page identifier of the dental site. A page's block is registered under its identifier. */
export const pageIdSchema = z.enum([
  'home',
  'faq',
  'terms',
  'arizona',
  'privacy',
  'support',
  'join-now',
  'checkout',
  'checkout-payment',
  'checkout-add-member',
  'checkout-create-account',
  'checkout-edit-member',
  'dashboard',
  'renewal',
  'directory',
  'member-login',
  'reset-password',
  'find-a-dentist',
  'grievance-form',
  'grievance-status',
  'savings-summary',
  'office',
  'landing',
])
export type PageId = z.infer<typeof pageIdSchema>

/** The dental site's manifest schema: the engine's, with the site's page identifiers. */
export const siteManifestSchema = manifestSchemaOf(pageIdSchema)
