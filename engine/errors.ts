import { data } from 'react-router-dom'

/**
 * The body of an error response a route throws: written by the engine's loaders, read by its error
 * view (on the server, and in the browser from the server's hydration data).
 */
export interface RouteErrorBody {
  message: string
  /**
   * The specification's two kinds of 404: fatal when a route matched but what it names does not
   * exist (its parameter check failed, or its required data answered 404), non-fatal when no route
   * matched. Both show the same error page inside the site's frame (header with its menu, footer),
   * so a visitor always has a way on; the kind is kept on the page (`data-fatal`) for tools.
   */
  fatal: boolean
}

/** The engine's own error body, or undefined for anything else a route threw. */
export function routeErrorBody(value: unknown): RouteErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { message, fatal } = value as Partial<Record<keyof RouteErrorBody, unknown>>
  return typeof message === 'string' ? { message, fatal: fatal === true } : undefined
}

/** A route whose parameter check failed: fatal 404 `Page Not Found: {path}`. */
export const pageCheckFailed = (pathname: string) =>
  data<RouteErrorBody>({ message: `Page Not Found: ${pathname}`, fatal: true }, { status: 404 })

/** No route matched: non-fatal 404 `Page not found: {path}`. */
export const noRouteMatched = (pathname: string) =>
  data<RouteErrorBody>({ message: `Page not found: ${pathname}`, fatal: false }, { status: 404 })
