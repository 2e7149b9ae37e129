import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom'
import { apiQuery, ApiRequestError, callApi } from '#engine'
import { setApiData } from '#engine/data'
import { authApi } from '#schemas/api/members.routes.ts'
import { staffApi } from '#schemas/api/staff.console.routes.ts'
import { STAFF_INVITATION_PATH } from '#schemas/console-paths.ts'
import type { StaffRole } from '#schemas/staff-roles.ts'
import { useScreenQuery } from './frame/data.ts'
import { ConsoleLayout } from './frame/layout.tsx'
import { NotFound, Problem } from './frame/page.tsx'
import { returnPath } from './frame/return-path.ts'
import { rolesText } from './frame/roles.ts'
import { opens, type Screen } from './screens.ts'

// The frame's own steps are chunks of their own too: the first page loads the frame and what it shows.
const SignIn = lazy(() => import('./frame/sign-in.tsx').then((module) => ({ default: module.SignIn })))
const SetPassword = lazy(() => import('./frame/set-password.tsx').then((module) => ({ default: module.SetPassword })))
const loading = <p className="p-6">Loading…</p>

/** Who is signed in (401 or 403: nobody with both factors). */
const meQuery = apiQuery(staffApi.me)

/** A route of the console: a screen, or a record opened from it, with the screen's name and roles. */
interface ScreenRoute {
  path: string
  label: string
  roles: Screen['roles']
  Screen: LazyExoticComponent<ComponentType>
}

/** Every screen and record of the registry as a route, each loaded when first shown (a chunk of its own). */
const routesOf = (screens: readonly Screen[]): ScreenRoute[] =>
  screens.flatMap(({ path, label, roles, load, records = [] }) => [
    { path, label, roles, Screen: lazy(load) },
    ...records.map((record) => ({ path: `${path}/${record.path}`, label, roles, Screen: lazy(record.load) })),
  ])

/**
 * The member-services console (docs/adr/0026): staff sign in with a password and a code from their
 * authenticator app, then work on what the site collected, in the `screens` their roles open
 * (console/screens.ts). Without a staff session (anonymous, a member, a sign-in halfway) it is the
 * sign-in.
 */
export function App({ screens }: { screens: readonly Screen[] }) {
  const routes = useMemo(() => routesOf(screens), [screens])
  // An invitation's link: the password is chosen before any sign-in.
  if (window.location.pathname === STAFF_INVITATION_PATH)
    return (
      <Suspense fallback={loading}>
        <SetPassword token={new URLSearchParams(window.location.search).get('token') ?? ''} />
      </Suspense>
    )
  return <SignedIn screens={screens} routes={routes} />
}

/** The console behind its sign-in. */
function SignedIn({ screens, routes }: { screens: readonly Screen[]; routes: readonly ScreenRoute[] }) {
  const queryClient = useQueryClient()
  const me = useScreenQuery(meQuery)

  if (me.isPending) return loading
  if (me.error) {
    if (me.error instanceof ApiRequestError && (me.error.status === 401 || me.error.status === 403))
      return (
        <Suspense fallback={loading}>
          <SignIn
            onSignedIn={(signedIn) => {
              const next = returnPath(window.location.search)
              if (next) window.location.assign(next)
              else setApiData(queryClient, meQuery, signedIn)
            }}
          />
        </Suspense>
      )
    return <Problem title="The console could not start" error={me.error} onRetry={() => void me.refetch()} />
  }

  // A fresh page after signing out: nothing of what was read stays in memory.
  const signOut = async () => {
    await callApi(authApi.logout, {})
    window.location.assign('/console')
  }
  const { email, roles } = me.data
  const open = screens.filter((screen) => opens(screen, roles))
  const home = open[0]
  return (
    <BrowserRouter basename="/console">
      <ConsoleLayout email={email} open={open} onSignOut={() => void signOut()}>
        <Suspense fallback={loading}>
          <Routes>
            <Route
              index
              element={
                home ? (
                  <Navigate to={home.path} replace />
                ) : (
                  <Problem title="Nothing to do here">
                    Your account edits the site&rsquo;s content: that is done in the{' '}
                    <a className="cs-link" href="/playground">
                      content playground
                    </a>
                    .
                  </Problem>
                )
              }
            />
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={<Guarded route={route} roles={roles} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </ConsoleLayout>
    </BrowserRouter>
  )
}

/** A screen, for the roles it opens for; anyone else is told whose it is (the server refuses them its data too). */
function Guarded({ route, roles }: { route: ScreenRoute; roles: readonly StaffRole[] }) {
  if (opens(route, roles)) return <route.Screen />
  return (
    <Problem title="Not open to your account">
      {route.label} is for these roles: {rolesText(route.roles)}.
    </Problem>
  )
}
