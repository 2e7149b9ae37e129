import { z } from '#schemas/engine/zod.ts'
import type { Office, Plan, planPriceSchema, Provider } from '#schemas/api/catalog.ts'
import { many, maybeOne, type Queryable } from '../../platform/db/database.ts'

export const officeRow = z.object({
  id: z.number(),
  name: z.string(),
  address_line: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  hours: z.array(
    z.object({ day: z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']), opens: z.string(), closes: z.string() }),
  ),
  accepting_new_patients: z.boolean(),
  accessibility: z.array(z.string()),
  staff_languages: z.array(z.string()),
})

export const toOffice = (row: z.infer<typeof officeRow>): Office => ({
  id: row.id,
  name: row.name,
  address: { line: row.address_line, city: row.city, state: row.state, zip: row.zip },
  latitude: row.latitude,
  longitude: row.longitude,
  phone: row.phone,
  hours: row.hours,
  acceptingNewPatients: row.accepting_new_patients,
  accessibility: row.accessibility,
  staffLanguages: row.staff_languages,
})

/** A listed provider's row: queries read providers only through LISTED_PROVIDER, so NPI and licence are there. */
/** A provider's row as stored: one not yet listed may have no NPI or licence number on file. */
export const storedProviderRow = z.object({
  id: z.number(),
  office_id: z.number(),
  name: z.string(),
  provider_type: z.string(),
  specialty: z.string(),
  npi: z.nullable(z.string()),
  license_number: z.nullable(z.string()),
  board_certification: z.nullable(z.string()),
  patient_ages: z.enum(['adults', 'children', 'all']),
  group_affiliation: z.nullable(z.string()),
  languages: z.array(z.string()),
  accepting_new_patients: z.boolean(),
})
/** A listed provider's row (`LISTED_PROVIDER`): both on file. */
export const providerRow = z.extend(storedProviderRow, { npi: z.string(), license_number: z.string() })

/** A provider as the API says it, from its row: the public directory's, and member services' record. */
export const providerFields = (row: z.infer<typeof storedProviderRow>) => ({
  id: row.id,
  name: row.name,
  providerType: row.provider_type,
  specialty: row.specialty,
  npi: row.npi,
  licenseNumber: row.license_number,
  boardCertification: row.board_certification,
  patientAges: row.patient_ages,
  groupAffiliation: row.group_affiliation,
  languages: row.languages,
  acceptingNewPatients: row.accepting_new_patients,
  officeId: row.office_id,
})
export const toProvider = (row: z.infer<typeof providerRow>): Provider => ({
  ...providerFields(row),
  npi: row.npi,
  licenseNumber: row.license_number,
})

/**
 * The condition that puts a provider in the public directory: its NPI and licence number are on
 * file (H&S 1367.27 asks for both; rows from before migration 004 have neither until the seed or an
 * editor records them), so the directory never shows an entry it cannot back.
 */
export const LISTED_PROVIDER = 'p.npi IS NOT NULL AND p.license_number IS NOT NULL'

export const planRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  monthly_price_cents: z.number(),
  annual_price_cents: z.number(),
  enrollment_fee_cents: z.number(),
  max_dependents: z.number(),
  fee_schedule: z.array(
    z.object({ code: z.string(), procedure: z.string(), usualFeeCents: z.number(), memberFeeCents: z.number() }),
  ),
})

export const toPlan = (row: z.infer<typeof planRow>): Plan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  monthlyPriceCents: row.monthly_price_cents,
  annualPriceCents: row.annual_price_cents,
  enrollmentFeeCents: row.enrollment_fee_cents,
  maxDependents: row.max_dependents,
  feeSchedule: row.fee_schedule,
})

type PlanPrice = z.infer<typeof planPriceSchema>

/**
 * `catalog.memberPlans` from rows read with the membership (members.subscription): each dependent
 * on their own plan, or on the primary plan without one (or when theirs is not the tenant's).
 */
export function familyPlans(
  primary: z.infer<typeof planRow>,
  dependents: readonly { id: number; plan: z.infer<typeof planRow> | null }[],
): [MemberPlan, ...MemberPlan[]] {
  const plan = toPlan(primary)
  return [
    { memberId: null, plan },
    ...dependents.map((dependent) => ({
      memberId: dependent.id,
      plan: dependent.plan ? toPlan(dependent.plan) : plan,
    })),
  ]
}

/** Plans, offices, providers and coupons of one tenant (every query is scoped to the tenant). */
export const catalog = {
  /**
   * The plan of each member of a membership: the primary member on `primary`, each dependent on
   * their own plan or, without one, on `primary`.
   */
  async memberPlans(
    db: Queryable,
    groupKey: string,
    primary: Plan,
    dependents: readonly { id: number; planId: number | null }[],
  ): Promise<[MemberPlan, ...MemberPlan[]]> {
    const others = await Promise.all(
      dependents.map(async (dependent) => ({
        memberId: dependent.id,
        plan:
          (dependent.planId !== null && dependent.planId !== primary.id
            ? await catalog.plan(db, groupKey, dependent.planId)
            : undefined) ?? primary,
      })),
    )
    return [{ memberId: null, plan: primary }, ...others]
  },
  async office(db: Queryable, groupKey: string, id: number): Promise<Office | undefined> {
    const row = await maybeOne(db, officeRow, 'SELECT * FROM offices WHERE group_key = $1 AND id = $2', [groupKey, id])
    return row && toOffice(row)
  },
  async offices(db: Queryable, groupKey: string): Promise<Office[]> {
    return (
      await many(db, officeRow, 'SELECT * FROM offices WHERE group_key = $1 ORDER BY state, city, name', [groupKey])
    ).map(toOffice)
  },
  async officesOffering(db: Queryable, groupKey: string, planId: number): Promise<Office[]> {
    const rows = await many(
      db,
      officeRow,
      'SELECT o.* FROM offices o JOIN office_plans op ON op.office_id = o.id WHERE o.group_key = $1 AND op.plan_id = $2 ORDER BY o.state, o.city, o.name',
      [groupKey, planId],
    )
    return rows.map(toOffice)
  },
  async plan(db: Queryable, groupKey: string, id: number): Promise<Plan | undefined> {
    const row = await maybeOne(db, planRow, 'SELECT * FROM plans WHERE group_key = $1 AND id = $2', [groupKey, id])
    return row && toPlan(row)
  },
  async plansAt(db: Queryable, groupKey: string, officeId: number): Promise<Plan[]> {
    const rows = await many(
      db,
      planRow,
      'SELECT p.* FROM plans p JOIN office_plans op ON op.plan_id = p.id WHERE p.group_key = $1 AND op.office_id = $2 ORDER BY p.monthly_price_cents',
      [groupKey, officeId],
    )
    return rows.map(toPlan)
  },
  /** The tenant's listed providers, by name (an office's only, with `officeId`). */
  async providers(db: Queryable, groupKey: string, officeId?: number): Promise<Provider[]> {
    const rows = await many(
      db,
      providerRow,
      `SELECT p.* FROM providers p WHERE p.group_key = $1 AND ($2::integer IS NULL OR p.office_id = $2) AND ${LISTED_PROVIDER} ORDER BY p.name, p.id`,
      [groupKey, officeId ?? null],
    )
    return rows.map(toProvider)
  },
  /** The plans each office offers as its card lists them (name and prices), cheapest monthly first. */
  async planPricesAt(db: Queryable, groupKey: string, officeIds: readonly number[]): Promise<Map<number, PlanPrice[]>> {
    const rows = await many(
      db,
      z.object({
        office_id: z.number(),
        id: z.number(),
        name: z.string(),
        monthly_price_cents: z.number(),
        annual_price_cents: z.number(),
      }),
      `SELECT op.office_id, p.id, p.name, p.monthly_price_cents, p.annual_price_cents FROM office_plans op JOIN plans p ON p.id = op.plan_id
       WHERE p.group_key = $1 AND op.office_id = ANY($2::integer[]) ORDER BY p.monthly_price_cents, p.id`,
      [groupKey, officeIds.map(String)],
    )
    const byOffice = new Map<number, PlanPrice[]>(officeIds.map((id) => [id, []]))
    for (const row of rows)
      byOffice.get(row.office_id)?.push({
        id: row.id,
        name: row.name,
        monthlyPriceCents: row.monthly_price_cents,
        annualPriceCents: row.annual_price_cents,
      })
    return byOffice
  },
  async offers(db: Queryable, officeId: number, planId: number): Promise<boolean> {
    return (
      (await db.query('SELECT 1 FROM office_plans WHERE office_id = $1 AND plan_id = $2', [officeId, planId])).length >
      0
    )
  },
}

const couponRow = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  amount: z.number(),
  expires_at: z.nullable(z.coerce.date()),
  plan_id: z.nullable(z.number()),
  office_id: z.nullable(z.number()),
})

export type CouponCheck =
  | { valid: true; message: string; coupon: { code: string; kind: 'percent' | 'fixed'; amount: number } }
  | { valid: false; message: string }

/** An amount as a receipt and a coupon say it: `$12.50`. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** Checks a coupon for a plan at an office: valid, unknown, expired, or not for this plan or office, each with its message. */
export async function checkCoupon(
  db: Queryable,
  groupKey: string,
  code: string,
  planId: number,
  officeId: number,
  now: Date,
): Promise<CouponCheck> {
  const coupon = await maybeOne(
    db,
    couponRow,
    'SELECT * FROM coupons WHERE group_key = $1 AND upper(code) = upper($2)',
    [groupKey, code.trim()],
  )
  if (!coupon) return { valid: false, message: 'This coupon code does not exist.' }
  if (coupon.expires_at && coupon.expires_at < now) {
    return { valid: false, message: `This coupon expired on ${coupon.expires_at.toISOString().slice(0, 10)}.` }
  }
  if (coupon.plan_id !== null && coupon.plan_id !== planId)
    return { valid: false, message: 'This coupon is not valid for the selected plan.' }
  if (coupon.office_id !== null && coupon.office_id !== officeId)
    return { valid: false, message: 'This coupon is not valid at the selected office.' }
  const off = coupon.kind === 'percent' ? `${coupon.amount}% off` : `${dollars(coupon.amount)} off`
  return {
    valid: true,
    message: `Coupon ${coupon.code} applied: ${off}.`,
    coupon: { code: coupon.code, kind: coupon.kind, amount: coupon.amount },
  }
}

/** A member of a membership and the plan they are on (memberId null: the primary member). */
export interface MemberPlan {
  memberId: number | null
  plan: Plan
}

const cyclePrice = (plan: Plan, billingCycle: 'monthly' | 'annual') =>
  billingCycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents

/**
 * The price of a membership, always computed here from the plans and the coupon (never taken
 * from the browser): each member's plan price (the primary member first), the primary plan's
 * enrollment fee once, less the coupon (a percentage, or a fixed amount up to the total).
 */
export function priceOf(
  members: readonly [MemberPlan, ...MemberPlan[]],
  billingCycle: 'monthly' | 'annual',
  coupon?: CouponCheck,
  includeEnrollment = true,
) {
  const lines = members.map(({ memberId, plan }) => ({
    memberId,
    planId: plan.id,
    planName: plan.name,
    amountCents: cyclePrice(plan, billingCycle),
  }))
  const membersCount = lines.length
  const perMemberCents = lines[0]!.amountCents
  const enrollmentFeeCents = includeEnrollment ? members[0].plan.enrollmentFeeCents : 0
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0) + enrollmentFeeCents
  const discountCents = coupon?.valid
    ? Math.min(
        subtotal,
        coupon.coupon.kind === 'percent' ? Math.round((subtotal * coupon.coupon.amount) / 100) : coupon.coupon.amount,
      )
    : 0
  return {
    membersCount,
    lines,
    perMemberCents,
    enrollmentFeeCents,
    discountCents,
    totalCents: subtotal - discountCents,
    ...(coupon ? { couponMessage: coupon.message } : {}),
  }
}
