import type { QueryClient } from '@tanstack/react-query'
import { apiQuery, apiQueryKey } from '#engine'
import { setApiData } from '#engine/data'
import type { MemberInfo, Subscription } from '#schemas/api/members.ts'
import { memberApi } from '#schemas/api/members.routes.ts'

/**
 * Read when asked for (the cancellation dialog, the history list), not before the dashboard
 * renders. Apart from queries.ts: the lazily loaded parts import them, and the dashboard's start
 * does not (a module both import would become a small chunk of its own at the start).
 */
export const lifecycleQueries = {
  cancellationQuote: apiQuery(memberApi.cancellationQuote),
  history: apiQuery(memberApi.history),
}

/** The account, as queries.ts reads it (the same contract, so the same cache entry). */
export const accountQuery = apiQuery(memberApi.info)

/** Puts a changed membership into the cached account (queries.ts's updateInfo, for these chunks). */
export function setSubscription(client: QueryClient, subscription: Subscription): void {
  const info = client.getQueryData<MemberInfo>(apiQueryKey(accountQuery))
  if (info) setApiData(client, accountQuery, { ...info, subscription })
}
