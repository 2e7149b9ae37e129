import type { ReactNode } from 'react'

/** The playground's top bar: the page's title, its own actions, who is signed in and Sign out. */
export function PlaygroundHeader({
  title,
  email,
  onSignOut,
  children,
}: {
  title: string
  email: string
  onSignOut: () => void
  children: ReactNode
}) {
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-slate-300 bg-slate-900 px-4 py-2 text-white">
      <h1 className="mr-auto text-lg font-semibold">{title}</h1>
      {children}
      <span className="text-sm text-slate-300">{email}</span>
      <button type="button" className="pg-button-dark" onClick={onSignOut}>
        Sign out
      </button>
    </header>
  )
}
