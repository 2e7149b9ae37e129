import { readFileSync } from 'node:fs'
import path from 'node:path'
import { passwordProblems } from '#schemas/password-rules.ts'
import { projectRoot } from '../../paths.ts'

export const COMMON_PASSWORD = 'This password is too common: choose another (a few unrelated words make a strong one)'
export const BRAND_PASSWORD =
  'This password is made of this site’s name and common words: choose another (a few unrelated words make a strong one)'

/** The fewest letters a password must have beside the site's name and common words (a tenant "Brightway Dental" refuses "Brightway-Dental-2026"). */
const MIN_OWN_LETTERS = 4
/**
 * How many of the list's most common entries are common words beside the site's name (those of 3
 * letters or more): a word's place in the list is the guesses it costs (zxcvbn's measure), so the
 * site's name, guessed first, with one of these ("love", "pass", "sunshine") and a year is a few
 * hundred thousand guesses. "orchid" is further down: "Brightway-Dental-Plan-Orchid" passes.
 */
const COMMON_WORDS = 2000

/** The words of a tenant's name a password must not be made of: its company name's and its group key. */
export function brandWords(tenant: { companyName: string; groupKey: string }): string[] {
  const words = `${tenant.companyName} ${tenant.groupKey}`
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
  return [...new Set(words.filter((word) => word.length >= 3))]
}

/** The list (read at run time, as the migrations are: the built server reads it from the project). */
const LIST = path.join(projectRoot, 'server/platform/auth/common-passwords.txt')
let common: readonly string[] | undefined
let commonSet: ReadonlySet<string> | undefined
let commonWords: ReadonlySet<string> | undefined

/** The list, most common first. */
const commonPasswords = () =>
  (common ??= readFileSync(LIST, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')))

/**
 * Whether a password is on the list of common passwords, as typed or as a common one dressed up
 * with digits and symbols around it ("Password123!" is "password"). Case does not count.
 */
export function isCommonPassword(password: string): boolean {
  commonSet ??= new Set(commonPasswords())
  const typed = password.normalize('NFKC').toLowerCase()
  const bare = typed.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  return commonSet.has(typed) || commonSet.has(bare)
}

/**
 * Whether a password is the site's name dressed up: lower-cased, without separators and digits,
 * it holds a word of the site's name, and fewer than MIN_OWN_LETTERS of its letters are outside
 * the site's words and common words ("Brightway-Dental-2026", "Brightway-Dental-Love-2026").
 */
export function isBrandPassword(password: string, brand: readonly string[]): boolean {
  const letters = Array.from(
    password
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}]/gu, ''),
  )
  const text = letters.join('')
  if (!brand.some((word) => text.includes(word))) return false
  commonWords ??= new Set(
    commonPasswords()
      .slice(0, COMMON_WORDS)
      .filter((entry) => /^\p{L}{3,}$/u.test(entry)),
  )
  const words = new Set([...brand, ...commonWords])
  const longest = Math.max(...Array.from(words, (word) => word.length))
  // own[end]: the fewest letters of the first `end` that no word covers (each word whole).
  const own = [0]
  for (let end = 1; end <= letters.length; end++) {
    let fewest = own[end - 1]! + 1
    for (let start = Math.max(0, end - longest); start < end; start++)
      if (own[start]! < fewest && words.has(letters.slice(start, end).join(''))) fewest = own[start]!
    own.push(fewest)
  }
  return own[letters.length]! < MIN_OWN_LETTERS
}

/**
 * What is wrong with a new password: the shared rules (length, email, trivial patterns), then the
 * list and the tenant's name with common words (`brand`, its `brandWords`). Existing passwords are
 * never checked again.
 */
export function newPasswordProblems(password: string, email?: string, brand: readonly string[] = []): string[] {
  const problems = passwordProblems(password, email)
  if (problems.length > 0) return problems
  if (isCommonPassword(password)) return [COMMON_PASSWORD]
  return isBrandPassword(password, brand) ? [BRAND_PASSWORD] : []
}
