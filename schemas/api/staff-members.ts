import { z } from '../engine/zod.ts'
import { contract } from '../engine/contract.ts'
import { membershipStateSchema } from '../membership-lifecycle.ts'
import { GRIEVANCE_STATUSES } from '../grievance-deadlines.ts'
import {
  addressSchema,
  centsSchema,
  dateSchema,
  emailSchema,
  idempotencyKeySchema,
  idParam,
  idText,
  PG_INT_MAX,
  phoneSchema,
} from './common.ts'
import {
  cancellationQuoteSchema,
  dependentSchema,
  membershipHistoryEventSchema,
  receiptSchema,
  subscriptionSchema,
} from './member.ts'
import { grievanceCategories } from './support.ts'

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
