import { z } from '../engine/zod.ts'
import { centsSchema } from './common.ts'

/** One member's line of a price: the member (null: the primary member), their plan and its price. */
export const priceLineSchema = z.object({
  memberId: z.nullable(z.number().check(z.int())),
  planId: z.number().check(z.int()),
  planName: z.string(),
  amountCents: centsSchema,
})

/** What an order costs, line by line: the checkout's and a member's purchase from the dashboard. */
export const priceSchema = z.object({
  membersCount: z.number().check(z.int()),
  lines: z._default(z.array(priceLineSchema), []),
  perMemberCents: centsSchema,
  enrollmentFeeCents: centsSchema,
  discountCents: centsSchema,
  totalCents: centsSchema,
  couponMessage: z.optional(z.string()),
  /**
   * The time zone the membership's days are counted in (the buyer's state's, the tenant's until the
   * address is known): the renewal date shown before paying is the day there.
   */
  timeZone: z._default(z.string(), 'UTC'),
})
export type Price = z.infer<typeof priceSchema>
