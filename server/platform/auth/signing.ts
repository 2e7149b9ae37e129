import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'
import type { Database } from '../db/database.ts'
import { keptSecret, offerSecret } from '../db/settings-store.ts'

/** The signing secret: APP_SECRET when set, else one generated once and kept with the data. */
export async function loadSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured
  const candidate = randomBytes(32).toString('base64url')
  await offerSecret(db, candidate)
  const row = await keptSecret(db)
  return row?.value ?? candidate
}

/** `generation`: a preview link's, so that a tenant can end every link made before (server/features/content/preview-links.ts). */
const payloadSchema = z.object({
  purpose: z.string(),
  groupKey: z.string(),
  expiresAt: z.number(),
  generation: z.optional(z.number()),
  /** What the token acts on (a membership's id: the renewal notice's link, server/features/members/renewal-links.ts). */
  subject: z.optional(z.string()),
})
export type SignedPayload = z.infer<typeof payloadSchema>

/** Signed, expiring tokens (a preview link): `base64url(payload).hmac`. */
export function createSigner(secret: string) {
  const mac = (data: string) => createHmac('sha256', secret).update(data).digest('base64url')
  return {
    /**
     * A MAC of `data` for one purpose (a csrf token bound to a session): the purpose is part of
     * what is signed, so a tag made for one purpose never verifies for another.
     */
    tag(purpose: string, data: string): string {
      return mac(`${purpose}\n${data}`)
    },
    sign(payload: SignedPayload): string {
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url')
      return `${data}.${mac(data)}`
    },
    /** The payload of a valid, unexpired token for this purpose and tenant, else undefined. */
    verify(token: string | undefined, purpose: string, groupKey: string, now = Date.now()): SignedPayload | undefined {
      const [data, signature] = (token ?? '').split('.')
      if (!data || !signature) return undefined
      const expected = Buffer.from(mac(data))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
      let decoded: unknown
      try {
        decoded = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'))
      } catch {
        return undefined
      }
      const payload = payloadSchema.safeParse(decoded)
      if (
        !payload.success ||
        payload.data.purpose !== purpose ||
        payload.data.groupKey !== groupKey ||
        payload.data.expiresAt < now
      )
        return undefined
      return payload.data
    },
  }
}
export type Signer = ReturnType<typeof createSigner>
