import { callApi, useSetSession, type SiteSession } from '#engine'
import { useApiMutation } from '#engine/mutation'
import type { LoginRequest } from '#schemas/api/session.ts'
import { sessionApi } from '#schemas/api/session.routes.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import { sandboxCaptchaProvider, type CaptchaProvider } from './recaptcha.ts'

/** The sign-in's headers: the bot-check token in `x-recaptcha-token` when the site enables it. */
export async function signInHeaders(
  config: Pick<PublicConfig, 'enableRecaptcha'>,
  captcha: CaptchaProvider = sandboxCaptchaProvider,
): Promise<Record<string, string>> {
  return config.enableRecaptcha ? { 'x-recaptcha-token': await captcha.token('login') } : {}
}

/**
 * Signs in from an app without the engine's context (the playground's own sign-in); a site's
 * block signs in with `useSignIn`. The contract's schemas (and zod) load with the sign-in.
 */
export async function signIn(
  credentials: LoginRequest,
  config: Pick<PublicConfig, 'enableRecaptcha'>,
  captcha?: CaptchaProvider,
) {
  return callApi(sessionApi.login, { body: credentials }, { headers: await signInHeaders(config, captcha) })
}

/**
 * Sign-in for blocks: a mutation of the login contract (its schemas, and zod, load with the first
 * sign-in, not with every page) that updates the session the site shows, then awaits `then` (the
 * navigation that follows), so the sign-in is pending until the member has moved on.
 */
export function useSignIn(
  config: Pick<PublicConfig, 'enableRecaptcha'>,
  captcha?: CaptchaProvider,
  then?: (session: SiteSession) => unknown,
) {
  const setSession = useSetSession()
  return useApiMutation(sessionApi.login, {
    headers: () => signInHeaders(config, captcha),
    onSuccess: async (session) => {
      setSession(session)
      await then?.(session)
    },
  })
}
