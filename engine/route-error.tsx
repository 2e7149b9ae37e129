import { lazy, Suspense } from 'react'
import type * as ErrorViewCode from './error-view.tsx'

type ErrorViewModule = typeof ErrorViewCode
let loaded: ErrorViewModule | undefined

/**
 * Loads the error page's code (its words, the status titles): every page's start does without it.
 * The server loads it before rendering a failed page, the browser before hydrating one.
 */
export const loadErrorView = async (): Promise<ErrorViewModule> => (loaded ??= await import('./error-view.tsx'))

const LazyErrorView = lazy(() => loadErrorView().then((module) => ({ default: module.RouteErrorView })))

/**
 * The error element of the engine's routes. Its code loaded, it renders at once (on the server,
 * and in a browser that hydrates a failed page); else, after a client navigation, when it has
 * loaded. The boundary is there either way, so the server's HTML and the browser's tree agree.
 */
export function RouteError() {
  return <Suspense fallback={null}>{loaded ? <loaded.RouteErrorView /> : <LazyErrorView />}</Suspense>
}
