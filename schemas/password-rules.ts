// The password rules without zod: the forms show them while typing (no zod in a page's start).
// ASVS 5.0 §6.2: a length rule and no composition rule. The check against common passwords needs
// the list, which stays on the server (server/platform/auth/common-passwords.ts): it answers at the field.

/** At least 12 characters (ASVS asks for 8 and recommends 15); at most 128. Counted in characters, not bytes. */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128
const length = (password: string) => Array.from(password).length

/** The password rules, shown while typing and enforced by the server: each with the sentence a person reads. */
export const PASSWORD_RULES: readonly { message: string; broken: (password: string, email?: string) => boolean }[] = [
  {
    message: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
    broken: (password) => length(password) < PASSWORD_MIN_LENGTH,
  },
  {
    message: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
    broken: (password) => length(password) > PASSWORD_MAX_LENGTH,
  },
  {
    message: 'Do not use your email address in the password',
    broken: (password, email) => Boolean(email && password.toLowerCase().includes(email.split('@')[0]!.toLowerCase())),
  },
]

/** The rules a password breaks (none: it is good, unless the server finds it on its list of common passwords). */
export const passwordProblems = (password: string, email?: string): string[] =>
  PASSWORD_RULES.filter((rule) => rule.broken(password, email)).map((rule) => rule.message)
