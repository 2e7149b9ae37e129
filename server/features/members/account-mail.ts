import { z } from '#schemas/engine/zod.ts'
import { fillPasswordChanged, passwordChangedMailSchema } from '#schemas/account-mail.ts'
import type { Tenant } from '#schemas/tenant.ts'
import type { DbContentService } from '../content/index.ts'

const wording = z.catch(passwordChangedMailSchema, passwordChangedMailSchema.parse({}))

/** The mail after a change of password from the dashboard, in the words of the dashboard's settings (content). */
export async function passwordChangedMail(
  deps: { tenant: Tenant; content: Pick<DbContentService, 'get'> },
  firstName: string,
): Promise<{ subject: string; text: string }> {
  const { tenant } = deps
  const content = await deps.content.get(tenant.groupKey)
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
