import { z } from '../engine/zod.ts'
import {
  CHANGE_IN_PLACE_EVENTS,
  MEMBERSHIP_EVENTS,
  membershipStateSchema,
  type ChangeInPlace,
  type MembershipEvent,
} from '../membership-lifecycle.ts'
import { contract } from '../engine/contract.ts'
import { officeSchema, planSchema } from './catalog.ts'
import { priceSchema } from './price.ts'
import { renewalLinkTokenSchema } from '../search.ts'
import {
  addressSchema,
  autoRenewalConsentSchema,
  cardTokenSchema,
  centsSchema,
  dateSchema,
  emailSchema,
  idempotencyKeySchema,
  idParam,
  idSchema,
  nameSchema,
  okSchema,
  PG_INT_MAX,
  phoneSchema,
} from './common.ts'

export const relationshipSchema = z.enum(['spouse', 'partner', 'child', 'other'])

export const dependentInputSchema = z.object({
  firstName: nameSchema.check(z.describe('First name')),
  lastName: nameSchema.check(z.describe('Last name')),
  dateOfBirth: dateSchema.check(z.describe('Date of birth')),
  relationship: relationshipSchema.check(z.describe('Relationship')),
  /** The dependent's own plan; absent, the dependent is on the member's plan. */
  planId: z.optional(idSchema).check(z.describe('Plan (absent: the member’s plan)')),
})
export type DependentInput = z.input<typeof dependentInputSchema>

export const dependentSchema = z.object({
  id: z.number().check(z.int()),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  relationship: relationshipSchema,
  /** Null: on the member's plan. Stored checkouts from before per-dependent plans have none. */
  planId: z._default(z.nullable(z.number().check(z.int())), null),
})
export type Dependent = z.output<typeof dependentSchema>

export const subscriptionSchema = z.object({
  id: z.number().check(z.int()),
  planId: z.number().check(z.int()),
  planName: z.string(),
  officeId: z.nullable(z.number().check(z.int())),
  officeName: z.nullable(z.string()),
  billingCycle: z.enum(['monthly', 'annual']),
  status: membershipStateSchema,
  autoRenew: z.boolean(),
  startedAt: z.string(),
  renewsAt: z.string(),
  /** When cover ends (ending; past due: the last retry's day, unless a payment goes through) or ended (cancelled, expired). */
  endsAt: z.nullable(z.string()),
  /** When a past-due membership's card is tried again. */
  nextRetryAt: z.nullable(z.string()),
  /** The price at the next renewal: every member's plan, the coupon while it applies. */
  priceCents: centsSchema,
  /** What the next renewal charges: that price, never more than the member was told in time for it. */
  renewalCents: centsSchema,
  /** The member's time zone: the membership's days (joined, renews, ends) are the days there. */
  timeZone: z.string(),
})
export type Subscription = z.infer<typeof subscriptionSchema>

export const memberInfoSchema = z.object({
  id: z.number().check(z.int()),
  memberNumber: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  address: z.nullable(addressSchema),
  dateOfBirth: z.nullable(z.string()),
  balanceCents: centsSchema,
  emailVerified: z.boolean(),
  subscription: z.nullable(subscriptionSchema),
  dependents: z.array(dependentSchema),
  paymentMethod: z.nullable(
    z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
  ),
})
export type MemberInfo = z.infer<typeof memberInfoSchema>

export const memberUpdateSchema = z
  .partial(
    z.object({
      firstName: nameSchema,
      lastName: nameSchema,
      email: emailSchema,
      phone: phoneSchema,
      address: addressSchema,
    }),
  )
  .check(z.refine((value) => Object.keys(value).length > 0, 'Send at least one field to change'))

export const autoRenewSchema = z.object({ autoRenew: z.boolean() })
export const updateBillingSchema = z.object({ cardToken: cardTokenSchema })

export const balanceSchema = z.object({
  balanceCents: centsSchema,
  nextChargeCents: z.nullable(centsSchema),
  nextChargeAt: z.nullable(z.string()),
})

export const idCardSchema = z.object({
  memberNumber: z.string(),
  name: z.string(),
  relationship: z.string(),
  planName: z.string(),
  groupKey: z.string(),
  effectiveDate: z.string(),
  validThrough: z.string(),
  officeName: z.nullable(z.string()),
  customerServicePhone: z.nullable(z.string()),
  /** The membership's state: a cancelled or expired membership's cards are no longer valid. */
  status: z._default(membershipStateSchema, 'active'),
  /** The day cover ended (cancelled, expired), or null while it lasts. */
  endedOn: z._default(z.nullable(z.string()), null),
})

export const receiptSchema = z.object({
  id: z.number().check(z.int()),
  description: z.string(),
  amountCents: centsSchema,
  cardLast4: z.string(),
  paidAt: z.string(),
  /** What was refunded of it (0 when nothing). */
  refundedCents: centsSchema,
})
export type Receipt = z.infer<typeof receiptSchema>

export const receiptsSchema = z.object({ receipts: z.array(receiptSchema) })

/**
 * A membership bought by a signed-in account (joining again from the dashboard): the office, the
 * plan, and family members to add with it (those already on the account are kept).
 */
export const purchaseOrderSchema = z.object({
  planId: idSchema,
  officeId: idSchema,
  billingCycle: z.enum(['monthly', 'annual']),
  couponCode: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  /** Family members added with the membership (no membership, no dependents: they come with it). */
  newDependents: z._default(z.array(dependentInputSchema).check(z.maxLength(10)), []),
})
export const purchaseSubscriptionSchema = z.extend(purchaseOrderSchema, {
  /** A new card from the card fields, kept on file; absent, the card on file pays. */
  cardToken: z.optional(cardTokenSchema),
  idempotencyKey: idempotencyKeySchema,
  /** Given apart from the Terms of Service, as at the checkout; recorded on the new membership with the terms shown. */
  autoRenewalConsent: autoRenewalConsentSchema,
})
export const renewSubscriptionSchema = z.object({ idempotencyKey: idempotencyKeySchema })

export const paymentResultSchema = z.object({
  receipt: receiptSchema,
  subscription: subscriptionSchema,
})

export const payBalanceSchema = z.object({ idempotencyKey: idempotencyKeySchema })
export const payBalanceResultSchema = z.object({ receipt: receiptSchema, balanceCents: centsSchema })

/**
 * What a change of plan or of the household costs, asked before the member confirms it: the
 * difference a period, charged (or refunded) now for the paid days left, and the renewal after it.
 */
export const changeQuoteSchema = z.object({
  billingCycle: z.enum(['monthly', 'annual']),
  /** The membership's price a period, before and after the change. */
  currentCents: centsSchema,
  newCents: centsSchema,
  differenceCents: centsSchema,
  /** Charged now (above 0) or refunded now (below 0): the difference for the paid days left. */
  dueNowCents: centsSchema,
  /** The paid time the change is priced for: from today to this day (the renewal, or the end). */
  paidThrough: z.string(),
  daysLeft: z.number().check(z.int(), z.nonnegative()),
  /** The days of a period (this one's), the pro rata's divisor. */
  periodDays: z.number().check(z.int(), z.positive()),
  /** What the next renewal charges after the change, and when; null when the membership does not renew. */
  renewalCents: z.nullable(centsSchema),
  renewsAt: z.nullable(z.string()),
  /** The card charged or refunded (its last four digits). */
  cardLast4: z.nullable(z.string()),
  /** The membership's time zone: its days are counted there. */
  timeZone: z.string(),
})
export type ChangeQuote = z.infer<typeof changeQuoteSchema>

/** What a plan switch would change, before the member confirms it. */
export const switchQuoteSchema = z.extend(changeQuoteSchema, {
  planId: z.number().check(z.int()),
  planName: z.string(),
})

/**
 * The member's yes to a change's amount: `confirmedCents` is the quote's `dueNowCents` as shown
 * (a change that costs or refunds something is refused without it, or when it no longer holds), and
 * `idempotencyKey` makes its payment once however often it is sent.
 */
export const changeConfirmSchema = z.object({
  confirmedCents: z.optional(
    z
      .number()
      .check(z.int(), z.gte(-PG_INT_MAX), z.lte(PG_INT_MAX), z.describe('The amount due now, as quoted, in cents')),
  ),
  idempotencyKey: z.optional(idempotencyKeySchema),
})

/** A change of the household to quote: a dependent added, changed (their plan) or removed. */
export const householdChangeSchema = z.discriminatedUnion('change', [
  z.object({ change: z.literal('add'), dependent: dependentInputSchema }),
  z.object({ change: z.literal('update'), id: idSchema, dependent: dependentInputSchema }),
  z.object({ change: z.literal('remove'), id: idSchema }),
])
export type HouseholdChange = z.infer<typeof householdChangeSchema>

/** What cancelling would do now: asked before the member confirms, and answered by the cancellation. */
export const cancellationQuoteSchema = z.object({
  /** `now`: cover ends today (with `refundCents` back); `at_period_end`: it ends on `endsAt`, renewal off. */
  kind: z.enum(['now', 'at_period_end']),
  /** Why: within the refund window, a pro-rata refund (an annual plan where the state requires it), past due, or after the window. */
  reason: z.enum(['refund_window', 'pro_rata', 'past_due', 'period_end']),
  refundCents: centsSchema,
  /** When cover ends: now, or the period's end. */
  endsAt: z.string(),
  /** The card the refund goes back to (the last four digits), when there is a refund. */
  cardLast4: z.nullable(z.string()),
})
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>

export const cancellationSchema = z.object({
  subscription: subscriptionSchema,
  outcome: cancellationQuoteSchema,
})

/** What happened: joining, or one of the model's moves (schemas/membership-lifecycle.ts). */
export const historyEventKindSchema = z.enum(['joined', ...MEMBERSHIP_EVENTS, ...CHANGE_IN_PLACE_EVENTS] as [
  'joined',
  ...(MembershipEvent | ChangeInPlace)[],
])
export type HistoryEventKind = z.infer<typeof historyEventKindSchema>

/** One change of the membership, as the dashboard lists it. */
export const membershipHistoryEventSchema = z.object({
  at: z.string(),
  event: historyEventKindSchema,
  /** Who made it: the member, the staff, the scheduled jobs or the checkout. */
  by: z.enum(['member', 'staff', 'jobs', 'checkout']),
  from: z.nullable(membershipStateSchema),
  to: membershipStateSchema,
  /** What this change charged (a renewal, joining), or null. */
  chargedCents: z.nullable(centsSchema),
  /** What this change refunded (a cancellation), or null. */
  refundedCents: z.nullable(centsSchema),
  /** The receipt of the charge or of the refunded payment. */
  receiptId: z.nullable(z.number().check(z.int())),
})
export type MembershipHistoryEvent = z.infer<typeof membershipHistoryEventSchema>
export const membershipHistorySchema = z.object({ events: z.array(membershipHistoryEventSchema) })

/** A renewal notice's link (`/renewal?token=`): the membership it turns renewal off for, without signing in. */
export const renewalLinkSchema = z.object({
  firstName: z.string(),
  plan: z.string(),
  status: membershipStateSchema,
  autoRenew: z.boolean(),
  renewsAt: z.string(),
  /** When cover ends, once renewal is off. */
  endsAt: z.nullable(z.string()),
  priceCents: centsSchema,
  /** The member's time zone: the dates said are the days there. */
  timeZone: z.string(),
})
export type RenewalLink = z.infer<typeof renewalLinkSchema>

const MEMBER = ['Member']
/** The signed-in member's own account: every path sees and changes only the caller's data. */
export const memberApi = {
  info: contract({
    method: 'get',
    path: '/api/v4/member/info',
    summary: 'The member’s account, plan, dependents and card',
    tags: MEMBER,
    access: 'member',
    response: memberInfoSchema,
  }),
  update: contract({
    method: 'post',
    path: '/api/v4/member/update',
    summary: 'Changes the member’s name, email, phone or address',
    tags: MEMBER,
    access: 'member',
    body: memberUpdateSchema,
    response: memberInfoSchema,
  }),
  autoRenew: contract({
    method: 'post',
    path: '/api/v4/member/autoRenew',
    summary: 'Turns automatic renewal on or off',
    tags: MEMBER,
    access: 'member',
    body: autoRenewSchema,
    response: subscriptionSchema,
  }),
  locations: contract({
    method: 'get',
    path: '/api/v4/member/locations',
    summary: 'Offices that accept the member’s plan',
    tags: MEMBER,
    access: 'member',
    response: z.object({ locations: z.array(officeSchema) }),
  }),
  updateBilling: contract({
    method: 'post',
    path: '/api/v4/member/updateBilling',
    summary:
      'Replaces the card on file (the number goes to the processor; only a token and the last four digits are kept)',
    tags: MEMBER,
    access: 'member',
    body: updateBillingSchema,
    response: memberInfoSchema,
  }),
  balance: contract({
    method: 'get',
    path: '/api/v4/member/balance',
    summary: 'What the member owes and the next charge',
    tags: MEMBER,
    access: 'member',
    response: balanceSchema,
  }),
  payBalance: contract({
    method: 'post',
    path: '/api/v4/member/payBalance',
    summary: 'Pays the balance with the card on file (charged once per idempotency key)',
    tags: MEMBER,
    access: 'member',
    body: payBalanceSchema,
    response: payBalanceResultSchema,
  }),
  idCard: contract({
    method: 'get',
    path: '/api/v4/member/idCard/:id',
    summary:
      'The ID card of the member (their own id) or of one of their dependents (`person` says which, as the two kinds of id may coincide)',
    tags: MEMBER,
    access: 'member',
    params: idParam,
    query: z.object({
      person: z
        .optional(z.enum(['member', 'dependent']))
        .check(z.describe('Whose id this is; absent, the member’s own when it is their id')),
    }),
    response: idCardSchema,
  }),
  receipts: contract({
    method: 'get',
    path: '/api/v4/member/receipts',
    summary: 'The member’s receipts, newest first',
    tags: MEMBER,
    access: 'member',
    response: receiptsSchema,
  }),
  receipt: contract({
    method: 'get',
    path: '/api/v4/member/receipt/:id',
    summary: 'One of the member’s receipts',
    tags: MEMBER,
    access: 'member',
    params: idParam,
    response: receiptSchema,
  }),
  cancellationQuote: contract({
    method: 'get',
    path: '/api/v4/member/cancellation',
    summary:
      'What cancelling would do now: cancelled today with the refund it gives, or ending at the period’s end (nothing changes)',
    tags: MEMBER,
    access: 'member',
    response: cancellationQuoteSchema,
  }),
  cancel: contract({
    method: 'post',
    path: '/api/v4/member/cancel',
    summary:
      'Cancels the membership by the rules the quote states (409 when it has already ended or its renewal is being charged)',
    tags: MEMBER,
    access: 'member',
    response: cancellationSchema,
  }),
  renewalLink: contract({
    method: 'get',
    path: '/api/v4/membership/renewal',
    summary:
      'The membership a renewal notice’s link names (400 when the link has expired or is not valid): its plan, renewal date, price and whether renewal is on',
    tags: MEMBER,
    access: 'public',
    query: z.object({ token: renewalLinkTokenSchema }),
    response: renewalLinkSchema,
  }),
  renewalOff: contract({
    method: 'post',
    path: '/api/v4/membership/renewalOff',
    summary:
      'Turns automatic renewal off for the membership a renewal notice’s link names, without signing in (once; again answers it off); 409 when its renewal is being charged or it has ended',
    tags: MEMBER,
    access: 'public',
    body: z.object({ token: renewalLinkTokenSchema }),
    response: renewalLinkSchema,
  }),
  history: contract({
    method: 'get',
    path: '/api/v4/member/history',
    summary: 'The membership’s changes, newest first: when, what, from and to which state, and the amount',
    tags: MEMBER,
    access: 'member',
    response: membershipHistorySchema,
  }),
  plans: contract({
    method: 'get',
    path: '/api/v4/member/plans',
    summary: 'The plans the member can choose at their office (for a switch, or a dependent’s own plan)',
    tags: MEMBER,
    access: 'member',
    response: z.object({ plans: z.array(planSchema) }),
  }),
  switchQuote: contract({
    method: 'get',
    path: '/api/v4/member/switch/:id',
    summary: 'What switching to this plan would cost, before confirming',
    tags: MEMBER,
    access: 'member',
    params: idParam,
    response: switchQuoteSchema,
  }),
  switchPlan: contract({
    method: 'post',
    path: '/api/v4/member/switch/:id',
    summary:
      'Switches the membership to another plan now: the difference is charged (or refunded) for the paid days left, as quoted and confirmed; the renewal is at the new price',
    tags: MEMBER,
    access: 'member',
    params: idParam,
    body: changeConfirmSchema,
    response: subscriptionSchema,
  }),
  dependents: contract({
    method: 'get',
    path: '/api/v4/member/dependents',
    summary: 'The member’s dependents',
    tags: MEMBER,
    access: 'member',
    response: z.object({ dependents: z.array(dependentSchema) }),
  }),
  addDependent: contract({
    method: 'post',
    path: '/api/v4/member/dependents',
    summary:
      'Adds a dependent (within the plan’s limit), on the member’s plan or their own: charged for the paid days left, as quoted and confirmed',
    tags: MEMBER,
    access: 'member',
    status: 201,
    body: z.extend(dependentInputSchema, changeConfirmSchema.shape),
    response: dependentSchema,
  }),
  updateDependent: contract({
    method: 'put',
    path: '/api/v4/member/dependents/:id',
    summary:
      'Changes one of the member’s dependents (another plan is charged or refunded for the paid days left, as quoted and confirmed)',
    tags: MEMBER,
    access: 'member',
    params: idParam,
    body: z.extend(dependentInputSchema, changeConfirmSchema.shape),
    response: dependentSchema,
  }),
  removeDependent: contract({
    method: 'delete',
    path: '/api/v4/member/dependents/:id',
    summary: 'Removes one of the member’s dependents (refunded for the paid days left, as quoted and confirmed)',
    tags: MEMBER,
    access: 'member',
    params: idParam,
    body: changeConfirmSchema,
    response: okSchema,
  }),
  householdQuote: contract({
    method: 'post',
    path: '/api/v4/member/householdQuote',
    summary:
      'What adding, changing or removing a dependent would charge or refund now and at renewal (nothing is changed)',
    tags: MEMBER,
    access: 'member',
    body: householdChangeSchema,
    response: changeQuoteSchema,
  }),
  purchaseQuote: contract({
    method: 'post',
    path: '/api/v4/member/purchaseQuote',
    summary: 'What buying this membership would cost now, line by line (nothing is charged or kept)',
    tags: MEMBER,
    access: 'member',
    body: purchaseOrderSchema,
    response: priceSchema,
  }),
  purchaseSubscription: contract({
    method: 'post',
    path: '/api/v4/member/purchaseSubscription',
    summary: 'Buys a membership with the card on file (price recomputed here; charged once per idempotency key)',
    tags: MEMBER,
    access: 'member',
    status: 201,
    body: purchaseSubscriptionSchema,
    response: paymentResultSchema,
  }),
  renewSubscription: contract({
    method: 'post',
    path: '/api/v4/member/renewSubscription',
    summary: 'Renews the membership for another period with the card on file (charged once per idempotency key)',
    tags: MEMBER,
    access: 'member',
    body: renewSubscriptionSchema,
    response: paymentResultSchema,
  }),
}
