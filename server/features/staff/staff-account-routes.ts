import { staffAccountsApi } from '#schemas/api/staff.ts'
import { acceptInvitation, actOnStaffAccount, inviteStaff, listStaffAccounts } from './staff-accounts.ts'
import { endpoint, userOf, type ApiContext } from '../../context.ts'

const actor = (ctx: ApiContext) => ({ id: userOf(ctx).user_id, address: ctx.address })

/** Staff administration for administrators (issue 29, docs/adr/0026; the rules: server/features/staff/staff-accounts.ts). */
export const staffAccountRoutes = [
  endpoint(staffAccountsApi.accounts, async ({ ctx }) => ({ accounts: await listStaffAccounts(ctx) })),
  endpoint(staffAccountsApi.invite, ({ body, ctx }) => inviteStaff(ctx, actor(ctx), body)),
  endpoint(staffAccountsApi.changeRoles, ({ params, body, ctx }) =>
    actOnStaffAccount(ctx, actor(ctx), params.id, { kind: 'roles', roles: body.roles, reason: body.reason }),
  ),
  endpoint(staffAccountsApi.deactivate, ({ params, body, ctx }) =>
    actOnStaffAccount(ctx, actor(ctx), params.id, { kind: 'deactivate', reason: body.reason }),
  ),
  endpoint(staffAccountsApi.reactivate, ({ params, body, ctx }) =>
    actOnStaffAccount(ctx, actor(ctx), params.id, { kind: 'reactivate', reason: body.reason }),
  ),
  endpoint(staffAccountsApi.resendInvitation, ({ params, body, ctx }) =>
    actOnStaffAccount(ctx, actor(ctx), params.id, { kind: 'invitation', reason: body.reason }),
  ),
  endpoint(staffAccountsApi.acceptInvitation, async ({ body, ctx }) => {
    await acceptInvitation(ctx, ctx.address, body.token, body.password)
    return { ok: true as const, message: 'Your password is set. Sign in to the console with it now.' }
  }),
]
