import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom'
import { ApiRequestError } from '#engine'
import type { StaffRole } from '#schemas/engine/contract.ts'
import { STAFF_INVITATION_PATH } from '#schemas/console-paths.ts'
import { api } from './api.ts'
import { ConsoleLayout, type Section } from './layout.tsx'
import { NotFound, Problem } from './page.tsx'
import { returnPath } from './return-path.ts'

// Each screen is a chunk of its own: the first page loads the frame and the screen it shows.
const SignIn = lazy(() => import('./sign-in.tsx').then((module) => ({ default: module.SignIn })))
const GrievanceInbox = lazy(() => import('./grievances.tsx').then((module) => ({ default: module.GrievanceInbox })))
const GrievanceDetail = lazy(() =>
  import('./grievance-detail.tsx').then((module) => ({ default: module.GrievanceDetail })),
)
const MemberSearch = lazy(() => import('./members.tsx').then((module) => ({ default: module.MemberSearch })))
const MemberRecord = lazy(() => import('./member-record.tsx').then((module) => ({ default: module.MemberRecord })))
const DirectoryReports = lazy(() =>
  import('./directory-reports.tsx').then((module) => ({ default: module.DirectoryReports })),
)
const DirectoryReportDetail = lazy(() =>
  import('./directory-report-detail.tsx').then((module) => ({ default: module.DirectoryReportDetail })),
)
const Messages = lazy(() => import('./messages.tsx').then((module) => ({ default: module.Messages })))
const MessageDetail = lazy(() => import('./message-detail.tsx').then((module) => ({ default: module.MessageDetail })))
const StaffScreen = lazy(() => import('./staff.tsx').then((module) => ({ default: module.StaffScreen })))
const PlansScreen = lazy(() => import('./plans.tsx').then((module) => ({ default: module.PlansScreen })))
const AuditScreen = lazy(() => import('./audit.tsx').then((module) => ({ default: module.AuditScreen })))
const SetPassword = lazy(() => import('./set-password.tsx').then((module) => ({ default: module.SetPassword })))
const loading = <p className="p-6">Loading…</p>

/** The console's screens, each for the roles that may use it (the contracts' `access` says the same to the server). */
export const SECTIONS: Section[] = [
  { path: 'grievances', label: 'Grievances', roles: ['support', 'admin'] },
  { path: 'members', label: 'Members', roles: ['support', 'admin'] },
  { path: 'directory-reports', label: 'Directory reports', roles: ['support', 'admin'] },
  { path: 'messages', label: 'Messages', roles: ['support', 'admin'] },
  { path: 'staff', label: 'Staff', roles: ['admin'] },
  { path: 'plans', label: 'Plans and prices', roles: ['admin'] },
  { path: 'audit', label: 'Audit trail', roles: ['admin'] },
]

/** Where a staff member starts: the first screen their roles open, or the page saying they have none here. */
const homeOf = (roles: readonly StaffRole[]) =>
  SECTIONS.find((section) => section.roles.some((role) => roles.includes(role)))

/**
 * The member-services console (docs/adr/0026): staff sign in with a password and a code from their
 * authenticator app, then work on what the site collected. Without a staff session (anonymous, a
 * member, a sign-in halfway) it is the sign-in.
 */
export function App() {
  // An invitation's link: the password is chosen before any sign-in.
  if (window.location.pathname === STAFF_INVITATION_PATH)
    return (
      <Suspense fallback={loading}>
        <SetPassword token={new URLSearchParams(window.location.search).get('token') ?? ''} />
      </Suspense>
    )
  return <SignedIn />
}

/** The console behind its sign-in. */
function SignedIn() {
  const queryClient = useQueryClient()
  const me = useQuery({ queryKey: ['me'], queryFn: api.me })

  if (me.isPending) return loading
  if (me.error) {
    if (me.error instanceof ApiRequestError && (me.error.status === 401 || me.error.status === 403))
      return (
        <Suspense fallback={loading}>
          <SignIn
            onSignedIn={(signedIn) => {
              const next = returnPath(window.location.search)
              if (next) window.location.assign(next)
              else queryClient.setQueryData(['me'], signedIn)
            }}
          />
        </Suspense>
      )
    return <Problem title="The console could not start" error={me.error} onRetry={() => void me.refetch()} />
  }

  // A fresh page after signing out: nothing of what was read stays in memory.
  const signOut = async () => {
    await api.signOut()
    window.location.assign('/console')
  }
  const home = homeOf(me.data.roles)
  return (
    <BrowserRouter basename="/console">
      <ConsoleLayout me={me.data} sections={SECTIONS} onSignOut={() => void signOut()}>
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
            <Route path="grievances" element={<GrievanceInbox />} />
            <Route path="grievances/:id" element={<GrievanceDetail />} />
            <Route path="members" element={<MemberSearch />} />
            <Route path="members/:id" element={<MemberRecord />} />
            <Route path="directory-reports" element={<DirectoryReports />} />
            <Route path="directory-reports/:id" element={<DirectoryReportDetail />} />
            <Route path="messages" element={<Messages />} />
            <Route path="messages/:id" element={<MessageDetail />} />
            <Route path="staff" element={<StaffScreen />} />
            <Route path="plans" element={<PlansScreen />} />
            <Route path="audit" element={<AuditScreen />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </ConsoleLayout>
    </BrowserRouter>
  )
}
