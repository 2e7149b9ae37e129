import { memberApi } from '#schemas/api/members.routes.ts'

/** What changes when the household changes: the lists, the cards, the prices, and what was paid or refunded for it. */
export const AFFECTED = [
  memberApi.dependents,
  memberApi.info,
  memberApi.balance,
  memberApi.idCard,
  memberApi.receipts,
  memberApi.history,
]
