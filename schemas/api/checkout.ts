// The checkout feature's contracts (server/features/checkout): joining, step by step, and paying.
import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import {
  addressSchema,
  autoRenewalConsentSchema,
  cardTokenSchema,
  centsSchema,
  dateSchema,
  emailSchema,
  idSchema,
  idText,
  nameSchema,
  phoneSchema,
} from './common.ts'
import { dependentInputSchema, dependentSchema } from './members.ts'
import { priceSchema } from './price.ts'

/** The header carrying the checkout's temporary token. */
export const CHECKOUT_TOKEN_HEADER = 'checkout-token'
/**
 * The HttpOnly cookie that carries the checkout's token for the site's own pages, so the server
 * can render a step with its state and send a visitor back to the first step not done
 * (docs/adr/0007). API clients may send the token in the header instead.
 */
export const CHECKOUT_COOKIE = 'checkout'

export const checkoutAccountSchema = z.object({
  email: emailSchema,
  /** Empty when going back to the step: the password chosen before is kept. */
  password: z.string().check(z.maxLength(256)),
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema,
  dateOfBirth: dateSchema,
  address: addressSchema,
})

export const checkoutPlanSchema = z.object({
  planId: idSchema,
  officeId: idSchema,
  billingCycle: z.enum(['monthly', 'annual']),
  couponCode: z.optional(z.string().check(z.trim(), z.maxLength(40))),
})

/**
 * The card's token, and the consent to the automatic renewal terms given apart from the Terms of
 * Service (California's Automatic Renewal Law as amended by AB 2863): without it nothing is charged.
 * The order's own key (`orderId`) makes a double submit charge once.
 */
export const checkoutPaymentSchema = z.object({
  cardToken: cardTokenSchema,
  autoRenewalConsent: autoRenewalConsentSchema,
})

export const checkoutStepSchema = z.enum(['started', 'plan', 'account', 'completed'])

/** The checkout as the server keeps it under the temporary token (no password, no card). */
export const checkoutStateSchema = z.object({
  step: checkoutStepSchema,
  plan: z.nullable(checkoutPlanSchema),
  /** The chosen office, as the pages name it (its state decides the Arizona notice). */
  office: z._default(
    z.nullable(
      z.object({
        id: z.number().check(z.int()),
        name: z.string(),
        state: z.string(),
        /** The plans the office offers: each member may be on one of them. */
        plans: z._default(
          z.array(
            z.object({
              id: z.number().check(z.int()),
              name: z.string(),
              monthlyPriceCents: centsSchema,
              annualPriceCents: centsSchema,
              maxDependents: z.number().check(z.int()),
            }),
          ),
          [],
        ),
      }),
    ),
    null,
  ),
  account: z.nullable(z.omit(checkoutAccountSchema, { password: true })),
  members: z.array(dependentSchema),
  price: z.nullable(priceSchema),
  memberId: z.nullable(z.number().check(z.int())),
  /** The order's idempotency key: every payment attempt of this checkout charges once at most. */
  orderId: z.string(),
  /** A password was chosen at the account step (going back to it may leave the field empty). */
  hasPassword: z.boolean(),
})
export type CheckoutState = z.infer<typeof checkoutStateSchema>

export const tempTokenSchema = z.object({ token: z.string(), expiresAt: z.string() })
export const checkoutMemberSchema = dependentInputSchema
export const checkoutCompletedSchema = z.object({
  state: checkoutStateSchema,
  receipt: z.object({
    id: z.number().check(z.int()),
    amountCents: centsSchema,
    cardLast4: z.string(),
    paidAt: z.string(),
  }),
})

const CHECKOUT = ['Checkout']
const checkoutMemberParam = z.object({ memberId: idText })

/**
 * The checkout: its state lives on the server under a temporary token, so a reload or a second
 * tab loses nothing. Steps: plan, account, members (optional), payment; a step out of order is 409.
 */
export const checkoutApi = {
  start: contract({
    method: 'post',
    path: '/api/km/checkout/temp_token',
    summary: 'Starts a checkout: returns its temporary token',
    tags: CHECKOUT,
    access: 'public',
    status: 201,
    response: tempTokenSchema,
  }),
  state: contract({
    method: 'get',
    path: '/api/km/checkout/account',
    summary: 'The checkout so far',
    tags: CHECKOUT,
    access: 'public',
    response: checkoutStateSchema,
  }),
  choosePlan: contract({
    method: 'put',
    path: '/api/km/checkout/member/plan',
    summary: 'Chooses (or changes) the plan, office, billing cycle and coupon',
    tags: CHECKOUT,
    access: 'public',
    body: checkoutPlanSchema,
    response: checkoutStateSchema,
  }),
  account: contract({
    method: 'post',
    path: '/api/km/checkout/account',
    summary: 'The primary member’s details and password (after the plan)',
    tags: CHECKOUT,
    access: 'public',
    body: checkoutAccountSchema,
    response: checkoutStateSchema,
  }),
  addMember: contract({
    method: 'post',
    path: '/api/km/checkout/member',
    summary: 'Adds a dependent (after the account; within the plan’s limit)',
    tags: CHECKOUT,
    access: 'public',
    status: 201,
    body: checkoutMemberSchema,
    response: checkoutStateSchema,
  }),
  editMember: contract({
    method: 'put',
    path: '/api/km/checkout/member/:memberId',
    summary: 'Changes a dependent of the checkout',
    tags: CHECKOUT,
    access: 'public',
    params: checkoutMemberParam,
    body: checkoutMemberSchema,
    response: checkoutStateSchema,
  }),
  removeMember: contract({
    method: 'delete',
    path: '/api/km/checkout/member/:memberId',
    summary: 'Removes a dependent from the checkout',
    tags: CHECKOUT,
    access: 'public',
    params: checkoutMemberParam,
    response: checkoutStateSchema,
  }),
  pay: contract({
    method: 'post',
    path: '/api/km/checkout/payment',
    summary:
      'Pays (the amount is recomputed here; charged once per idempotency key), creates the membership and signs the member in',
    tags: CHECKOUT,
    access: 'public',
    status: 201,
    body: checkoutPaymentSchema,
    response: checkoutCompletedSchema,
  }),
}
