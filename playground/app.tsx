import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type SyntheticEvent } from 'react'
import { ApiRequestError } from '#engine'
import { signIn } from '#blocks/kit/forms/sign-in.ts'
import { api } from './api.ts'
import { localEdits } from './autosave.ts'
import { Editor } from './editor.tsx'
import { Vitals } from './vitals.tsx'

/** The playground's page of real-user vitals; every other path is the editor. */
export const VITALS_PATH = '/playground/vitals'

/** The playground: content managers sign in, then edit; members are refused. */
export function App() {
  const queryClient = useQueryClient()
  const session = useQuery({ queryKey: ['session'], queryFn: api.session })
  const config = useQuery({ queryKey: ['config'], queryFn: api.config })
  const editor = session.data?.isAuthenticated === true && session.data.role === 'editor'
  const draft = useQuery({
    queryKey: ['draft'],
    queryFn: api.draft,
    enabled: editor && !window.location.pathname.startsWith(VITALS_PATH),
    staleTime: Infinity,
  })

  const signOut = async () => {
    await api.logout()
    queryClient.setQueryData(['session'], { isAuthenticated: false })
    queryClient.removeQueries({ queryKey: ['draft'] })
  }

  if (session.isPending || config.isPending) return <p className="p-6">Loading…</p>
  if (!editor || !config.data)
    return (
      <SignIn
        enableRecaptcha={config.data?.enableRecaptcha ?? false}
        onSignedIn={() => void queryClient.invalidateQueries({ queryKey: ['session'] })}
      />
    )
  if (window.location.pathname.startsWith(VITALS_PATH))
    return <Vitals email={session.data?.email ?? ''} onSignOut={() => void signOut()} />
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
  return (
    <Editor initial={initial} email={session.data?.email ?? ''} restored={restored} onSignOut={() => void signOut()} />
  )
}

function SignIn({ enableRecaptcha, onSignedIn }: { enableRecaptcha: boolean; onSignedIn: () => void }) {
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setBusy(true)
    setError(undefined)
    try {
      const field = (name: string) => {
        const value = data.get(name)
        return typeof value === 'string' ? value : ''
      }
      const session = await signIn({ email: field('email'), password: field('password') }, { enableRecaptcha })
      if (session.role !== 'editor') {
        await api.logout()
        setError('This sign-in is for content managers. Members sign in on the site, at /member-login.')
        return
      }
      onSignedIn()
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : 'Signing in failed. Try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <main className="mx-auto mt-20 max-w-sm rounded-lg border border-slate-300 bg-white p-6 shadow">
      <h1 className="mb-4 text-xl font-semibold">Content playground</h1>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Email
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            className="rounded border border-slate-400 px-2 py-1.5 font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="rounded border border-slate-400 px-2 py-1.5 font-normal"
          />
        </label>
        {error && (
          <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-900">
            {error}
          </p>
        )}
        <button type="submit" className="pg-button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  )
}
