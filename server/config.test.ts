import { describe, expect, it } from 'vitest'
import { tenantsSchema } from '#schemas/tenant.ts'
import { createManifestResolver, inlineStylesheets } from './assets.ts'
import { monitoringConfig, readEnv } from './env.ts'
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
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Unknown default tenant three',
      'Host a is listed twice',
    ])
  })
})

describe('preloads from the build manifest', () => {
  const resolve = createManifestResolver({
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['engine/index.ts'],
    },
    'playground/index.html': {
      file: 'assets/playground.js',
      isEntry: true,
      imports: ['_shared.js', 'engine/index.ts', '_kit.js'],
    },
    'engine/index.ts': { file: 'assets/engine.js', imports: ['_shared.js', '_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    '_shared.js': { file: 'assets/shared.js' },
    '_kit.js': { file: 'assets/kit.js' },
    'blocks/a/a.tsx': { file: 'assets/a.js', imports: ['_kit.js', '_shared.js', '_react.js'], css: ['assets/a.css'] },
  })

  it("gives what the site's entry starts with, then a block's chunk and the chunks it imports, minus what is loaded already", () => {
    expect(resolve(['blocks/a/a.tsx'])).toEqual({
      scripts: ['/assets/engine.js', '/assets/react.js', '/assets/a.js', '/assets/kit.js'],
      styles: ['/assets/a.css'],
    })
    expect(resolve(['blocks/unknown.tsx'])).toEqual({ scripts: ['/assets/engine.js', '/assets/react.js'], styles: [] })
  })
})

describe('stylesheets in the page', () => {
  it('replaces each stylesheet link it can read by the stylesheet, keeps the others, and never lets CSS close its element', () => {
    const template =
      '<head><link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" crossorigin href="/assets/site.css"><link rel="stylesheet" href="/other.css"></head>'
    const files: Record<string, string> = {
      '/assets/site.css': 'main{flex:1}a::after{content:"</style><script>alert(1)</script>"}',
    }
    expect(inlineStylesheets(template, (href) => files[href])).toBe(
      '<head><link rel="modulepreload" href="/assets/a.js"><style>main{flex:1}a::after{content:"<\\/style><script>alert(1)</script>"}</style><link rel="stylesheet" href="/other.css"></head>',
    )
  })
})

describe('configuration', () => {
  it('has a default for every setting', () => {
    expect(readEnv({})).toMatchObject({
      PORT: 3000,
      NODE_ENV: 'production',
      ENABLE_RECAPTCHA: false,
      LOG_LEVEL: 'info',
    })
  })

  it('stops with a message naming a bad setting', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(
      'Invalid configuration: PORT: Invalid input: expected number, received NaN',
    )
    expect(() => readEnv({ ENABLE_RECAPTCHA: 'maybe' })).toThrow('ENABLE_RECAPTCHA')
  })

  it('checks the monitoring settings: a client token, sample rates from 0 to 100, a known consent', () => {
    expect(monitoringConfig(readEnv({}))).toBeUndefined()
    // Empty settings (NAME= in a .env file) are unset ones: monitoring stays off.
    expect(
      monitoringConfig(readEnv({ RUM_CLIENT_TOKEN: '', RUM_SESSION_SAMPLE_RATE: '', RUM_TRACKING_CONSENT: '' })),
    ).toBeUndefined()
    expect(
      monitoringConfig(
        readEnv({
          RUM_CLIENT_TOKEN: 'pub-token',
          RUM_SESSION_SAMPLE_RATE: '25',
          RUM_SESSION_REPLAY_SAMPLE_RATE: '0.5',
          RUM_TRACKING_CONSENT: 'not-granted',
        }),
      ),
    ).toEqual({
      clientToken: 'pub-token',
      intakeUrl: '/api/rum/intake',
      sessionSampleRate: 25,
      sessionReplaySampleRate: 0.5,
      trackingConsent: 'not-granted',
      trackUserInteractions: true,
      trackResources: true,
      trackLongTasks: true,
      defaultPrivacyLevel: 'mask-user-input',
    })
    expect(() => readEnv({ RUM_SESSION_SAMPLE_RATE: '20' })).toThrow(
      'Invalid configuration: RUM_CLIENT_TOKEN: required when monitoring is configured (RUM_SESSION_SAMPLE_RATE set)',
    )
    expect(() => readEnv({ RUM_CLIENT_TOKEN: 't', RUM_SESSION_SAMPLE_RATE: 'all' })).toThrow(
      'Invalid configuration: RUM_SESSION_SAMPLE_RATE: expected a number from 0 to 100',
    )
    expect(() => readEnv({ RUM_CLIENT_TOKEN: 't', RUM_SESSION_REPLAY_SAMPLE_RATE: '150' })).toThrow(
      'Invalid configuration: RUM_SESSION_REPLAY_SAMPLE_RATE: expected a number from 0 to 100',
    )
    expect(() => readEnv({ RUM_CLIENT_TOKEN: 't', RUM_SESSION_SAMPLE_RATE: '-1' })).toThrow(
      'RUM_SESSION_SAMPLE_RATE: expected a number from 0 to 100',
    )
    expect(() => readEnv({ RUM_CLIENT_TOKEN: 't', RUM_TRACKING_CONSENT: 'yes' })).toThrow(
      'Invalid configuration: RUM_TRACKING_CONSENT: Invalid option: expected one of "granted"|"not-granted"',
    )
    expect(() => readEnv({ RUM_CLIENT_TOKEN: 't', RUM_INTAKE_URL: 'not a url' })).toThrow('RUM_INTAKE_URL')
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
