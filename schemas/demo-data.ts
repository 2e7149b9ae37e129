import { z } from 'zod'
import { feeScheduleSchema, openingHoursSchema } from './api/catalog.ts'

/** Demo data for one tenant, as `npm run seed` (and the first start) writes it to the database. */
export const demoDataSchema = z.object({
  plans: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      monthlyPriceCents: z.number().int(),
      annualPriceCents: z.number().int(),
      enrollmentFeeCents: z.number().int(),
      maxDependents: z.number().int(),
      feeSchedule: feeScheduleSchema,
    }),
  ),
  offices: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      address: z.object({ line: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
      phone: z.string(),
      hours: openingHoursSchema,
      acceptingNewPatients: z.boolean(),
      planIds: z.array(z.number().int()),
      providers: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          specialty: z.string(),
          languages: z.array(z.string()),
          acceptingNewPatients: z.boolean(),
          accessibility: z.array(z.string()),
        }),
      ),
    }),
  ),
  coupons: z.array(
    z.object({
      code: z.string(),
      kind: z.enum(['percent', 'fixed']),
      amount: z.number().int(),
      expiresAt: z.string().nullable(),
      planId: z.number().int().nullable(),
      officeId: z.number().int().nullable(),
    }),
  ),
  accounts: z.array(
    z.object({
      email: z.string(),
      password: z.string(),
      role: z.enum(['member', 'editor']),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().optional(),
      address: z.object({ line: z.string(), city: z.string(), state: z.string(), zip: z.string() }).optional(),
      dateOfBirth: z.string().optional(),
      balanceCents: z.number().int().default(0),
      dependents: z.array(z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), relationship: z.string() })).default([]),
      subscription: z
        .object({ planId: z.number().int(), officeId: z.number().int(), billingCycle: z.enum(['monthly', 'annual']), startedAt: z.string(), renewsAt: z.string() })
        .optional(),
      card: z.object({ last4: z.enum(['4242', '4444']), brand: z.string(), expMonth: z.number(), expYear: z.number(), zip: z.string() }).optional(),
      receipts: z.array(z.object({ description: z.string(), amountCents: z.number().int(), paidAt: z.string() })).default([]),
    }),
  ),
})
export type DemoDataInput = z.input<typeof demoDataSchema>
export type DemoData = z.output<typeof demoDataSchema>
