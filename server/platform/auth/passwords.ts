import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { z } from '#schemas/engine/zod.ts'

/**
 * Password hashing with scrypt (memory-hard; OWASP's parameters N=2^17, r=8, p=1, 128 MiB).
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can rise later without breaking old hashes.
 */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const
export type ScryptCost = { N: number; r: number; p: number }
const KEY_LENGTH = 32

const scryptNow = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => {
        if (error) reject(error)
        else resolve(key)
      },
    )
  })

/**
 * One hash at a time: each takes 128 MiB while it runs, and Node would run up to four at once (its
 * thread pool), 512 MiB on top of the server's memory for the seed's accounts or a burst of
 * sign-ins, and the pool's threads taken from file and DNS work. In turn, they finish as soon:
 * scrypt is bound by memory bandwidth, and two at once took as long as two in turn here (2 cores).
 */
let scryptQueue: Promise<unknown> = Promise.resolve()
const scrypt = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> => {
  const run = scryptQueue.then(() => scryptNow(password, salt, options))
  scryptQueue = run.catch(() => undefined)
  return run
}

export async function hashPassword(password: string, cost: ScryptCost = SCRYPT): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
}

const storedSchema = z.tuple([
  z.literal('scrypt'),
  z.coerce.number(),
  z.coerce.number(),
  z.coerce.number(),
  z.string(),
  z.string(),
])

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = storedSchema.safeParse(stored.split('$'))
  if (!parsed.success) return false
  const [, N, r, p, salt, hash] = parsed.data
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N, r, p })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A hash to verify against when the account does not exist, so an unknown email costs the same
 * time as a wrong password (made once per cost, at the accounts' cost).
 */
const decoys = new Map<number, Promise<string>>()
export function decoyHash(cost: ScryptCost = SCRYPT): Promise<string> {
  let decoy = decoys.get(cost.N)
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), cost)
    decoys.set(cost.N, decoy)
  }
  return decoy
}

/**
 * A new password's problems: the rules the browser shows while typing (schemas/password-rules.ts)
 * and the list of common passwords, which only the server has.
 */
export { brandWords, newPasswordProblems } from './common-passwords.ts'
