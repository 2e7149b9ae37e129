import path from 'node:path'
import { z } from '#schemas/engine/zod.ts'
import { demoDataSchema, type DemoData, type DemoDataInput } from '#schemas/demo-data.ts'
import type { TenantsConfig } from '#schemas/tenant.ts'
import { periodEnd } from '#schemas/periods.ts'
import { dayIn, shiftInZone } from '#schemas/zoned-days.ts'
import { hashPassword, type ScryptCost } from './platform/auth/passwords.ts'
import { sealSecret } from './platform/auth/totp.ts'
import { readTenantContent, readTenantDraft } from './features/content/index.ts'
import { zipCentroid } from './features/directory/index.ts'
import { members } from './features/members/index.ts'
import { json, many, one, type Database, type Queryable } from './platform/db/database.ts'

export interface SeedSources {
  tenants: TenantsConfig
  demoData: Record<string, DemoDataInput>
  /** Folder of each tenant's content files (content.json, working.json). */
  contentDir: string
  hashCost?: ScryptCost
  /** The key that seals TOTP secrets (server/platform/auth/totp.ts): the demo staff are enrolled with theirs. */
  totpKey: Buffer
  /** The server's time (its sandbox clock in tests and demos): the demo membership is current at it. */
  now?: Date
}

/**
 * How many whole months the demo membership's renewal moves forward to be on a day after `now`'s:
 * none while it is; else as many as bring it there, so a demo seeded any day has a member
 * mid-period, with paid days left (a change is priced for them), renewing on the day of the month
 * they joined.
 */
function demoMonthsAhead(renewsAt: Date, now: Date): number {
  let months = 0
  while (dayIn(periodEnd(renewsAt, 'monthly', 'UTC', months), 'UTC') <= dayIn(now, 'UTC')) months += 1
  return months
}

/**
 * Seeds every tenant that is not in the database yet: its content (published and draft) and its
 * demo data. Run on every start, it seeds a fresh database once and a newly added tenant on the
 * next start; a tenant seeded before the provider directory fields existed gets them filled in.
 * Returns the group keys it seeded.
 */
export async function seed(db: Database, sources: SeedSources): Promise<string[]> {
  const existing = new Set(
    (await many(db, z.object({ group_key: z.string() }), 'SELECT group_key FROM tenants')).map((row) => row.group_key),
  )
  const seeded: string[] = []
  for (const tenant of sources.tenants.tenants) {
    const data = demoDataSchema.parse(
      sources.demoData[tenant.groupKey] ?? { plans: [], offices: [], coupons: [], accounts: [] },
    )
    if (existing.has(tenant.groupKey)) {
      await db.transaction((tx) => completeDirectory(tx, tenant.groupKey, data))
      continue
    }
    // Hash outside the transaction: scrypt is slow on purpose.
    const hashes = await Promise.all(data.accounts.map((account) => hashPassword(account.password, sources.hashCost)))
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tenants (group_key, name) VALUES ($1, $2)', [tenant.groupKey, tenant.companyName])
      await seedContent(tx, tenant.groupKey, sources.contentDir)
      await seedCatalog(tx, tenant.groupKey, data)
      await seedAccounts(tx, tenant.groupKey, data, hashes, sources.totpKey, sources.now ?? new Date())
    })
    seeded.push(tenant.groupKey)
  }
  return seeded
}

/** The tenant's content files, resolved (a base it extends, the draft over the content). */
async function seedContent(tx: Queryable, groupKey: string, contentDir: string) {
  const record = z.record(z.string(), z.unknown())
  const content = readTenantContent(contentDir, groupKey)
  if (content === undefined)
    throw new Error(`Tenant ${groupKey} has no content: ${path.join(contentDir, groupKey, 'content.json')} is missing`)
  await tx.query(
    "INSERT INTO content_versions (group_key, content, note, published_by) VALUES ($1, $2, 'Initial content', 'seed')",
    [groupKey, record.parse(content)],
  )
  const draft = readTenantDraft(contentDir, groupKey)
  if (draft !== undefined) {
    await tx.query("INSERT INTO content_drafts (group_key, content, revision, updated_by) VALUES ($1, $2, 1, 'seed')", [
      groupKey,
      record.parse(draft),
    ])
  }
}

async function seedCatalog(tx: Queryable, groupKey: string, data: DemoData) {
  for (const plan of data.plans) {
    await tx.query(
      'INSERT INTO plans (id, group_key, name, description, monthly_price_cents, annual_price_cents, enrollment_fee_cents, max_dependents, fee_schedule) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        plan.id,
        groupKey,
        plan.name,
        plan.description,
        plan.monthlyPriceCents,
        plan.annualPriceCents,
        plan.enrollmentFeeCents,
        plan.maxDependents,
        json(plan.feeSchedule),
      ],
    )
  }
  for (const office of data.offices) {
    const centroid = zipCentroid(office.address.zip)
    if (!centroid) throw new Error(`Office ${office.id}: unknown ZIP code ${office.address.zip}`)
    await tx.query(
      'INSERT INTO offices (id, group_key, name, address_line, city, state, zip, latitude, longitude, phone, hours, accepting_new_patients, accessibility, staff_languages) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)',
      [
        office.id,
        groupKey,
        office.name,
        office.address.line,
        office.address.city,
        office.address.state,
        office.address.zip,
        centroid.latitude,
        centroid.longitude,
        office.phone,
        json(office.hours),
        office.acceptingNewPatients,
        office.accessibility,
        office.staffLanguages,
      ],
    )
    for (const planId of office.planIds)
      await tx.query('INSERT INTO office_plans (office_id, plan_id) VALUES ($1, $2)', [office.id, planId])
    for (const provider of office.providers) {
      await tx.query(
        `INSERT INTO providers (id, group_key, office_id, name, specialty, languages, accepting_new_patients, ${DIRECTORY_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          provider.id,
          groupKey,
          office.id,
          provider.name,
          provider.specialty,
          provider.languages,
          provider.acceptingNewPatients,
          ...directoryFields(provider),
        ],
      )
    }
  }
  for (const coupon of data.coupons) {
    await tx.query(
      'INSERT INTO coupons (code, group_key, kind, amount, expires_at, plan_id, office_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        coupon.code,
        groupKey,
        coupon.kind,
        coupon.amount,
        coupon.expiresAt ? new Date(coupon.expiresAt) : null,
        coupon.planId,
        coupon.officeId,
      ],
    )
  }
}

type DemoProvider = DemoData['offices'][number]['providers'][number]
/** The provider directory fields migration 004 added (H&S §1367.27), in column order. */
const DIRECTORY_COLUMNS = [
  'provider_type',
  'npi',
  'license_number',
  'board_certification',
  'patient_ages',
  'group_affiliation',
] as const
const directoryFields = (provider: DemoProvider) =>
  [
    provider.providerType,
    provider.npi,
    provider.licenseNumber,
    provider.boardCertification,
    provider.patientAges,
    provider.groupAffiliation,
  ] as const

/**
 * Fills in what migration 004 could not know for a tenant seeded before it: the directory fields
 * of its demo providers (those whose NPI is still NULL) and the staff languages of its demo
 * offices (those with none yet). Only the new fields: what the database already held (names,
 * specialties, the accessibility the migration moved to the office) stays as it is. Rows the demo
 * data does not name are left alone, and nothing is inserted.
 */
async function completeDirectory(tx: Queryable, groupKey: string, data: DemoData): Promise<void> {
  const ids = z.object({ id: z.number() })
  const providers = new Set(
    (await many(tx, ids, 'SELECT id FROM providers WHERE group_key = $1 AND npi IS NULL', [groupKey])).map(
      (row) => row.id,
    ),
  )
  const offices = new Set(
    (
      await many(tx, ids, 'SELECT id FROM offices WHERE group_key = $1 AND cardinality(staff_languages) = 0', [
        groupKey,
      ])
    ).map((row) => row.id),
  )
  const assignments = DIRECTORY_COLUMNS.map((column, index) => `${column} = $${index + 3}`).join(', ')
  for (const office of data.offices) {
    if (offices.has(office.id))
      await tx.query('UPDATE offices SET staff_languages = $3, updated_at = now() WHERE group_key = $1 AND id = $2', [
        groupKey,
        office.id,
        office.staffLanguages,
      ])
    for (const provider of office.providers.filter((candidate) => providers.has(candidate.id))) {
      await tx.query(`UPDATE providers SET ${assignments}, updated_at = now() WHERE group_key = $1 AND id = $2`, [
        groupKey,
        provider.id,
        ...directoryFields(provider),
      ])
    }
  }
}

async function seedAccounts(
  tx: Queryable,
  groupKey: string,
  data: DemoData,
  hashes: string[],
  totpKey: Buffer,
  now: Date,
) {
  for (const [index, account] of data.accounts.entries()) {
    // The membership's renewal, moved on by whole months (on its own day) to be ahead of `now`.
    const months = account.subscription ? demoMonthsAhead(new Date(account.subscription.renewsAt), now) : 0
    const { id } = await one(
      tx,
      z.object({ id: z.number() }),
      `INSERT INTO users (group_key, email, password_hash, role, first_name, last_name, phone, address_line, city, state, zip, date_of_birth, balance_cents, email_verified)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true) RETURNING id`,
      [
        groupKey,
        account.email,
        hashes[index]!,
        account.role,
        account.firstName,
        account.lastName,
        account.phone ?? null,
        account.address?.line ?? null,
        account.address?.city ?? null,
        account.address?.state ?? null,
        account.address?.zip ?? null,
        account.dateOfBirth ?? null,
        account.balanceCents,
      ],
    )
    // Today's content managers are staff with the role content (as migration 016 made them).
    const staffRoles = new Set([...account.staffRoles, ...(account.role === 'editor' ? ['content' as const] : [])])
    for (const role of staffRoles)
      await tx.query('INSERT INTO staff_roles (group_key, user_id, role) VALUES ($1, $2, $3)', [groupKey, id, role])
    if (account.totpSecret)
      await tx.query('INSERT INTO staff_mfa (user_id, secret_encrypted, enrolled_at) VALUES ($1, $2, now())', [
        id,
        sealSecret(totpKey, account.totpSecret),
      ])
    for (const dependent of account.dependents) {
      await tx.query(
        'INSERT INTO dependents (group_key, member_id, first_name, last_name, date_of_birth, relationship, plan_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          groupKey,
          id,
          dependent.firstName,
          dependent.lastName,
          dependent.dateOfBirth,
          dependent.relationship,
          dependent.planId ?? null,
        ],
      )
    }
    if (account.subscription) {
      const { subscription } = account
      await tx.query(
        "INSERT INTO subscriptions (group_key, member_id, plan_id, office_id, billing_cycle, status, auto_renew, started_at, renews_at, period_started_at) VALUES ($1, $2, $3, $4, $5, 'active', true, $6, $7, $7::timestamptz - CASE WHEN $5 = 'annual' THEN interval '1 year' ELSE interval '1 month' END)",
        [
          groupKey,
          id,
          subscription.planId,
          subscription.officeId,
          subscription.billingCycle,
          new Date(subscription.startedAt),
          shiftInZone(new Date(subscription.renewsAt), 'UTC', { months }),
        ],
      )
    }
    if (account.card) {
      const { card } = account
      await tx.query(
        'INSERT INTO payment_methods (member_id, group_key, processor_token, brand, last4, exp_month, exp_year, billing_zip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [id, groupKey, `tok_sandbox_seed_${card.last4}`, card.brand, card.last4, card.expMonth, card.expYear, card.zip],
      )
    }
    for (const receipt of account.receipts) {
      // Each demo receipt was paid through the sandbox processor, which keeps the charge, so a
      // demo member's payment can be refunded as a real one is.
      const chargeId = `ch_sandbox_seed_${groupKey}_${id}_${account.receipts.indexOf(receipt)}`
      await tx.query(
        'INSERT INTO sandbox_charges (idempotency_key, charge_id, token, amount_cents, description) VALUES ($1, $1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [chargeId, `tok_sandbox_seed_${account.card?.last4 ?? '4242'}`, receipt.amountCents, receipt.description],
      )
      await tx.query(
        'INSERT INTO receipts (group_key, member_id, description, amount_cents, card_last4, paid_at, charge_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          groupKey,
          id,
          receipt.description,
          receipt.amountCents,
          account.card?.last4 ?? '0000',
          new Date(receipt.paidAt),
          chargeId,
        ],
      )
    }
    // The current period was paid by the latest receipt.
    await tx.query(
      'UPDATE subscriptions s SET paid_by_receipt_id = (SELECT max(r.id) FROM receipts r WHERE r.member_id = s.member_id) WHERE s.member_id = $1',
      [id],
    )
    // The demo membership's history starts where a real one does: joined, paid by its first receipt.
    await tx.query(
      `INSERT INTO membership_events (group_key, subscription_id, at, actor, event, from_state, to_state, amount_cents, receipt_id)
       SELECT s.group_key, s.id, s.started_at, 'checkout', 'joined', NULL, 'active', r.amount_cents, r.id
         FROM subscriptions s LEFT JOIN LATERAL (SELECT id, amount_cents FROM receipts WHERE member_id = s.member_id ORDER BY paid_at, id LIMIT 1) r ON true
        WHERE s.member_id = $1`,
      [id],
    )
    // The renewal price the member knows: a different one is mailed before it is charged.
    const membership = await members.subscription(tx, groupKey, id)
    if (membership)
      await tx.query('UPDATE subscriptions SET renewal_cents = $2 WHERE id = $1', [
        membership.id,
        membership.priceCents,
      ])
  }
}
