import { tenants } from '#site-config/tenants.ts'
import { describe, expect, it } from 'vitest'
import { passwordProblems, TRIVIAL_PASSWORD } from '#schemas/password-rules.ts'
import { hashPassword, newPasswordProblems, verifyPassword } from './passwords.ts'
import { BRAND_PASSWORD, brandWords, COMMON_PASSWORD } from './common-passwords.ts'
import { createSigner } from './signing.ts'

const cheap = { N: 2 ** 10, r: 8, p: 1 }

describe('passwords', () => {
  it('hashes with scrypt and a salt, and verifies', async () => {
    const hash = await hashPassword('Correct-Horse-9', cheap)
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await hashPassword('Correct-Horse-9', cheap)).not.toBe(hash)
    expect(await verifyPassword('Correct-Horse-9', hash)).toBe(true)
    expect(await verifyPassword('correct-horse-9', hash)).toBe(false)
    expect(await verifyPassword('Correct-Horse-9', 'md5$abc')).toBe(false)
  })

  // ASVS 6.2: a length rule, no composition rule, and a list of common passwords.
  it.each([
    ['Correct-Hor', ['Use at least 12 characters']],
    ['Correct-Hors', []],
    ['correct horse battery staple', []],
    ['alllowercaseletters', []],
    ['ÅÅÅÅÅÅÅÅÅÅÅ', ['Use at least 12 characters', TRIVIAL_PASSWORD]],
    ['x'.repeat(129), ['Use at most 128 characters', TRIVIAL_PASSWORD]],
    ['Jordan-Rivera-2026', ['Do not use your email address in the password']],
    ['Password123!', [COMMON_PASSWORD]],
    ['!!Sunshine2026', [COMMON_PASSWORD]],
    // Trivial patterns, however long: one character, something short repeated, a plain sequence.
    ['aaaaaaaaaaaa', [TRIVIAL_PASSWORD]],
    ['abababababab', [TRIVIAL_PASSWORD]],
    ['121212121212!', [TRIVIAL_PASSWORD]],
    ['abcdeabcdeab', [TRIVIAL_PASSWORD]],
    ['Orchid-7!Orchid-7!', [TRIVIAL_PASSWORD]],
    ['123456789012', [TRIVIAL_PASSWORD]],
    ['abcdefghijkl', [TRIVIAL_PASSWORD]],
    ['zyxwvutsrqpo', [TRIVIAL_PASSWORD]],
    ['qwertyuiop123', [TRIVIAL_PASSWORD]],
    ['Abc-Def-4567-Xyz', [TRIVIAL_PASSWORD]],
    ['839201746583', []],
    // The tenant's name, alone or with common words.
    ['Brightway-Dental-2026', [BRAND_PASSWORD]],
    ['BRIGHTWAY plans 2026!!', [BRAND_PASSWORD]],
    ['Dental-Pass-2026!', [BRAND_PASSWORD]],
    ['Brightway-Sunshine-Love-2026', [BRAND_PASSWORD]],
    ['Brightway-Dental-Plan-Orchid', []],
    ['Dental-Orchid-Lantern-7', []],
  ])('rules for a new password %j', (password, problems) => {
    const brand = brandWords({ companyName: 'Brightway Dental Plans, Inc.', groupKey: 'brightway' })
    expect(newPasswordProblems(password, 'jordan@demo.test', brand)).toEqual(problems)
  })

  it('refuses the probe’s one-character password and the default tenant’s name with a year, and takes a strong one', () => {
    const tenant = tenants.tenants.find((each) => each.groupKey === tenants.defaultTenant)!
    const brand = brandWords(tenant)
    // The probe's "<Company>-Dental-2026": the first two words of the tenant's company name.
    const [first = '', second = ''] = tenant.companyName.split(/[^\p{L}]+/u)
    expect(newPasswordProblems('aaaaaaaaaaaa', 'jordan@demo.test', brand)).toEqual([TRIVIAL_PASSWORD])
    expect(newPasswordProblems(`${first}-${second}-2026`, 'jordan@demo.test', brand)).toEqual([BRAND_PASSWORD])
    expect(newPasswordProblems(`${first}-${second}-Love-2026`, 'jordan@demo.test', brand)).toEqual([BRAND_PASSWORD])
    expect(newPasswordProblems('Harbour-Lantern-Orchid-77', 'jordan@demo.test', brand)).toEqual([])
  })

  it('shows the trivial-pattern rule in the browser too: the forms’ own check, without the server’s list', () => {
    expect(passwordProblems('aaaaaaaaaaaa')).toEqual([TRIVIAL_PASSWORD])
    expect(passwordProblems('123456789012')).toEqual([TRIVIAL_PASSWORD])
    expect(passwordProblems('Harbour-Lantern-Orchid-77')).toEqual([])
  })

  it('takes a tenant’s name apart into the words a password must not be made of', () => {
    expect(brandWords({ companyName: 'Brightway Dental Plans, Inc.', groupKey: 'brightway' })).toEqual([
      'brightway',
      'dental',
      'plans',
      'inc',
    ])
    expect(brandWords({ companyName: 'Sunny Teeth Cooperative', groupKey: 'sunny' })).toEqual([
      'sunny',
      'teeth',
      'cooperative',
    ])
  })
})

describe('signed tokens', () => {
  const signer = createSigner('s'.repeat(32))
  const payload = { purpose: 'preview', groupKey: 'demo', expiresAt: 2_000 }

  it('verifies its own token for the same purpose and tenant until it expires', () => {
    const token = signer.sign(payload)
    expect(signer.verify(token, 'preview', 'demo', 1_000)).toEqual(payload)
    expect(signer.verify(token, 'preview', 'demo', 3_000)).toBeUndefined()
    expect(signer.verify(token, 'reset', 'demo', 1_000)).toBeUndefined()
    expect(signer.verify(token, 'preview', 'other', 1_000)).toBeUndefined()
  })

  it('refuses a token signed with another secret, a tampered one and garbage', () => {
    const token = signer.sign(payload)
    expect(createSigner('t'.repeat(32)).verify(token, 'preview', 'demo', 1_000)).toBeUndefined()
    const [data, mac] = token.split('.')
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, expiresAt: 9e12 })).toString('base64url')}.${mac!}`
    expect(signer.verify(tampered, 'preview', 'demo', 1_000)).toBeUndefined()
    expect(signer.verify(`${data!}.`, 'preview', 'demo', 1_000)).toBeUndefined()
    expect(signer.verify('not-a-token', 'preview', 'demo', 1_000)).toBeUndefined()
    expect(signer.verify(undefined, 'preview', 'demo', 1_000)).toBeUndefined()
  })
})
