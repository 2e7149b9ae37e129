import type { Tenant } from '#schemas/tenant.ts'
import type { Signer } from '../../platform/auth/signing.ts'

/**
 * The renewal notice's one-click way to turn renewal off (California's Automatic Renewal Law: as
 * easy as joining): a link that names one membership, signed, valid until its renewal date. The
 * page it opens shows the membership and one button; a GET changes nothing (mail scanners open
 * links), the button's POST turns renewal off as the dashboard's switch does (renewal-links.ts).
 */
export const RENEWAL_OFF = 'renewal-off'

export function renewalOffLink(
  signer: Pick<Signer, 'sign'>,
  tenant: Pick<Tenant, 'groupKey' | 'publicUrl'>,
  subscription: { id: number; renews_at: Date },
) {
  const token = signer.sign({
    purpose: RENEWAL_OFF,
    groupKey: tenant.groupKey,
    subject: String(subscription.id),
    expiresAt: subscription.renews_at.getTime(),
  })
  const url = new URL('/renewal', tenant.publicUrl)
  url.searchParams.set('token', token)
  return url.toString()
}
