import { useQueryClient } from '@tanstack/react-query'
import type { LoginRequest } from '#schemas/api/session.ts'
import type { PublicConfig } from '#schemas/runtime.ts'
import { callApi } from './api.ts'
import { sessionQuery } from './data-sources.ts'
import { useEngine } from './engine-context.tsx'

/** The bot check's browser side: a token for an action (reCAPTCHA Enterprise's execute). */
export interface CaptchaProvider {
  token(action: string): Promise<string>
}

/**
 * The sandbox provider (no bot-check service is reachable here): hands out tokens the server's
 * sandbox verifier accepts.
 */
export const sandboxCaptchaProvider: CaptchaProvider = {
  token: () => Promise.resolve(`sandbox-pass-${Math.random().toString(36).slice(2, 12)}`),
}

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
export function useSignIn(captcha?: CaptchaProvider) {
  const queryClient = useQueryClient()
  const { config, sources } = useEngine()
  return async (credentials: LoginRequest) => {
    const session = await signIn(credentials, config, captcha)
    queryClient.setQueryData(sessionQuery(sources).queryKey, session)
    return session
  }
}
