import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { tenantSchema, tenantsSchema } from '#schemas/tenant.ts'

export interface NewTenant {
  groupKey: string
  host: string
  companyName: string
  port?: number
}

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')

const logo = (name: string, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="73" viewBox="0 0 300 73" role="img" aria-label="${escapeXml(name)}"><circle cx="36" cy="36" r="28" fill="${color}"/><text x="36" y="45" text-anchor="middle" font-family="Arial,sans-serif" font-size="24" font-weight="700" fill="${color === '#ffffff' ? '#0f766e' : '#ffffff'}">${escapeXml(initials(name))}</text><text x="76" y="45" font-family="Arial,sans-serif" font-size="22" font-weight="700" fill="${color}">${escapeXml(name.slice(0, 20))}</text></svg>\n`

/**
 * Adds a tenant: its entry in `tenants.json` and a content folder that extends `_base` with the
 * tenant's name, key and logos. Start the server afterwards: a tenant not in the database yet is
 * seeded at start.
 */
export function scaffoldTenant(siteConfigDir: string, input: NewTenant): string[] {
  const tenantsFile = path.join(siteConfigDir, 'tenants.json')
  const config = tenantsSchema.parse(JSON.parse(readFileSync(tenantsFile, 'utf8')))
  const tenant = tenantSchema.parse({
    groupKey: input.groupKey,
    hosts: [input.host],
    companyName: input.companyName,
    publicUrl: `http://${input.host}:${input.port ?? 3000}`,
  })
  if (config.tenants.some((existing) => existing.groupKey === tenant.groupKey))
    throw new Error(`A tenant ${tenant.groupKey} exists already`)
  const folder = path.join(siteConfigDir, 'tenants', tenant.groupKey)
  if (existsSync(folder)) throw new Error(`${folder} exists already`)
  const next = tenantsSchema.parse({ ...config, tenants: [...config.tenants, tenant] })

  mkdirSync(path.join(folder, 'public'), { recursive: true })
  const asset = (file: string) => `/tenant/${tenant.groupKey}/${file}`
  const content = {
    $extends: '_base',
    base: {
      variables: { group_key: tenant.groupKey, global_title: tenant.companyName, favicon: asset('favicon.svg') },
    },
    header: {
      variables: {
        header_log: asset('logo.svg'),
        header_log2: asset('logo-white.svg'),
        header_log_alt: `${tenant.companyName} home`,
      },
    },
    landing_header: { variables: { headerLogo: asset('logo.svg') } },
    footer: { variables: { footer_logo: asset('logo-white.svg'), footer_logo_alt: tenant.companyName } },
  }
  const written = [
    [path.join(folder, 'content.json'), `${JSON.stringify(content, null, 2)}\n`],
    [path.join(folder, 'public/logo.svg'), logo(tenant.companyName, '#0f766e')],
    [path.join(folder, 'public/logo-white.svg'), logo(tenant.companyName, '#ffffff')],
    [
      path.join(folder, 'public/favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#0f766e"/></svg>\n`,
    ],
    [tenantsFile, `${JSON.stringify(next, null, 2)}\n`],
  ] as const
  for (const [file, text] of written) writeFileSync(file, text)
  return written.map(([file]) => file)
}
