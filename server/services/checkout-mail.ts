import { z } from '#schemas/engine/zod.ts'
import { AUTO_RENEWAL_TERMS, fillTerms } from '#schemas/membership-terms.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { DbContentService } from '../content/db-content-service.ts'
import { dollars } from './catalog.ts'
import type { Stored } from './checkout.ts'
import { memberNumber } from './members.ts'

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * The confirmation mail: what was bought and paid, the member number, and the auto-renewal terms
 * with how to cancel, in the words the payment step showed beside the consent (from content).
 */
export async function confirmationMail(
  deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> },
  order: {
    account: Pick<NonNullable<Stored['account']>, 'firstName' | 'lastName'>
    planName: string
    price: NonNullable<Stored['price']>
    renewalCents: number
    renews: Date
    cardLast4: string
    cycle: 'monthly' | 'annual'
    members: readonly Pick<Stored['members'][number], 'id' | 'firstName' | 'lastName'>[]
  },
) {
  const { tenant } = deps
  const content = await deps.content.get(tenant.groupKey)
  const settings = z
    .catch(z.object({ auto_renewal_terms: z.optional(z.string().check(z.minLength(1))) }), {})
    .parse(content.pages['checkout-payment'] ?? {})
  const phone = content.header.variables.header_phone_number ?? ''
  const terms = fillTerms(settings.auto_renewal_terms ?? AUTO_RENEWAL_TERMS, {
    cycle: order.cycle,
    price: dollars(order.renewalCents),
    renewsOn: longDate(order.renews),
    phone,
  })
  const { price } = order
  const nameOf = (memberId: number | null) => {
    const person = memberId === null ? order.account : order.members.find((member) => member.id === memberId)
    return person ? `${person.firstName} ${person.lastName}` : 'Member'
  }
  // The text once the order's member and receipt exist (in the order's transaction).
  return ({ memberId, receiptId }: { memberId: number; receiptId: number }) =>
    [
      `Hello ${order.account.firstName},`,
      '',
      `Your ${order.planName} membership is active. Your member number is ${memberNumber(tenant.groupKey, memberId)}.`,
      '',
      `Receipt ${receiptId}: ${dollars(price.totalCents)} charged to the card ending ${order.cardLast4}.`,
      ...price.lines.map((line) => `  ${nameOf(line.memberId)} (${line.planName}): ${dollars(line.amountCents)}`),
      ...(price.enrollmentFeeCents ? [`  Enrollment fee: ${dollars(price.enrollmentFeeCents)}`] : []),
      ...(price.discountCents ? [`  Discount: -${dollars(price.discountCents)}`] : []),
      '',
      'Automatic renewal and how to cancel:',
      terms,
      '',
      `Your ID cards and receipts are on your dashboard: ${tenant.publicUrl.replace(/\/$/, '')}/dashboard`,
    ].join('\n')
}
