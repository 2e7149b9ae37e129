import { z } from 'zod'
import { defineBlock } from '#engine'
import { redirectSearchSchema, resetSearchSchema } from '#schemas/search.ts'

const text = (value: string, description: string) => z.string().trim().min(1).max(400).default(value).describe(description)

/** The texts of the sign-in and password-reset pages, from content (`pages.member-login`). */
export const memberLoginSettingsSchema = z.object({
  heading: text('Member login', 'Sign-in heading'),
  intro: text('Sign in to see your membership, ID cards, receipts and dependents.', 'Text under the heading'),
  submit: text('Sign in', 'Sign-in button'),
  forgot: text('Forgot your password?', 'Link to reset the password'),
  office_login: text('Dental office? Sign in to the office portal', 'Link to the office login'),
  join_prompt: text('Not a member yet?', 'Text before the join link'),
  join_link: text('See plans and join', 'Join link text'),
  reset_heading: text('Reset your password', 'Reset heading (asking for the email)'),
  reset_intro: text('Enter the email address of your account. We will send you a link to choose a new password.', 'Reset text'),
  reset_submit: text('Send the link', 'Reset button'),
  new_password_heading: text('Choose a new password', 'Heading when the mailed link is opened'),
  new_password_submit: text('Save the new password', 'New password button'),
  back_to_sign_in: text('Back to sign in', 'Link back to the sign-in form'),
})
export type MemberLoginSettings = z.output<typeof memberLoginSettingsSchema>

export const pageMemberLoginPropsSchema = z.object({
  settings: memberLoginSettingsSchema.prefault({}),
  /** `reset-password` shows the reset state; with a token, the new-password form. */
  mode: z.enum(['sign-in', 'reset']),
  token: resetSearchSchema.shape.token,
  redirect: redirectSearchSchema.shape.redirect,
  officeLoginUrl: z.string().optional(),
  captchaSiteKey: z.string().optional().describe('reCAPTCHA Enterprise site key, when the bot check is on'),
  paths: z.object({ signIn: z.string(), reset: z.string(), dashboard: z.string(), join: z.string() }),
})
export type PageMemberLoginProps = z.output<typeof pageMemberLoginPropsSchema>

/** Sign-in (`member-login`) and password reset (`reset-password`): one page in two states, as the specification says. */
export const pageMemberLogin = defineBlock({
  name: 'page-member-login',
  title: 'Member login and password reset',
  description: 'Sign in with email and password; ask for a reset link; choose a new password from the mailed link.',
  schema: pageMemberLoginPropsSchema,
  settings: memberLoginSettingsSchema,
  select: (context) => ({
    // Both pages share the texts of the sign-in page.
    settings: context.content.pages['member-login'] ?? {},
    mode: context.page === 'reset-password' ? ('reset' as const) : ('sign-in' as const),
    // Parsed by the routes' search schemas (a same-site redirect, a well-formed token).
    token: typeof context.query.token === 'string' ? context.query.token : undefined,
    redirect: typeof context.query.redirect === 'string' ? context.query.redirect : undefined,
    officeLoginUrl: context.config.officeLoginUrl,
    captchaSiteKey: context.config.enableRecaptcha ? (context.config.recaptchaSiteKey ?? '') : undefined,
    paths: {
      signIn: context.pathTo('member-login'),
      reset: context.pathTo('reset-password'),
      dashboard: context.pathTo('dashboard'),
      join: context.content.base.variables.plan_url ?? context.pathTo('join-now'),
    },
  }),
  load: () => import('./page-member-login.tsx'),
})
