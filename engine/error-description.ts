import { isRouteErrorResponse } from 'react-router-dom'
import { routeErrorBody } from './errors.ts'

// What the error view shows: in its chunk, which a page loads only to show an error.

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
