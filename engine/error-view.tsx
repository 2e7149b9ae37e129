import { useContext } from 'react'
import { Link, useRouteError, type HydrationState, type RouterState } from 'react-router-dom'
import type { RouteErrorResponse } from './browser-router.ts'
import { useEngine } from './engine-context.tsx'
import { describeError, type ErrorDescription } from './error-description.ts'
import { PageTitle } from './page-title.tsx'
import { ShellContext } from './site-context.tsx'
import type { ErrorPageTexts } from './site.ts'

/** The words of an error page without the site's content (the content itself failed to load). */
const DEFAULT_TEXTS: ErrorPageTexts = {
  notFound: 'The page may have moved, or the address may be mistyped.',
  failed: 'Please try again in a moment. If it keeps happening, contact support.',
  home: 'Go to the home page',
}

/**
 * The error page: one view for 404, one for every other error. A missing page offers the way on
 * the site's content names (its search) besides home; the site's header, with its menu, is around it.
 */
export function ErrorView({ error, texts = DEFAULT_TEXTS }: { error: ErrorDescription; texts?: ErrorPageTexts }) {
  const notFound = error.status === 404
  return (
    <div
      className="page error-page mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-20 text-center"
      data-page="error"
      data-status={error.status}
      data-fatal={String(error.fatal)}
    >
      <PageTitle title={error.title} />
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        {error.status}
      </p>
      <h1 className="text-3xl font-semibold">{error.title}</h1>
      <p className="text-lg text-gray-700">{error.message}</p>
      <p className="text-gray-700">{notFound ? texts.notFound : texts.failed}</p>
      <p className="flex flex-wrap justify-center gap-3">
        <Link to="/" reloadDocument={!notFound} className="btn-primary">
          {texts.home}
        </Link>
        {notFound && texts.search && (
          <Link to={texts.search.to} className="btn-outline">
            {texts.search.label}
          </Link>
        )}
      </p>
    </div>
  )
}

/**
 * The error element of routes: describes whatever the route threw. Inside the site's frame (a
 * page's error) it speaks in the content's words; at the root (the content failed) in the defaults.
 */
export function RouteErrorView() {
  const error = describeError(useRouteError())
  const shell = useContext(ShellContext)
  const { site } = useEngine()
  return <ErrorView error={error} texts={shell ? site.chrome(shell.content).errorPage : undefined} />
}

/**
 * The server's errors as `StaticRouterProvider` wrote them into the page (plain JSON), as the
 * router holds them: loaded with the error view, only by a page that failed.
 */
export function readServerErrors(errors: HydrationState['errors']): RouterState['errors'] {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([id, value]) => {
      const error = value as {
        __type?: string
        status?: number
        statusText?: string
        data?: unknown
        internal?: boolean
        message?: string
      }
      if (error.__type === 'RouteErrorResponse') {
        return [
          id,
          {
            status: error.status ?? 500,
            statusText: error.statusText ?? '',
            data: error.data,
            internal: error.internal === true,
          } satisfies RouteErrorResponse,
        ]
      }
      if (error.__type === 'Error') return [id, new Error(error.message)]
      return [id, value]
    }),
  )
}
