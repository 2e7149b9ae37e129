// The members feature's contracts (server/features/members): the member's account and membership,
// sign-in and the session, passwords and sign-up, and member services' screens of a member.
import { z } from '../engine/zod.ts'
import {
  CHANGE_IN_PLACE_EVENTS,
  MEMBERSHIP_EVENTS,
  membershipStateSchema,
  type ChangeInPlace,
  type MembershipEvent,
} from '../membership-lifecycle.ts'
import { GRIEVANCE_STATUSES } from '../grievance-deadlines.ts'
import { contract } from '../engine/contract.ts'
import { LOCALE_CODE } from '../engine/localized.ts'
import { sessionApi } from './session.ts'
import { officeSchema, planSchema } from './directory.ts'
import { grievanceCategories } from './grievances.ts'
import { priceSchema } from './price.ts'
import { renewalLinkTokenSchema } from '../search.ts'
import {
  addressSchema,
  autoRenewalConsentSchema,
  cardTokenSchema,
  centsSchema,
  dateSchema,
  EMAIL_MAX_LENGTH,
  emailSchema,
  idempotencyKeySchema,
  idParam,
  idSchema,
  idText,
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
  /** The language the member's mail is written in (null: the site's default). */
  language: z.nullable(z.string()),
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
      language: z
        .string()
        .check(
          z.maxLength(35),
          z.regex(LOCALE_CODE, 'Must be a language code such as es'),
          z.describe('The language of the member’s mail: one the site is published in'),
        ),
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
    summary: 'Offices that accept the member’s plan: their own first, then the nearest to their home',
    tags: MEMBER,
    access: 'member',
    query: z.object({
      limit: z
        .optional(z.coerce.number().check(z.int('A whole number'), z.gte(1, 'At least 1'), z.lte(500, 'At most 500')))
        .check(z.describe('At most this many (the first, in that order); absent, all of them')),
    }),
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

const SESSION = ['Session']

export const resetPasswordEmailSchema = z.object({ email: emailSchema })
export const setNewPasswordSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(200)),
  password: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
})
/** A signed-in member's new password: the current one first, then the new one (the reset page's rules). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, 'Enter your current password'), z.maxLength(256)),
  password: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
})
export const validateEmailSchema = z.object({
  email: z.string().check(z.maxLength(EMAIL_MAX_LENGTH, `Use at most ${EMAIL_MAX_LENGTH} characters`)),
})
export const validateEmailResponseSchema = z.object({ valid: z.boolean(), message: z.optional(z.string()) })

export const signupSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
  firstName: nameSchema,
  lastName: nameSchema,
  phone: z.optional(phoneSchema),
})

/** Sign-in, session check, sign-out, password reset and sign-up. */
export const authApi = {
  ...sessionApi,
  resetPasswordEmail: contract({
    method: 'post',
    path: '/api/v4/member/resetPasswordEmail',
    summary: 'Mails a single-use link to choose a new password (answers the same whether the account exists or not)',
    tags: SESSION,
    access: 'public',
    body: resetPasswordEmailSchema,
    response: okSchema,
  }),
  setNewPassword: contract({
    method: 'post',
    path: '/api/v4/member/setNewPassword',
    summary: 'Sets a new password with a reset link’s token; ends every session of the account; does not sign in',
    tags: SESSION,
    access: 'public',
    body: setNewPasswordSchema,
    response: okSchema,
  }),
  changePassword: contract({
    method: 'post',
    path: '/api/v4/member/changePassword',
    summary:
      'Changes the signed-in member’s password after checking the current one (throttled like sign-in); ends every other session of the account and tells the member by mail',
    tags: SESSION,
    access: 'member',
    body: changePasswordSchema,
    response: okSchema,
  }),
  validateEmail: contract({
    method: 'post',
    path: '/api/v4/member/validateEmail',
    summary: 'Checks an email address before sign-up (its form only: it never tells whether an account exists)',
    tags: SESSION,
    access: 'public',
    body: validateEmailSchema,
    response: validateEmailResponseSchema,
  }),
  signup: contract({
    method: 'post',
    path: '/api/v4/member/signup',
    summary: 'Creates a member account (the same answer when the email is taken: its owner is told by mail)',
    tags: SESSION,
    access: 'public',
    status: 201,
    body: signupSchema,
    response: okSchema,
  }),
}

/** What member services type: a name's start (last name, or last then first), an email, phone digits or a member number. */
export const memberSearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(2, 'Type at least 2 characters'), z.maxLength(100)),
})

/** How the search read what was typed (each form is its own index: server/features/members/staff-members.ts). */
export const MEMBER_SEARCH_KINDS = ['name', 'email', 'phone', 'member_number'] as const

export const memberSearchRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  memberNumber: z.string(),
  phone: z.nullable(z.string()),
  /** The latest membership's state (null: never joined). */
  status: z.nullable(membershipStateSchema),
})
export type MemberSearchRow = z.output<typeof memberSearchRowSchema>

/** At most `MEMBER_SEARCH_LIMIT` members, in the order of the form searched; `more` when others match too. */
export const memberSearchSchema = z.object({
  kind: z.enum(MEMBER_SEARCH_KINDS),
  members: z.array(memberSearchRowSchema),
  more: z.boolean(),
})
export const MEMBER_SEARCH_LIMIT = 25

/** A receipt with each of its refunds: how much, why, when. */
export const staffReceiptSchema = z.extend(receiptSchema, {
  refunds: z.array(z.object({ amountCents: centsSchema, reason: z.string(), at: z.string() })),
})

/** A mail the outbox holds for the member's address (its words are not shown: a reset mail carries a sign-in link). */
export const sentMailSchema = z.object({
  subject: z.string(),
  at: z.string(),
  /** When the SMTP server took it (null: not sent yet, or no SMTP server configured). */
  sentAt: z.nullable(z.string()),
})

/** A member's record as member services see it: what the member's own pages show, and the mails sent. */
export const staffMemberRecordSchema = z.object({
  id: z.number(),
  memberNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  address: z.nullable(addressSchema),
  dateOfBirth: z.nullable(z.string()),
  joinedAt: z.string(),
  /** The language the member's mail is written in (a code: `es`; the site's default when they never chose). */
  language: z.string(),
  balanceCents: z.number(),
  subscription: z.nullable(subscriptionSchema),
  history: z.array(membershipHistoryEventSchema),
  dependents: z.array(dependentSchema),
  receipts: z.array(staffReceiptSchema),
  /** The card on file: its brand and last four digits only. */
  card: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  grievances: z.array(
    z.object({
      id: z.number(),
      reference: z.string(),
      filedAt: z.string(),
      category: z.enum(grievanceCategories),
      status: z.enum(GRIEVANCE_STATUSES),
      urgent: z.boolean(),
    }),
  ),
  mails: z.array(sentMailSchema),
  /**
   * The renewal price the member was last told (null: none recorded): the amount, when, and how
   * (`joined`, `notice`, `notice_resent`, `price_change`, `member_change`, `renewal`, `reinstated`).
   */
  renewalTold: z.nullable(
    z.object({ amountCents: centsSchema, at: z.nullable(z.string()), by: z.nullable(z.string()) }),
  ),
  /** Written cancellation requests recorded by member services: the date the member made each, newest first. */
  writtenCancellations: z.array(
    z.object({
      requestedOn: z.string(),
      recordedAt: z.string(),
      outcome: z.enum(['now', 'at_period_end']),
      endsAt: z.string(),
      refundCents: centsSchema,
    }),
  ),
})
export type StaffMemberRecord = z.output<typeof staffMemberRecordSchema>

/** Why an action is taken: required, kept in the audit trail. */
const reason = z.string().check(z.trim(), z.minLength(1, 'Say why (it is kept in the audit trail)'), z.maxLength(1000))
export const memberActionSchema = z.object({ reason })

/** A refund of a receipt: all that is left of it (no amount), or part of it; once per idempotency key. */
export const memberRefundSchema = z.object({
  reason,
  amountCents: z.optional(
    z
      .number()
      .check(z.int(), z.positive('Refund more than $0.00'), z.maximum(PG_INT_MAX, 'That is more than any receipt')),
  ),
  idempotencyKey: idempotencyKeySchema,
})

/**
 * Corrected contact details, checked as the member's own profile form checks them (at least one:
 * the service says so after finding the member, so another tenant's staff learn nothing more).
 */
export const memberContactSchema = z.object({
  reason,
  email: z.optional(emailSchema),
  phone: z.optional(phoneSchema),
  address: z.optional(addressSchema),
})

/** Reinstating an ended membership: with a charge (the lapsed period, or the cancellation's refund charged back) or without. */
export const memberReinstateSchema = z.object({
  reason,
  charge: z
    .boolean()
    .check(z.describe('Charge the card on file (true) or restore the period already paid for (false)')),
})

/** One way of reinstating, as the rules give it now: what it would do, or why it cannot. */
const reinstateOptionSchema = z.object({
  possible: z.boolean(),
  /** What it does (possible) or why it is refused, in a sentence for the staff member. */
  message: z.string(),
  amountCents: centsSchema,
  /** When cover would end (the renewal date), when possible. */
  through: z.nullable(z.string()),
})
export const reinstateQuoteSchema = z.object({ charge: reinstateOptionSchema, free: reinstateOptionSchema })
export type ReinstateQuote = z.output<typeof reinstateQuoteSchema>

/**
 * A cancellation the member asked for in writing, with the date they made it (not in the future):
 * the policy's refund window runs from that date.
 */
export const writtenCancellationSchema = z.object({
  reason,
  requestedOn: dateSchema.check(z.describe('The day the member made the written request (YYYY-MM-DD)')),
})

export const memberReceiptParams = z.object({ id: idText, receiptId: idText })

/** What an action did: the record as it is now, and a sentence for the staff member. */
export const memberActionResultSchema = z.object({ member: staffMemberRecordSchema, message: z.string() })

const MEMBERS = ['Staff: members']
const MEMBER_SERVICES = { staff: ['support', 'admin'] } as const
const BASE = '/api/v4/staff/members'

/** An action on a member: a reason required, one audit entry in the change's transaction; 404 for another tenant's member. */
const memberAction = <Body extends z.ZodMiniType>(path: `/${string}`, summary: string, body: Body) =>
  contract({
    method: 'post',
    path: `${BASE}/:id${path}`,
    summary,
    tags: MEMBERS,
    access: MEMBER_SERVICES,
    params: idParam,
    body,
    response: memberActionResultSchema,
  })
const receiptAction = <Body extends z.ZodMiniType>(action: string, summary: string, body: Body) =>
  contract({
    method: 'post',
    path: `${BASE}/:id/receipts/:receiptId/${action}`,
    summary,
    tags: MEMBERS,
    access: MEMBER_SERVICES,
    params: memberReceiptParams,
    body,
    response: memberActionResultSchema,
  })

/** Members for member services (issue 29, docs/adr/0026): search, the record, and its actions. */
export const staffMembersApi = {
  members: contract({
    method: 'get',
    path: BASE,
    summary:
      'Finds the tenant’s members by a name’s start (last name, or last then first), an email’s start, phone digits or a member number; at most 25',
    tags: MEMBERS,
    access: MEMBER_SERVICES,
    query: memberSearchQuerySchema,
    response: memberSearchSchema,
  }),
  member: contract({
    method: 'get',
    path: `${BASE}/:id`,
    summary:
      'A member’s record: membership and history, dependents, receipts with their refunds, card (brand and last 4), grievances, mails sent',
    tags: MEMBERS,
    access: MEMBER_SERVICES,
    params: idParam,
    response: staffMemberRecordSchema,
  }),
  cancellation: contract({
    method: 'get',
    path: `${BASE}/:id/cancellation`,
    summary: 'What cancelling the member’s membership would do now, by the rules (refund, or the end of the period)',
    tags: MEMBERS,
    access: MEMBER_SERVICES,
    params: idParam,
    response: cancellationQuoteSchema,
  }),
  resendIdCard: memberAction(
    '/resendIdCard',
    'Mails the member their ID cards (theirs and their dependents’) again',
    memberActionSchema,
  ),
  autoRenewOff: memberAction(
    '/autoRenewOff',
    'Turns automatic renewal off: the membership ends at the period’s end (the member is mailed)',
    memberActionSchema,
  ),
  cancel: memberAction(
    '/cancel',
    'Cancels the membership with the refund the rules give, or at the period’s end after the refund window (the member is mailed)',
    memberActionSchema,
  ),
  autoRenewOn: memberAction(
    '/autoRenewOn',
    'Turns automatic renewal back on for a membership set to end and not ended yet (the member is mailed)',
    memberActionSchema,
  ),
  reinstatement: contract({
    method: 'get',
    path: `${BASE}/:id/reinstatement`,
    summary: 'What reinstating the member’s ended membership would do now, with a charge and without one',
    tags: MEMBERS,
    access: MEMBER_SERVICES,
    params: idParam,
    response: reinstateQuoteSchema,
  }),
  reinstate: memberAction(
    '/reinstate',
    'Reinstates an expired or cancelled membership, with a charge to the card on file (once per membership and ended period) or without one to the end of the period already paid for (the member is mailed)',
    memberReinstateSchema,
  ),
  resendRenewalNotice: memberAction(
    '/resendRenewalNotice',
    'Mails the renewal notice again (the annual notice, or a monthly membership’s price notice) and records that the member was told',
    memberActionSchema,
  ),
  writtenCancellation: memberAction(
    '/writtenCancellation',
    'Records a cancellation the member asked for in writing, with its date, and cancels as of that date by the policy (the member is mailed)',
    writtenCancellationSchema,
  ),
  correctContact: memberAction(
    '/contact',
    'Corrects the member’s email, phone or address (checked as the profile form checks them)',
    memberContactSchema,
  ),
  resendReceipt: receiptAction('resend', 'Mails the member one of their receipts again', memberActionSchema),
  refund: receiptAction(
    'refund',
    'Refunds a receipt in full or in part through the processor, once per idempotency key, never more than is left of it (the member is mailed)',
    memberRefundSchema,
  ),
}
