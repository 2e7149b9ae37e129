import { data, isRouteErrorResponse } from 'react-router-dom'

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
function routeErrorBody(value: unknown): RouteErrorBody | undefined {
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

/** What an error page shows, whatever was thrown. */
export interface ErrorDescription {
  status: number
  /** The heading: `Page Not Found` for 404, else the status message or `Internal Server Error`. */
  title: string
  /** The description: the error's message. */
  message: string
  fatal: boolean
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Page Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export function describeError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    const body = routeErrorBody(error.data)
    const status = error.status || 500
    return {
      status,
      title: status === 404 ? 'Page Not Found' : (STATUS_TEXT[status] ?? (error.statusText || 'Internal Server Error')),
      message: body ? body.message : typeof error.data === 'string' ? error.data : error.statusText,
      fatal: body ? body.fatal : true,
    }
  }
  return {
    status: 500,
    title: 'Internal Server Error',
    message: error instanceof Error ? error.message : 'Something went wrong.',
    fatal: true,
  }
}
