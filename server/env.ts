import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1')

/** Every setting of the server, read once at start-up. `.env.example` lists each with its default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the tenants' content files (one folder per group_key). */
  CONTENT_DIR: z.string().default('site-config/tenants'),
  /** Idle limits of a signed-in member, in milliseconds: sign out, then also reload. */
  IDLE_AUTH_MS: z.coerce.number().int().positive().default(15 * 60_000),
  IDLE_SESSION_MS: z.coerce.number().int().positive().default(60 * 60_000),
  ENABLE_RECAPTCHA: bool.default(false),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  /** Identifies the deployed build; browsers reload when it changes. Default: derived from the build. */
  BUILD_ID: z.string().optional(),
})
export type Env = z.infer<typeof envSchema>

/** Parses the environment; a bad setting stops the start with a message naming it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
  throw new Error(`Invalid configuration: ${problems}`)
}
