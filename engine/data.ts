/**
 * The engine's second public entry, for page blocks that read and change API data: the hooks and
 * the part boundary. Only page chunks import it, so the mutation machinery stays out of the
 * entry chunk that every page loads.
 */
export { invalidateApi, setApiData, useApiMutation, useApiQueries, useApiQuery } from './api-hooks.ts'
export { DataBoundary, Skeleton } from './data-boundary.tsx'
