import { Link, useRouteError } from 'react-router-dom'
import { describeError, type ErrorDescription } from './errors.ts'
import { PageTitle } from './page-title.tsx'

/** The error page: one view for 404, one for every other error. */
export function ErrorView({ error }: { error: ErrorDescription }) {
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
      <p className="text-gray-700">
        {notFound
          ? 'The page may have moved, or the address may be mistyped.'
          : 'Please try again in a moment. If it keeps happening, contact support.'}
      </p>
      <Link to="/" reloadDocument={!notFound} className="btn-primary">
        Go to the home page
      </Link>
    </div>
  )
}

/** The error element of routes: describes whatever the route threw. */
export function RouteErrorView() {
  const error = describeError(useRouteError())
  return <ErrorView error={error} />
}
