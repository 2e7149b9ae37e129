import { readFileSync } from 'node:fs'
import path from 'node:path'
import { passwordProblems } from '#schemas/password-rules.ts'
import { projectRoot } from '../paths.ts'

export const COMMON_PASSWORD = 'This password is too common: choose another (a few unrelated words make a strong one)'

/** The list (read at run time, as the migrations are: the built server reads it from the project). */
const LIST = path.join(projectRoot, 'server/auth/common-passwords.txt')
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
  return common.has(typed) || common.has(bare)
}

/** What is wrong with a new password: the shared rules, then the list (existing passwords are never checked again). */
export function newPasswordProblems(password: string, email?: string): string[] {
  const problems = passwordProblems(password, email)
  return problems.length === 0 && isCommonPassword(password) ? [COMMON_PASSWORD] : problems
}
