import { z } from '#schemas/engine/zod.ts'
import { fillText } from '#schemas/fill-text.ts'
import { membershipMailsSchema, type MembershipMailKind } from '#schemas/membership-mails.ts'
import { formatPhone } from '#schemas/phone.ts'
import { contentLanguageAssistance, withLanguageAssistance } from '#schemas/language-assistance.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { CmsContent } from '#schemas/cms.ts'
import { languagesOf, SITE_LANGUAGE, type DbContentService } from '../content/index.ts'
import type { Queryable } from '../../platform/db/database.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'

import { longDate } from '#schemas/zoned-days.ts'
import { dollars } from '../plans/index.ts'

export { longDate }

/** A period as a receipt names it, in the membership's time zone: `December 5, 2026 to January 5, 2027`. */
export const periodWords = (start: Date, end: Date, timeZone: string) =>
  `${longDate(start, timeZone)} to ${longDate(end, timeZone)}`

export interface MembershipMailDeps {
  mailer: Mailer
  content: Pick<DbContentService, 'get'>
}

export interface MembershipMailValues {
  to: string
  firstName: string
  /** The member's language (null: the site's default): the mail's words and dates are in it. */
  language: string | null
  plan: string
  /** The membership's time zone: its dates are written as the days they fall on there. */
  timeZone?: string | undefined
  amountCents?: number | undefined
  date?: Date | undefined
  card?: string | undefined
  receiptId?: number | undefined
  retryDate?: Date | undefined
  /** The price before a change (the price-change notice). */
  previousAmountCents?: number | undefined
  /** The renewal notice's one-click link that turns renewal off (server/features/members/renewal-link-url.ts). */
  renewalOffUrl?: string | undefined
  /** The ID cards' lines (the ID cards' mail). */
  cards?: string | undefined
  /** What a receipt was for, and what was refunded of it (a receipt's mail). */
  description?: string | undefined
  refundedCents?: number | undefined
  /** What the next renewal charges (a reinstatement's mail). */
  renewalAmountCents?: number | undefined
  /** The card's brand and expiry month (the card's mails). */
  brand?: string | undefined
  expiry?: { month: number; year: number } | undefined
  /** How often the membership is charged (the yearly reminder). */
  cycle?: 'monthly' | 'annual' | undefined
  /** Whether the membership renews after a change (its mail's {renewal} sentence, on `date`). */
  renewal?: 'renews' | 'ends' | undefined
}

/** A language's mail words: the content's (translated), or today's where it no longer parses. */
function wordsOf(content: CmsContent) {
  // Content that no longer parses does not stop the mail: the defaults stand in for it.
  const mails = z.catch(membershipMailsSchema, membershipMailsSchema.parse({})).parse(content.pages['dashboard'] ?? {})
  return {
    mails,
    phone: content.header.variables.header_phone_number,
    languageAssistance: contentLanguageAssistance(content),
  }
}

/**
 * The mails' words for a tenant in each language it publishes, read before a transaction that sends
 * one (the content is read outside it; each language's is cached by the content service).
 */
export async function mailWording(deps: Pick<MembershipMailDeps, 'content'>, tenant: Tenant) {
  const content = await deps.content.get(tenant.groupKey)
  const byLanguage = new Map([[SITE_LANGUAGE, wordsOf(content)]])
  for (const code of languagesOf(content))
    if (code !== SITE_LANGUAGE) byLanguage.set(code, wordsOf(await deps.content.get(tenant.groupKey, undefined, code)))
  return {
    tenant,
    /** The words in a member's language; the default's for one the tenant no longer publishes. */
    in: (language: string | null) => {
      const code = language !== null && byLanguage.has(language) ? language : SITE_LANGUAGE
      return { language: code, ...byLanguage.get(code)! }
    },
  }
}
export type MailWording = Awaited<ReturnType<typeof mailWording>>

/**
 * Sends one of a membership's mails in the content's words (`pages.dashboard`, today's wording by
 * default), with the site's language assistance at its end, in the caller's transaction: the mail
 * exists exactly when what it tells of does.
 */
export async function sendMembershipMail(
  mailer: Mailer,
  wording: MailWording,
  kind: MembershipMailKind,
  values: MembershipMailValues,
  tx?: Queryable,
): Promise<void> {
  const { tenant } = wording
  const { language, mails, phone, languageAssistance } = wording.in(values.language)
  const fields = {
    first_name: values.firstName,
    plan: values.plan,
    amount: values.amountCents === undefined ? '' : dollars(values.amountCents),
    date: values.date ? longDate(values.date, values.timeZone, language) : '',
    card: values.card ?? '',
    receipt: values.receiptId === undefined ? '' : String(values.receiptId),
    retry_date: values.retryDate ? longDate(values.retryDate, values.timeZone, language) : '',
    previous_amount: values.previousAmountCents === undefined ? '' : dollars(values.previousAmountCents),
    dashboard: new URL('/dashboard', tenant.publicUrl).toString(),
    renewal_off: values.renewalOffUrl ?? new URL('/dashboard', tenant.publicUrl).toString(),
    phone: phone ? formatPhone(phone) : mails.mail_phone_fallback,
    cards: values.cards ?? '',
    description: values.description ?? '',
    refunded: values.refundedCents === undefined ? '' : dollars(values.refundedCents),
    renewal_amount: values.renewalAmountCents === undefined ? '' : dollars(values.renewalAmountCents),
    brand: values.brand ?? '',
    expiry: values.expiry ? `${String(values.expiry.month).padStart(2, '0')}/${values.expiry.year}` : '',
    frequency: values.cycle === 'annual' ? mails.mail_year : mails.mail_month,
    renewal: '',
  }
  if (values.renewal) fields.renewal = fillText(mails[`mail_changed_${values.renewal}`], fields)
  await mailer.send(
    {
      groupKey: tenant.groupKey,
      to: values.to,
      subject: fillText(mails[`mail_${kind}_subject`], fields),
      text: withLanguageAssistance(fillText(mails[`mail_${kind}_body`], fields), languageAssistance),
    },
    tx,
  )
}
