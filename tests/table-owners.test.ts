import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Each table has one owner (a feature, or a part of the platform), and every statement on it
 * (`FROM`, `JOIN`, `INTO`, `UPDATE`, `DELETE FROM`) sits in that owner's store: its modules named
 * `*-store.ts`, in the owner's folder itself. Another feature that needs the rows calls the owner's store through its `index.ts`,
 * or joins a view the owner publishes (migration 028), which it may read but never write.
 * docs/guides/add-an-endpoint.md says where a new table's statements go.
 */
const OWNERS: Record<string, string> = {
  // The platform: accounts, sessions, mail, payments, throttles, settings.
  users: 'platform/auth',
  sessions: 'platform/auth',
  password_resets: 'platform/auth',
  rate_limits: 'platform',
  outbox: 'platform/mail',
  payments: 'platform',
  sandbox_charges: 'platform/payments',
  sandbox_refunds: 'platform/payments',
  settings: 'platform/db',
  schema_migrations: 'platform/db',
  // The business features.
  subscriptions: 'features/members',
  dependents: 'features/members',
  receipts: 'features/members',
  refunds: 'features/members',
  renewals: 'features/members',
  payment_methods: 'features/members',
  membership_events: 'features/members',
  membership_changes: 'features/members',
  membership_reminders: 'features/members',
  written_cancellations: 'features/members',
  plans: 'features/plans',
  plan_price_changes: 'features/plans',
  coupons: 'features/plans',
  offices: 'features/directory',
  providers: 'features/directory',
  office_plans: 'features/directory',
  directory_reports: 'features/directory',
  directory_report_events: 'features/directory',
  grievances: 'features/grievances',
  grievance_attachments: 'features/grievances',
  grievance_events: 'features/grievances',
  grievance_responses: 'features/grievances',
  contact_messages: 'features/messages',
  contact_message_replies: 'features/messages',
  tenants: 'features/staff',
  staff_roles: 'features/staff',
  staff_mfa: 'features/staff',
  staff_recovery_codes: 'features/staff',
  staff_invitations: 'features/staff',
  audit_events: 'features/staff',
  content_drafts: 'features/content',
  content_versions: 'features/content',
  preview_generations: 'features/content',
  csp_reports: 'features/monitoring',
  rum_events: 'features/monitoring',
  checkouts: 'features/checkout',
}

/** Views a feature publishes for the others' joins: read anywhere from a store, written nowhere. */
const VIEWS: Record<string, string> = {
  people: 'platform/auth',
  plan_catalog: 'features/plans',
  office_directory: 'features/directory',
  renewing_memberships: 'features/members',
}

/** Files that load rows as a migration does, with the reason. */
const LOADERS: Record<string, string> = {
  'server/seed.ts': 'the demo data of every table, loaded once into an empty database as the migrations are',
}

const SERVER = path.resolve(import.meta.dirname, '../server')
const MIGRATIONS = path.join(SERVER, 'platform/db/migrations')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|(^|\/)test-[^/]*$/.test(entry.name) ? [file] : []
  })
}

/** The source without comments, so that prose about a table is not taken for a statement. */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

const migrations = readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => readFileSync(path.join(MIGRATIONS, name), 'utf8'))
  .join('\n')
const created = (kind: 'TABLE' | 'VIEW') =>
  [...migrations.matchAll(new RegExp(`CREATE ${kind} (?:IF NOT EXISTS )?(\\w+)`, 'gi'))].map((match) => match[1]!)
const dropped = new Set([...migrations.matchAll(/DROP TABLE (?:IF EXISTS )?(\w+)/gi)].map((match) => match[1]!))

interface Statement {
  file: string
  verb: string
  name: string
}

function statements(file: string): Statement[] {
  const names = [...Object.keys(OWNERS), ...Object.keys(VIEWS)].join('|')
  const pattern = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|DELETE\\s+FROM)\\s+(${names})\\b`, 'gi')
  return [...code(readFileSync(file, 'utf8')).matchAll(pattern)].map((match) => ({
    file: path.relative(path.dirname(SERVER), file),
    verb: match[1]!.toUpperCase().replace(/\s+/, ' '),
    name: match[2]!.toLowerCase(),
  }))
}

/** A store sits in its owner's folder itself (not below it) and is named `*-store.ts`. */
const isStoreOf = (owner: string, file: string) => path.dirname(file) === `server/${owner}` && /-store\.ts$/.test(file)

describe('each table is read and written by its owner’s store only', () => {
  it('gives every table of the migrations an owner, and each view an owner among them', () => {
    const tables = [...new Set(created('TABLE'))].filter((table) => !dropped.has(table) || OWNERS[table])
    expect(tables.filter((table) => !OWNERS[table] && !dropped.has(table))).toEqual([])
    expect(Object.keys(OWNERS).filter((table) => !tables.includes(table) && table !== 'schema_migrations')).toEqual([])
    expect(created('VIEW').sort()).toEqual(Object.keys(VIEWS).sort())
  })

  const all = sourceFiles(SERVER).flatMap(statements)

  it('finds the statements it checks (the reader sees SQL at all)', () => {
    expect(all.length).toBeGreaterThan(200)
    expect(all).toContainEqual({
      file: 'server/features/grievances/grievance-store.ts',
      verb: 'INTO',
      name: 'grievances',
    })
  })

  it('puts each table’s statements in its owner’s store', () => {
    const strays = all
      .filter((statement) => !LOADERS[statement.file])
      .filter(({ file, name }) => OWNERS[name] && !isStoreOf(OWNERS[name], file))
      .map(({ file, verb, name }) => `${file}: ${verb} ${name} (owned by server/${OWNERS[name]})`)
    expect(strays).toEqual([])
  })

  it('reads a published view from a store only, and never writes one', () => {
    const strays = all
      .filter(({ name }) => VIEWS[name])
      .filter(({ file, verb }) => !/-store\.ts$/.test(file) || !['FROM', 'JOIN'].includes(verb))
      .map(({ file, verb, name }) => `${file}: ${verb} ${name}`)
    expect(strays).toEqual([])
  })
})
