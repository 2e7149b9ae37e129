import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30
const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/**
 * The key that seals staff TOTP secrets, derived from the app secret by HKDF: a leaked table
 * without the app secret gives no second factor away.
 */
export function totpKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'staff-mfa', 'totp-secret AES-256-GCM key', 32))
}

/** AES-256-GCM: `iv.tag.ciphertext`, each base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function openSecret(key: Buffer, sealed: string): string {
  const [iv = '', tag = '', data = ''] = sealed.split('.')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}

/** A new secret (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

/** What an authenticator app scans or is given: `otpauth://totp/…`. */
export const totpUri = (secret: string, label: string, issuer: string): string =>
  totpOf(secret, label, issuer).toString()

/**
 * The QR code of an `otpauth://` link, as an SVG path of its dark squares (one unit each, in a
 * `size`×`size` box): the console draws it, so no markup of ours goes through `innerHTML`.
 */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  let path = ''
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column)) path += `M${column} ${row}h1v1h-1z`
  return { size: modules.size, path }
}

/** The time step a code is for at `now`. */
export const timeStep = (now: Date): number => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS)

/**
 * The time step a code matches, within one step before or after `now` (a clock a little off, a
 * code typed at the end of its 30 s), else undefined. The caller refuses a step already used.
 */
export function matchingStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 })
  return delta === null ? undefined : timeStep(now) + delta
}

/** The code of a secret at a time (tests, and the demo's instructions). */
export const totpCode = (secret: string, now: Date): string => totpOf(secret).generate({ timestamp: now.getTime() })

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
/** A recovery code: ten characters of an alphabet without look-alikes (about 49 bits), shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]!)
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** A recovery code as typed: case, spaces and the hyphen do not matter. */
export const normalRecoveryCode = (typed: string): string => {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '')
  return `${plain.slice(0, 5)}-${plain.slice(5)}`
}
