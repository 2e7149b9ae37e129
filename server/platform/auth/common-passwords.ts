import { readFileSync } from 'node:fs'
import path from 'node:path'
import { passwordProblems } from '#schemas/password-rules.ts'
import { projectRoot } from '../../paths.ts'

export const COMMON_PASSWORD = 'This password is too common: choose another (a few unrelated words make a strong one)'
export const BRAND_PASSWORD =
  'This password is made of this site’s name: choose another (a few unrelated words make a strong one)'

/** The fewest different characters a password may have ("aaaaaaaaaaaa" and "abababababab" have one and two). */
const MIN_DISTINCT = 5
/** The fewest letters a password must have beside the site's name (a tenant "Brightway Dental" refuses "Brightway-Dental-2026"). */
const MIN_OWN_LETTERS = 4

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
let common: ReadonlySet<string> | undefined

/**
 * Whether a password is on the list of common passwords, as typed or as a common one dressed up
 * with digits and symbols around it ("Password123!" is "password"). Case does not count.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(LIST, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
  const typed = password.normalize('NFKC').toLowerCase()
  const bare = typed.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  return common.has(typed) || common.has(bare) || new Set(typed).size < MIN_DISTINCT
}

/** Whether a password is the site's name dressed up: fewer than MIN_OWN_LETTERS letters beside its words. */
export function isBrandPassword(password: string, brand: readonly string[]): boolean {
  let letters = password.normalize('NFKC').toLowerCase()
  for (const word of brand) letters = letters.replaceAll(word, '')
  return letters.replace(/[^\p{L}]/gu, '').length < MIN_OWN_LETTERS
}

/**
 * What is wrong with a new password: the shared rules, then the list, repeated characters and the
 * tenant's name (`brand`, its `brandWords`). Existing passwords are never checked again.
 */
export function newPasswordProblems(password: string, email?: string, brand: readonly string[] = []): string[] {
  const problems = passwordProblems(password, email)
  if (problems.length > 0) return problems
  if (isCommonPassword(password)) return [COMMON_PASSWORD]
  return isBrandPassword(password, brand) ? [BRAND_PASSWORD] : []
}
