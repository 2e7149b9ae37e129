import { staffMembersApi } from '#schemas/api/members.ts'
import { lifecycle } from './membership-lifecycle.ts'
import { toQuote } from './member-cancellation.ts'
import {
  cancelMembership,
  correctContact,
  refundReceipt,
  resendIdCard,
  resendReceipt,
  turnAutoRenewOff,
} from './staff-member-actions.ts'
import { findMember, memberRecord, searchMembers } from './staff-members.ts'
import {
  recordWrittenCancellation,
  reinstate,
  reinstateQuote,
  resendRenewalNotice,
  turnAutoRenewOn,
} from './staff-put-right.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'

const actor = (ctx: ApiContext) => ({ id: userOf(ctx).user_id, address: ctx.address })
/** What the actions work with: the lifecycle's dependencies for the request's tenant. */
const deps = (ctx: ApiContext) => ({ ...ctx, tenants: { tenants: [ctx.tenant] } })

/** Members for member services (issue 29, docs/adr/0026; the rules: server/features/members/staff-member*.ts). */
export const staffMemberRoutes = [
  endpoint(staffMembersApi.members, ({ query, ctx }) => searchMembers(ctx, query.q)),
  endpoint(staffMembersApi.member, ({ params, ctx }) => memberRecord(ctx, params.id)),
  endpoint(staffMembersApi.cancellation, async ({ params, ctx }) => {
    const { groupKey } = ctx.tenant
    await findMember(ctx.db, groupKey, params.id)
    const now = ctx.now()
    const outcome = await lifecycle.cancellationQuote(deps(ctx), groupKey, params.id, now)
    return toQuote(ctx.db, groupKey, params.id, outcome)
  }),
  endpoint(staffMembersApi.resendIdCard, ({ params, body, ctx }) =>
    resendIdCard(deps(ctx), actor(ctx), params.id, body.reason),
  ),
  endpoint(staffMembersApi.autoRenewOff, ({ params, body, ctx }) =>
    turnAutoRenewOff(deps(ctx), actor(ctx), params.id, body.reason),
  ),
  endpoint(staffMembersApi.cancel, ({ params, body, ctx }) =>
    cancelMembership(deps(ctx), actor(ctx), params.id, body.reason),
  ),
  endpoint(staffMembersApi.autoRenewOn, ({ params, body, ctx }) =>
    turnAutoRenewOn(deps(ctx), actor(ctx), params.id, body.reason),
  ),
  endpoint(staffMembersApi.reinstatement, ({ params, ctx }) => reinstateQuote(deps(ctx), params.id)),
  endpoint(staffMembersApi.reinstate, ({ params, body, ctx }) => reinstate(deps(ctx), actor(ctx), params.id, body)),
  endpoint(staffMembersApi.resendRenewalNotice, ({ params, body, ctx }) =>
    resendRenewalNotice(deps(ctx), actor(ctx), params.id, body.reason),
  ),
  endpoint(staffMembersApi.writtenCancellation, ({ params, body, ctx }) =>
    recordWrittenCancellation(deps(ctx), actor(ctx), params.id, body),
  ),
  endpoint(staffMembersApi.correctContact, ({ params, body, ctx }) =>
    correctContact(deps(ctx), actor(ctx), params.id, body),
  ),
  endpoint(staffMembersApi.resendReceipt, ({ params, body, ctx }) =>
    resendReceipt(deps(ctx), actor(ctx), params.id, params.receiptId, body.reason),
  ),
  endpoint(staffMembersApi.refund, ({ params, body, ctx }) =>
    refundReceipt(deps(ctx), actor(ctx), params.id, params.receiptId, body),
  ),
]
