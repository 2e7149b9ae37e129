import { describe, expect, it } from 'vitest'
import { tenantsSchema } from '#schemas/tenant.ts'
import { createManifestResolver } from './assets.ts'
import { readEnv } from './env.ts'
import { createTenantResolver } from './tenants.ts'

describe('tenant resolution', () => {
  const config = tenantsSchema.parse({
    defaultTenant: 'one',
    tenants: [
      { groupKey: 'one', hosts: ['localhost'], companyName: 'One', publicUrl: 'http://localhost' },
      { groupKey: 'two', hosts: ['two.localhost'], companyName: 'Two', publicUrl: 'http://two.localhost' },
    ],
  })
  const resolve = createTenantResolver(config)

  it.each([
    ['two.localhost', 'two'],
    ['TWO.localhost:3000', 'two'],
    ['localhost:3000', 'one'],
    ['elsewhere.example', 'one'],
    [undefined, 'one'],
  ])('serves host %j the tenant %s', (host, groupKey) => {
    expect(resolve(host).groupKey).toBe(groupKey)
  })

  it('refuses a host listed twice and an unknown default tenant', () => {
    const result = tenantsSchema.safeParse({
      defaultTenant: 'three',
      tenants: [
        { groupKey: 'one', hosts: ['a'], companyName: 'One', publicUrl: 'http://a' },
        { groupKey: 'two', hosts: ['a'], companyName: 'Two', publicUrl: 'http://a' },
      ],
    })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Unknown default tenant three', 'Host a is listed twice'])
  })
})

describe('preloads from the build manifest', () => {
  const resolve = createManifestResolver({
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_kit.js': { file: 'assets/kit.js' },
    'blocks/a/a.tsx': { file: 'assets/a.js', imports: ['_kit.js', '_shared.js'], css: ['assets/a.css'] },
  })

  it("gives a block's chunk and the chunks it imports, minus what the entry already loads", () => {
    expect(resolve(['blocks/a/a.tsx'])).toEqual({ scripts: ['/assets/a.js', '/assets/kit.js'], styles: ['/assets/a.css'] })
    expect(resolve(['blocks/unknown.tsx'])).toEqual({ scripts: [], styles: [] })
  })
})

describe('configuration', () => {
  it('has a default for every setting', () => {
    expect(readEnv({})).toMatchObject({ PORT: 3000, NODE_ENV: 'production', ENABLE_RECAPTCHA: false, LOG_LEVEL: 'info' })
  })

  it('stops with a message naming a bad setting', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow('Invalid configuration: PORT: Invalid input: expected number, received NaN')
    expect(() => readEnv({ ENABLE_RECAPTCHA: 'maybe' })).toThrow('ENABLE_RECAPTCHA')
  })
})

describe('.env.example', () => {
  it('lists every setting the server reads, and nothing else', async () => {
    const { readFileSync } = await import('node:fs')
    const { envSchema } = await import('./env.ts')
    const listed = readFileSync('.env.example', 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split('=')[0])
    expect(listed.sort()).toEqual(Object.keys(envSchema.shape).sort())
  })
})
