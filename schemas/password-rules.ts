// The password rules without zod: the forms show them while typing (no zod in a page's start).

/** The password rules, shown while typing and enforced by the server: each with the sentence a person reads. */
export const PASSWORD_RULES: readonly { message: string; broken: (password: string, email?: string) => boolean }[] = [
  { message: 'Use at least 10 characters', broken: (password) => password.length < 10 },
  { message: 'Use at most 128 characters', broken: (password) => password.length > 128 },
  {
    message: 'Mix at least three of: lower-case letters, capitals, digits, symbols',
    broken: (password) => [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length < 3,
  },
  {
    message: 'Do not use your email address in the password',
    broken: (password, email) => Boolean(email && password.toLowerCase().includes(email.split('@')[0]!.toLowerCase())),
  },
]

/** The rules a password breaks (none: it is good). */
export const passwordProblems = (password: string, email?: string): string[] => PASSWORD_RULES.filter((rule) => rule.broken(password, email)).map((rule) => rule.message)
