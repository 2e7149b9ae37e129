/**
 * The engine's entry for page blocks that read API data: the hooks and the part boundary. Only page
 * chunks import it; blocks that change data import `#engine/mutation` too.
 */
export {
  invalidateApi,
  setApiData,
  useApiPages,
  useApiQueries,
  useApiQuery,
  useApiQueryResult,
  type ApiQueryResultOptions,
} from './api-hooks.ts'
export { DataBoundary, Skeleton } from './data-boundary.tsx'
