// The password rules without zod: the forms show them while typing (no zod in a page's start).
// ASVS 5.0 §6.2: a length rule and no composition rule. The check against common passwords needs
// the list, which stays on the server (server/platform/auth/common-passwords.ts): it answers at the field.

/** At least 12 characters (ASVS asks for 8 and recommends 15); at most 128. Counted in characters, not bytes. */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128
const length = (password: string) => Array.from(password).length

/** The fewest different characters a password may have ("aaaaaaaaaaaa" and "abababababab" have one and two). */
const MIN_DISTINCT = 5
/** Orders a person types along: the alphabet, the digits (9 then 0 on a keyboard) and the keyboard's rows. */
const ORDERS = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm']
/** The shortest run of neighbours ("abc", "321", "qwe") a password made only of runs is refused for. */
const MIN_RUN = 3

const neighbours = (a: string, b: string) =>
  a === b || ORDERS.some((order) => order.includes(a + b) || order.includes(b + a))

/** Whether the characters are something shorter typed twice or more ("abcdeabcdeab": "abcde" again and again). */
const repeated = (chars: readonly string[]) => {
  for (let period = 1; period <= chars.length / 2; period++)
    if (chars.every((char, index) => index < period || char === chars[index - period])) return true
  return false
}

/** Whether the characters are only runs of neighbours in a typing order ("123456789012", "abcdefghijkl", "qwerty123456"). */
const sequence = (chars: readonly string[]) => {
  let run = 1
  for (let index = 1; index < chars.length; index++) {
    if (neighbours(chars[index - 1]!, chars[index]!)) run++
    else if (run < MIN_RUN) return false
    else run = 1
  }
  return run >= MIN_RUN
}

/**
 * Whether a password is a trivial pattern: too few different characters, or (lower-cased, without
 * separators and symbols) something short repeated or a plain sequence. Each is among an attacker's
 * first guesses, however long it is.
 */
export function trivialPattern(password: string): boolean {
  const typed = password.normalize('NFKC').toLowerCase()
  if (new Set(typed).size < MIN_DISTINCT) return true
  const core = Array.from(typed.replace(/[^\p{L}\p{N}]/gu, ''))
  return core.length > 1 && (repeated(core) || sequence(core))
}

/** What a trivial pattern's refusal says (what to do instead, too). */
export const TRIVIAL_PASSWORD =
  'Do not repeat a character or a pattern, nor type a sequence (aaaa, abcabc, 1234, qwerty): use a few unrelated words'

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
  {
    message: TRIVIAL_PASSWORD,
    broken: trivialPattern,
  },
]

/** The rules a password breaks (none: it is good, unless the server finds it common or made of the site’s name). */
export const passwordProblems = (password: string, email?: string): string[] =>
  PASSWORD_RULES.filter((rule) => rule.broken(password, email)).map((rule) => rule.message)
