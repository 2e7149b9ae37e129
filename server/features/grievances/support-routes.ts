import { GRIEVANCE_ATTACHMENTS, grievancesApi } from '#schemas/api/grievances.ts'
import { limitFor } from '../../platform/http/body-limit.ts'
import { grievances } from './grievances.ts'
import { fileGrievance } from './support.ts'
import { endpoint, guardSender, userOf } from '../../context.ts'
import { pageLanguage } from '../content/index.ts'

/** The grievance routes take files in base64: three of 2 MB, plus room for the form's text, JSON-escaped. */
export const GRIEVANCE_MAX_BODY_BYTES =
  GRIEVANCE_ATTACHMENTS.maxFiles * 4 * Math.ceil(GRIEVANCE_ATTACHMENTS.maxBytes / 3) + 256 * 1024
/** Grievances carry attachments: their bodies may be larger than others (server/platform/http/body-limit.ts). */
export const grievanceBodyLimits = [grievancesApi.grievance, grievancesApi.kmGrievance].map((contract) =>
  limitFor(
    contract,
    GRIEVANCE_MAX_BODY_BYTES,
    `Attachments are too large: at most ${GRIEVANCE_ATTACHMENTS.maxFiles} files of ${GRIEVANCE_ATTACHMENTS.maxBytes / 1024 / 1024} MB each`,
  ),
)

/** Grievances filed, a member's list, and the status looked up (server/features/grievances/support.ts); the v4 and km paths share one service. */
export const supportRoutes = [grievancesApi.grievance, grievancesApi.kmGrievance]
  .map((api) =>
    endpoint(api, async ({ body, ctx, c }) => {
      await guardSender(ctx, c, 'grievance', [['grievance', ctx.address]])
      const member = ctx.user?.role === 'member' ? { id: ctx.user.user_id, email: ctx.user.email } : undefined
      return fileGrievance(ctx, member, body, await pageLanguage(c.req.header('accept-language'), ctx))
    }),
  )
  .concat([
    endpoint(grievancesApi.memberGrievances, async ({ ctx }) => ({
      grievances: await grievances.ofMember(ctx.db, ctx.tenant.groupKey, userOf(ctx).user_id),
    })),
    endpoint(grievancesApi.grievanceStatus, async ({ body, ctx, c }) => {
      // Every lookup counts, found or not, before the database is asked: references cannot be enumerated.
      await guardSender(ctx, c, 'grievance_status', [['grievanceLookup', ctx.address]])
      return { grievance: await grievances.lookUp(ctx.db, ctx.tenant.groupKey, body.reference, body.email) }
    }),
  ])
