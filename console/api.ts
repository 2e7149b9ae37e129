import { callApi } from '#engine'
import { authApi } from '#schemas/api/auth.routes.ts'
import { staffApi } from '#schemas/api/staff.routes.ts'
import { staffMembersApi } from '#schemas/api/staff-members.routes.ts'
import type { memberContactSchema } from '#schemas/api/staff-members.ts'
import { staffAccountsApi } from '#schemas/api/staff-accounts.routes.ts'
import { staffAuditApi } from '#schemas/api/staff-audit.routes.ts'
import { staffPlansApi } from '#schemas/api/staff-plans.routes.ts'
import type { planPriceBodySchema } from '#schemas/api/staff-plans.ts'
import type { AuditQuery } from '#schemas/api/staff-audit.ts'
import type { StaffRole } from '#schemas/engine/contract.ts'
import type { staffGrievanceFiltersSchema } from '#schemas/api/staff-grievances.ts'
import { staffDirectoryReportsApi } from '#schemas/api/staff-directory-reports.routes.ts'
import type { DirectoryCorrection, staffDirectoryReportFiltersSchema } from '#schemas/api/staff-directory-reports.ts'
import { staffMessagesApi } from '#schemas/api/staff-messages.routes.ts'
import type { staffMessageFiltersSchema } from '#schemas/api/staff-messages.ts'
import type { z } from '#schemas/engine/zod.ts'

/**
 * The console's calls: every one through its contract (schemas/api/staff*.ts), every answer parsed.
 * The contracts are referred to by their `.routes.ts` (method and path): their schemas load with the
 * first call, not with the console's first page.
 */
export const api = {
  me: () => callApi(staffApi.me, {}),
  signIn: (email: string, password: string) => callApi(staffApi.signIn, { body: { email, password } }),
  verify: (code: string) => callApi(staffApi.verify, { body: { code } }),
  enrolStart: () => callApi(staffApi.enrolStart, {}),
  enrolFinish: (code: string) => callApi(staffApi.enrolFinish, { body: { code } }),
  signOut: () => callApi(authApi.logout, {}),
  grievances: (query: z.output<typeof staffGrievanceFiltersSchema>) => callApi(staffApi.grievances, { query }),
  grievance: (id: number) => callApi(staffApi.grievance, { params: { id } }),
  acknowledge: (id: number, reason: string) =>
    callApi(staffApi.acknowledgeGrievance, { params: { id }, body: reason ? { reason } : {} }),
  note: (id: number, text: string) => callApi(staffApi.noteGrievance, { params: { id }, body: { text } }),
  resolve: (id: number, resolution: string) =>
    callApi(staffApi.resolveGrievance, { params: { id }, body: { resolution } }),
  close: (id: number, reason: string) =>
    callApi(staffApi.closeGrievance, { params: { id }, body: reason ? { reason } : {} }),
  reopen: (id: number, reason: string) => callApi(staffApi.reopenGrievance, { params: { id }, body: { reason } }),
  searchMembers: (q: string) => callApi(staffMembersApi.members, { query: { q } }),
  member: (id: number) => callApi(staffMembersApi.member, { params: { id } }),
  cancellation: (id: number) => callApi(staffMembersApi.cancellation, { params: { id } }),
  resendIdCard: (id: number, reason: string) =>
    callApi(staffMembersApi.resendIdCard, { params: { id }, body: { reason } }),
  autoRenewOff: (id: number, reason: string) =>
    callApi(staffMembersApi.autoRenewOff, { params: { id }, body: { reason } }),
  autoRenewOn: (id: number, reason: string) =>
    callApi(staffMembersApi.autoRenewOn, { params: { id }, body: { reason } }),
  reinstatement: (id: number) => callApi(staffMembersApi.reinstatement, { params: { id } }),
  reinstate: (id: number, body: { reason: string; charge: boolean }) =>
    callApi(staffMembersApi.reinstate, { params: { id }, body }),
  resendRenewalNotice: (id: number, reason: string) =>
    callApi(staffMembersApi.resendRenewalNotice, { params: { id }, body: { reason } }),
  writtenCancellation: (id: number, body: { reason: string; requestedOn: string }) =>
    callApi(staffMembersApi.writtenCancellation, { params: { id }, body }),
  cancelMembership: (id: number, reason: string) =>
    callApi(staffMembersApi.cancel, { params: { id }, body: { reason } }),
  correctContact: (id: number, body: z.input<typeof memberContactSchema>) =>
    callApi(staffMembersApi.correctContact, { params: { id }, body }),
  resendReceipt: (id: number, receiptId: number, reason: string) =>
    callApi(staffMembersApi.resendReceipt, { params: { id, receiptId }, body: { reason } }),
  refund: (id: number, receiptId: number, body: { reason: string; amountCents?: number; idempotencyKey: string }) =>
    callApi(staffMembersApi.refund, { params: { id, receiptId }, body }),
  directoryReports: (query: z.output<typeof staffDirectoryReportFiltersSchema>) =>
    callApi(staffDirectoryReportsApi.reports, { query }),
  directoryReport: (id: number) => callApi(staffDirectoryReportsApi.report, { params: { id } }),
  correctDirectory: (id: number, body: DirectoryCorrection) =>
    callApi(staffDirectoryReportsApi.correct, { params: { id }, body }),
  verifyReport: (id: number, note: string) =>
    callApi(staffDirectoryReportsApi.verify, { params: { id }, body: { note } }),
  notConfirmReport: (id: number, note: string) =>
    callApi(staffDirectoryReportsApi.notConfirmed, { params: { id }, body: { note } }),
  messages: (query: z.output<typeof staffMessageFiltersSchema>) => callApi(staffMessagesApi.messages, { query }),
  message: (id: number) => callApi(staffMessagesApi.message, { params: { id } }),
  reply: (id: number, text: string) => callApi(staffMessagesApi.reply, { params: { id }, body: { text } }),
  staffAccounts: () => callApi(staffAccountsApi.accounts, {}),
  invite: (body: { email: string; firstName: string; lastName: string; roles: StaffRole[] }) =>
    callApi(staffAccountsApi.invite, { body }),
  changeRoles: (id: number, roles: StaffRole[], reason: string) =>
    callApi(staffAccountsApi.changeRoles, { params: { id }, body: reason ? { roles, reason } : { roles } }),
  deactivate: (id: number, reason: string) =>
    callApi(staffAccountsApi.deactivate, { params: { id }, body: { reason } }),
  reactivate: (id: number, reason: string) =>
    callApi(staffAccountsApi.reactivate, { params: { id }, body: reason ? { reason } : {} }),
  resendInvitation: (id: number) => callApi(staffAccountsApi.resendInvitation, { params: { id }, body: {} }),
  acceptInvitation: (token: string, password: string) =>
    callApi(staffAccountsApi.acceptInvitation, { body: { token, password } }),
  audit: (query: AuditQuery) => callApi(staffAuditApi.audit, { query }),
  plans: () => callApi(staffPlansApi.plans, {}),
  schedulePrice: (planId: number, body: z.input<typeof planPriceBodySchema>) =>
    callApi(staffPlansApi.schedulePrice, { params: { planId }, body }),
  cancelPrice: (planId: number, changeId: number, reason: string) =>
    callApi(staffPlansApi.cancelPrice, { params: { planId, changeId }, body: { reason } }),
}
