import { z } from '#schemas/engine/zod.ts'
import {
  fillPasswordChanged,
  passwordChangedMailSchema,
  resetMailsSchema,
  type ResetMails,
} from '#schemas/account-mail.ts'
import { fillText } from '#schemas/fill-text.ts'
import type { Tenant } from '#schemas/tenant.ts'
import { languagesOf, SITE_LANGUAGE, type DbContentService } from '../content/index.ts'

const wording = z.catch(passwordChangedMailSchema, passwordChangedMailSchema.parse({}))

/** The mail after a change of password from the dashboard, in the words of the dashboard's settings (content). */
export async function passwordChangedMail(
  deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> },
  firstName: string,
  /** The account's language (null: the site's default). */
  language: string | null,
): Promise<{ subject: string; text: string }> {
  const { tenant } = deps
  const content = await deps.content.get(tenant.groupKey, undefined, language ?? undefined)
  const settings = wording.parse(content.pages.dashboard ?? {})
  const values = {
    firstName,
    company: tenant.companyName,
    // The tenant's configured address, never the request's Host header (as accounts.ts's linkTo).
    resetLink: new URL('/reset-password', tenant.publicUrl).href,
    phone: content.header.variables.header_phone_number ?? '',
  }
  return {
    subject: fillPasswordChanged(settings.mail_password_changed_subject, values),
    text: fillPasswordChanged(settings.mail_password_changed_body, values),
  }
}

const resetWording = z.catch(resetMailsSchema, resetMailsSchema.parse({}))

/**
 * The mails of a forgotten password in each language the tenant publishes (`pages.member-login`),
 * filled with the tenant's: read before the account is looked up, so that the work is the same
 * whether an account uses the address or not (and whatever its language).
 */
export async function resetMails(deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> }) {
  const { tenant } = deps
  const content = await deps.content.get(tenant.groupKey)
  const byLanguage = new Map<string, ResetMails>()
  for (const code of languagesOf(content))
    byLanguage.set(
      code,
      resetWording.parse(
        (code === SITE_LANGUAGE ? content : await deps.content.get(tenant.groupKey, undefined, code)).pages[
          'member-login'
        ] ?? {},
      ),
    )
  const common = { company: tenant.companyName, reset_link: new URL('/reset-password', tenant.publicUrl).href }
  /** The mails in `language` (the default's for null, or a language the tenant no longer publishes). */
  return (language: string | null) => {
    const words = byLanguage.get(language ?? SITE_LANGUAGE) ?? byLanguage.get(SITE_LANGUAGE) ?? resetWording.parse({})
    return {
      link: (firstName: string, minutes: number, link: string) => ({
        subject: fillText(words.mail_reset_subject, common),
        text: fillText(words.mail_reset_body, { ...common, first_name: firstName, minutes: String(minutes), link }),
      }),
      deactivated: (firstName: string) => ({
        subject: fillText(words.mail_reset_subject, common),
        text: fillText(words.mail_reset_deactivated_body, { ...common, first_name: firstName }),
      }),
      unknown: () => ({
        subject: fillText(words.mail_reset_subject, common),
        text: fillText(words.mail_reset_unknown_body, common),
      }),
      done: () => ({
        subject: fillText(words.mail_reset_done_subject, common),
        text: fillText(words.mail_reset_done_body, common),
      }),
    }
  }
}
