import { useApiPages, useApiQueryResult, type ApiQueryResultOptions } from '#engine/data'
import type { ApiQuery } from '#engine'
import type { ApiContract, ContractResponse } from '#schemas/engine/contract.ts'

/**
 * Staff work on what is there now: a screen that opens asks the server again, whatever it read a
 * moment ago (the engine's 30 s of freshness suit a site's pages, not a desk several people share).
 */
const NOW = { staleTime: 0 } as const

/** A screen's query: the engine's, without suspense (the screen says it is loading, or what failed). */
export function useScreenQuery<C extends ApiContract>(query: ApiQuery<C>, options?: ApiQueryResultOptions<C>) {
  return useApiQueryResult(query, { ...NOW, ...options })
}

/** A screen's list read a page at a time (the engine's `useApiPages`). */
export function useScreenPages<C extends ApiContract, Cursor>(
  pageQuery: (cursor: Cursor | undefined) => ApiQuery<C>,
  nextCursor: (answer: ContractResponse<C>) => Cursor | undefined,
) {
  return useApiPages(pageQuery, nextCursor, NOW)
}
