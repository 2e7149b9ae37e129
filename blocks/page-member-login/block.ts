import { defineBlock, type PageGuard } from '#engine'
import { isMember } from '#schemas/member.ts'
import * as component from './page-member-login.tsx'

/**
 * A signed-in member asking for a reset link belongs on the dashboard; one who opened a mailed
 * link (a token) stays, and is asked whether to sign out and set the new password.
 */
const guard: PageGuard = ({ page, search, session, pathTo }) =>
  page === 'reset-password' && !search.token && isMember(session) ? pathTo('dashboard') : undefined

/** Sign-in (`member-login`) and password reset (`reset-password`): one page in two states, as the specification says. */
export const pageMemberLogin = defineBlock({
  name: 'page-member-login',
  title: 'Member login and password reset',
  description: 'Sign in with email and password; ask for a reset link; choose a new password from the mailed link.',
  schema: () => import('./props.ts').then((module) => module.pageMemberLoginPropsSchema),
  settings: () => import('./settings.ts').then((module) => module.memberLoginSettingsSchema),
  sharedSettings: true,
  guard,
  select: (context) => ({
    // Both pages share the texts of the sign-in page.
    settings: context.content.pages['member-login'] ?? {},
    mode: context.page === 'reset-password' ? ('reset' as const) : ('sign-in' as const),
    // Parsed by the routes' search schemas (a same-site redirect, a well-formed token).
    token: typeof context.query.token === 'string' ? context.query.token : undefined,
    signedIn: isMember(context.session),
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
