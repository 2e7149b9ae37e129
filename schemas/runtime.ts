import { z } from './engine/zod.ts'
import { monitoringConfigSchema } from './engine/monitoring.ts'

/** `GET /api/auth`: the visitor's session as the site sees it. */
export const authSessionSchema = z.object({
  isAuthenticated: z.boolean(),
  email: z.optional(z.string()),
  role: z.optional(z.enum(['member', 'editor'])),
})
export type AuthSession = z.infer<typeof authSessionSchema>

/** Public runtime configuration: the only part of the server's settings that reaches the browser. */
export const publicConfigSchema = z.object({
  companyName: z.string().check(z.describe('Company name on the copyright line')),
  officeLoginUrl: z.optional(z.string()).check(z.describe('Address of the external office login')),
  publicUrl: z.string().check(z.describe('The tenant site public address')),
  siteSlug: z.string().check(z.describe('Links containing it are reduced to their last path segment')),
  idleAuthMilliseconds: z.number().check(z.int(), z.positive()),
  idleSessionMilliseconds: z.number().check(z.int(), z.positive()),
  enableRecaptcha: z.boolean(),
  recaptchaSiteKey: z.optional(z.string()),
  buildId: z.string(),
  paymentFields: z
    .object({
      origin: z.optional(z.string()).check(z.describe('Origin of the processor’s hosted card fields')),
      port: z
        .optional(z.number().check(z.int()))
        .check(z.describe('Or: their port, on the host name the visitor uses')),
    })
    .check(z.describe('Where the browser loads the payment processor’s hosted card fields from')),
  monitoring: z
    .optional(monitoringConfigSchema)
    .check(z.describe('Real-user monitoring; absent when it is not configured')),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
