import { z } from 'zod'
import { monitoringConfigSchema } from './monitoring.ts'

/** `GET /api/auth`: the visitor's session as the site sees it. */
export const authSessionSchema = z.object({
  isAuthenticated: z.boolean(),
  email: z.string().optional(),
  role: z.enum(['member', 'editor']).optional(),
})
export type AuthSession = z.infer<typeof authSessionSchema>

export const SIGNED_OUT: AuthSession = { isAuthenticated: false }

/** Every API error answers this shape, with a fitting status. Never a stack trace. */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** Public runtime configuration: the only part of the server's settings that reaches the browser. */
export const publicConfigSchema = z.object({
  companyName: z.string().describe('Company name on the copyright line'),
  officeLoginUrl: z.string().optional().describe('Address of the external office login'),
  publicUrl: z.string().describe('The tenant site public address'),
  siteSlug: z.string().describe('Links containing it are reduced to their last path segment'),
  idleAuthMilliseconds: z.number().int().positive(),
  idleSessionMilliseconds: z.number().int().positive(),
  enableRecaptcha: z.boolean(),
  recaptchaSiteKey: z.string().optional(),
  buildId: z.string(),
  paymentFields: z
    .object({
      origin: z.string().optional().describe('Origin of the processor’s hosted card fields'),
      port: z.number().int().optional().describe('Or: their port, on the host name the visitor uses'),
    })
    .describe('Where the browser loads the payment processor’s hosted card fields from'),
  monitoring: monitoringConfigSchema.optional().describe('Real-user monitoring; absent when it is not configured'),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
