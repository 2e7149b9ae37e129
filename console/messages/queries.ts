import { apiQuery } from '#engine'
import { staffMessagesApi } from '#schemas/api/messages.console.routes.ts'
import type { staffMessageFiltersSchema } from '#schemas/api/messages.ts'
import type { z } from '#schemas/engine/zod.ts'

/** Contact messages, by topic and status. */
export const messagesQuery = (filters: z.input<typeof staffMessageFiltersSchema>) =>
  apiQuery(staffMessagesApi.messages, { query: filters })

/** One message and its thread of replies. */
export const messageQuery = (id: number) => apiQuery(staffMessagesApi.message, { params: { id } })
