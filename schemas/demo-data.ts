import { z } from './engine/zod.ts'
import { officeSchema, planSchema, providerSchema } from './api/directory.ts'

/** Demo data for one tenant, as `npm run seed` (and the first start) writes it to the database. */
const demoDataShape = z.object({
  plans: z.array(planSchema),
  offices: z.array(
    z.extend(z.omit(officeSchema, { latitude: true, longitude: true }), {
      /** The plans the office offers. */
      planIds: z.array(z.number().check(z.int())),
      providers: z.array(z.omit(providerSchema, { officeId: true })),
    }),
  ),
  coupons: z.array(
    z.object({
      code: z.string(),
      kind: z.enum(['percent', 'fixed']),
      amount: z.number().check(z.int()),
      expiresAt: z.nullable(z.string()),
      planId: z.nullable(z.number().check(z.int())),
      officeId: z.nullable(z.number().check(z.int())),
    }),
  ),
  accounts: z.array(
    z.object({
      email: z.string(),
      password: z.string(),
      /** `staff`: a staff account that is neither a member nor a content manager. */
      role: z.enum(['member', 'editor', 'staff']),
      /** The console's roles (an editor is a content manager too, without saying so). */
      staffRoles: z._default(z.array(z.enum(['support', 'admin', 'content'])), []),
      /** A TOTP secret (base32) the account is enrolled with: for the demo only, real staff enrol their own. */
      totpSecret: z.optional(z.string()),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.optional(z.string()),
      address: z.optional(z.object({ line: z.string(), city: z.string(), state: z.string(), zip: z.string() })),
      dateOfBirth: z.optional(z.string()),
      balanceCents: z._default(z.number().check(z.int()), 0),
      dependents: z._default(
        z.array(
          z.object({
            firstName: z.string(),
            lastName: z.string(),
            dateOfBirth: z.string(),
            relationship: z.string(),
            planId: z.optional(z.number().check(z.int())),
          }),
        ),
        [],
      ),
      subscription: z.optional(
        z.object({
          planId: z.number().check(z.int()),
          officeId: z.number().check(z.int()),
          billingCycle: z.enum(['monthly', 'annual']),
          startedAt: z.string(),
          renewsAt: z.string(),
        }),
      ),
      card: z.optional(
        z.object({
          last4: z.enum(['4242', '4444']),
          brand: z.string(),
          expMonth: z.number(),
          expYear: z.number(),
          zip: z.string(),
        }),
      ),
      receipts: z._default(
        z.array(z.object({ description: z.string(), amountCents: z.number().check(z.int()), paidAt: z.string() })),
        [],
      ),
    }),
  ),
})

/** Demo data for one tenant, checked for what would break the seed half-way (duplicate ids, unknown plans). */
export const demoDataSchema = demoDataShape.check(
  z.superRefine((data, ctx) => {
    // Ids are primary keys across tenants and NPIs identify a provider nationally: a duplicate
    // in the data would fail the seed half-way, so it fails here with its path instead.
    const plans = new Set(data.plans.map((plan) => plan.id))
    const seen = { office: new Set<number>(), provider: new Set<number>(), npi: new Set<string>() }
    const once = <T>(set: Set<T>, value: T, path: (string | number)[], what: string) => {
      if (set.has(value)) ctx.addIssue({ code: 'custom', path, message: `Duplicate ${what} ${String(value)}` })
      set.add(value)
    }
    for (const [o, office] of data.offices.entries()) {
      once(seen.office, office.id, ['offices', o, 'id'], 'office id')
      for (const [p, planId] of office.planIds.entries()) {
        if (!plans.has(planId))
          ctx.addIssue({ code: 'custom', path: ['offices', o, 'planIds', p], message: `Unknown plan ${planId}` })
      }
      for (const [p, provider] of office.providers.entries()) {
        once(seen.provider, provider.id, ['offices', o, 'providers', p, 'id'], 'provider id')
        once(seen.npi, provider.npi, ['offices', o, 'providers', p, 'npi'], 'NPI')
      }
    }
  }),
)
export type DemoDataInput = z.input<typeof demoDataSchema>
export type DemoData = z.output<typeof demoDataSchema>
