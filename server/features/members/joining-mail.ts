import { withLanguageAssistance } from '#schemas/language-assistance.ts'
import { fillText } from '#schemas/fill-text.ts'
import { mailWording } from './membership-mail.ts'
import { z } from '#schemas/engine/zod.ts'
import { AUTO_RENEWAL_TERMS, fillTerms } from '#schemas/membership-terms.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { DbContentService } from '../content/index.ts'
import type { Queryable } from '../../platform/db/database.ts'
import type { CheckoutState } from '#schemas/api/checkout.ts'
import { memberNumber } from './members.ts'
import { recordConsent } from './membership-store.ts'

import { longDate } from '#schemas/zoned-days.ts'
import { dollars } from '../plans/index.ts'

/**
 * The auto-renewal terms as the payment step shows them beside their consent: the content's words
 * (`pages.checkout-payment.auto_renewal_terms`, the policy's numbers filled as content is read)
 * with the order's cycle, renewal price, first renewal date (in `timeZone`) and the phone, in the
 * page's `language` (its translation, its dates), as the page showed them. The checkout records
 * this text with the consent, and the confirmation mail repeats it.
 */
export async function autoRenewalTerms(
  deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> },
  order: {
    renewalCents: number
    renews: Date
    cycle: 'monthly' | 'annual'
    timeZone: string
    language?: string | null | undefined
  },
) {
  const content = await deps.content.get(deps.tenant.groupKey, undefined, order.language ?? undefined)
  const settings = z
    .catch(z.object({ auto_renewal_terms: z.optional(z.string().check(z.minLength(1))) }), {})
    .parse(content.pages['checkout-payment'] ?? {})
  return fillTerms(settings.auto_renewal_terms ?? AUTO_RENEWAL_TERMS, {
    cycle: order.cycle,
    price: dollars(order.renewalCents),
    renewsOn: longDate(order.renews, order.timeZone, order.language ?? undefined),
    phone: content.header.variables.header_phone_number ?? '',
  })
}

/**
 * The consent to the automatic renewal terms, on the member's new membership (the checkout's, or
 * one bought again from the dashboard): its time and the exact text shown beside its box
 * (California's Automatic Renewal Law, as amended by AB 2863, asks the business to keep it).
 */
export async function recordRenewalConsent(
  tx: Queryable,
  groupKey: string,
  memberId: number,
  consent: { at: Date; terms: string },
) {
  await recordConsent(tx, groupKey, memberId, consent.at, consent.terms)
}

/**
 * The confirmation mail: what was bought and paid, the member number, and the auto-renewal terms
 * with how to cancel, in the words the payment step showed beside the consent (`terms`: the text
 * consented to, when the caller has it; otherwise filled here the same way); its own words the
 * content's (`pages.dashboard`'s `mail_joined_*`) in the member's language.
 */
export async function confirmationMail(
  deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> },
  order: {
    terms?: string
    account: Pick<NonNullable<CheckoutState['account']>, 'firstName' | 'lastName'>
    planName: string
    price: NonNullable<CheckoutState['price']>
    renewalCents: number
    renews: Date
    cardLast4: string
    cycle: 'monthly' | 'annual'
    members: readonly Pick<CheckoutState['members'][number], 'id' | 'firstName' | 'lastName'>[]
    /** The member's language: the mail's words, the terms and the language assistance in it. */
    language?: string | null | undefined
    /** Bought again from the dashboard: welcomed back. */
    rejoined?: boolean
  },
) {
  const { tenant } = deps
  const terms = order.terms ?? (await autoRenewalTerms(deps, { ...order, timeZone: order.price.timeZone }))
  const { price } = order
  const { mails, languageAssistance } = (await mailWording(deps, tenant)).in(order.language ?? null)
  const nameOf = (memberId: number | null) => {
    const person = memberId === null ? order.account : order.members.find((member) => member.id === memberId)
    return person ? `${person.firstName} ${person.lastName}` : order.account.firstName
  }
  const lines = [
    ...price.lines.map((line) => `  ${nameOf(line.memberId)} (${line.planName}): ${dollars(line.amountCents)}`),
    ...(price.enrollmentFeeCents
      ? [`  ${fillText(mails.mail_joined_fee_line, { amount: dollars(price.enrollmentFeeCents) })}`]
      : []),
    ...(price.discountCents
      ? [`  ${fillText(mails.mail_joined_discount_line, { amount: dollars(price.discountCents) })}`]
      : []),
  ].join('\n')
  const values = { company: tenant.companyName, plan: order.planName }
  // The mail once the order's member and receipt exist (in the order's transaction).
  return ({ memberId, receiptId }: { memberId: number; receiptId: number }) => ({
    subject: fillText(order.rejoined ? mails.mail_rejoined_subject : mails.mail_joined_subject, values),
    text: withLanguageAssistance(
      fillText(mails.mail_joined_body, {
        ...values,
        first_name: order.account.firstName,
        member_number: memberNumber(tenant.groupKey, memberId),
        receipt: receiptId,
        amount: dollars(price.totalCents),
        card: order.cardLast4,
        lines,
        terms,
        dashboard: `${tenant.publicUrl.replace(/\/$/, '')}/dashboard`,
      }),
      languageAssistance,
    ),
  })
}
