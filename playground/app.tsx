import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiRequestError } from '#engine'
import { api } from './api.ts'
import { localEdits } from './autosave.ts'
import { Editor } from './editor.tsx'
import { Vitals } from './vitals.tsx'

/** The playground's page of real-user vitals; every other path is the editor. */
export const VITALS_PATH = '/playground/vitals'

/** The console's sign-in, which comes back to this page once both factors are given. */
const signInAddress = () => `/console?next=${encodeURIComponent(window.location.pathname + window.location.search)}`

/**
 * The playground: content managers (staff with the content role) signed in with both factors
 * edit; anybody else is sent to the staff sign-in at /console, which brings them back.
 */
export function App() {
  const me = useQuery({ queryKey: ['me'], queryFn: api.me })
  const editor = me.data?.roles.includes('content') === true
  const draft = useQuery({
    queryKey: ['draft'],
    queryFn: api.draft,
    enabled: editor && !window.location.pathname.startsWith(VITALS_PATH),
    staleTime: Infinity,
  })
  const signedOut = me.error instanceof ApiRequestError && (me.error.status === 401 || me.error.status === 403)
  useEffect(() => {
    if (signedOut) window.location.replace(signInAddress())
  }, [signedOut])

  const signOut = async () => {
    await api.logout()
    window.location.assign(signInAddress())
  }

  if (me.isPending || signedOut) return <p className="p-6">Loading…</p>
  if (me.error)
    return (
      <p role="alert" className="p-6">
        The playground could not start: {me.error.message}
      </p>
    )
  if (!editor)
    return (
      <main className="mx-auto mt-20 max-w-md rounded-lg border border-slate-300 bg-white p-6 shadow">
        <h1 className="mb-4 text-xl font-semibold">Content playground</h1>
        <p>
          Your staff account ({me.data.email}) does not edit content. Your work is in the{' '}
          <a className="underline" href="/console">
            member-services console
          </a>
          .
        </p>
      </main>
    )
  if (window.location.pathname.startsWith(VITALS_PATH))
    return <Vitals email={me.data.email} onSignOut={() => void signOut()} />
  if (draft.isPending) return <p className="p-6">Loading the draft…</p>
  if (draft.error)
    return (
      <p role="alert" className="p-6">
        The draft could not be loaded: {draft.error.message}
      </p>
    )

  // Unsaved edits from last time come back, when they were made on this same draft revision.
  const local = localEdits.read(window.location.host)
  const restored =
    local !== undefined &&
    local.baseRevision === draft.data.revision &&
    JSON.stringify(local.content) !== JSON.stringify(draft.data.content)
  const initial = restored
    ? { content: local.content, revision: draft.data.revision }
    : { content: draft.data.content as Record<string, unknown>, revision: draft.data.revision }
  return <Editor initial={initial} email={me.data.email} restored={restored} onSignOut={() => void signOut()} />
}
