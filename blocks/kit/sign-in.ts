import { callApi, useSetSession, type SiteSession } from '#engine'
import type { LoginRequest } from '#schemas/api/session.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import { sandboxCaptchaProvider, type CaptchaProvider } from './recaptcha.ts'

/** Signs in; sends the bot-check token in `x-recaptcha-token` when the site enables it. */
export async function signIn(
  credentials: LoginRequest,
  config: Pick<PublicConfig, 'enableRecaptcha'>,
  captcha: CaptchaProvider = sandboxCaptchaProvider,
) {
  const headers: Record<string, string> = config.enableRecaptcha
    ? { 'x-recaptcha-token': await captcha.token('login') }
    : {}
  // The contract's schemas (and zod) load with the sign-in, not with every page.
  const { sessionApi } = await import('#schemas/api/session.ts')
  return callApi(sessionApi.login, { body: credentials }, { headers })
}

/** Sign-in for blocks: signs in and updates the session the site shows. */
export function useSignIn(config: Pick<PublicConfig, 'enableRecaptcha'>, captcha?: CaptchaProvider) {
  const setSession = useSetSession()
  return async (credentials: LoginRequest): Promise<SiteSession> => {
    const session = await signIn(credentials, config, captcha)
    setSession(session)
    return session
  }
}
