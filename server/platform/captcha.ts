/**
 * The bot check on sign-in (reCAPTCHA Enterprise when ENABLE_RECAPTCHA is on). It cannot be
 * reached from here, so it sits behind this interface.
 */
export interface CaptchaVerifier {
  /** Whether the browser's token proves a human for this action. */
  verify(token: string, action: string): Promise<boolean>
}

/**
 * The sandbox verifier: accepts tokens of the form `sandbox-pass-…` (what the browser's sandbox
 * provider hands out) and refuses everything else, so both paths can be tested.
 */
export const sandboxCaptcha: CaptchaVerifier = {
  verify: (token) => Promise.resolve(/^sandbox-pass-[A-Za-z0-9_-]{6,}$/.test(token)),
}
