import { staffMessagesApi } from '#schemas/api/messages.ts'
import { listMessages, messageDetail, replyToMessage } from './staff-messages.ts'
import { endpoint, userOf } from '../../context.ts'

/** The contact form's messages for member services (issue 29): the list, a thread, and replies by mail. */
export const staffMessageRoutes = [
  endpoint(staffMessagesApi.messages, async ({ query, ctx }) => ({ messages: await listMessages(ctx, query) })),
  endpoint(staffMessagesApi.message, ({ params, ctx }) => messageDetail(ctx, params.id)),
  endpoint(staffMessagesApi.reply, ({ params, body, ctx }) =>
    replyToMessage(ctx, { id: userOf(ctx).user_id, address: ctx.address }, params.id, body.text),
  ),
]
