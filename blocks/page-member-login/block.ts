import { defineBlock } from '#engine'
import * as component from './page-member-login.tsx'

/** Sign-in (`member-login`) and password reset (`reset-password`): one page in two states, as the specification says. */
export const pageMemberLogin = defineBlock({
  name: 'page-member-login',
  title: 'Member login and password reset',
  description: 'Sign in with email and password; ask for a reset link; choose a new password from the mailed link.',
  schema: () => import('./props.ts').then((module) => module.pageMemberLoginPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.memberLoginSettingsSchema),
  sharedSettings: true,
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
  load: () => component,
})
