import type { ReactNode } from 'react'
import { NavLink } from 'react-router-dom'

/** The console's frame: a skip link, its name, the screens the roles open (`open`), who is signed in, and Sign out. */
export function ConsoleLayout({
  email,
  open,
  onSignOut,
  children,
}: {
  email: string
  open: readonly { path: string; label: string }[]
  onSignOut: () => void
  children: ReactNode
}) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#console-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to the screen
      </a>
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-slate-900 px-4 py-3 text-white">
        <p className="mr-auto text-lg font-semibold">Member services</p>
        <p className="text-sm text-slate-200">
          <span className="sr-only">Signed in as </span>
          {email}
        </p>
        <button
          type="button"
          onClick={onSignOut}
          className="rounded border border-slate-400 px-3 py-1 text-sm hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-sky-300"
        >
          Sign out
        </button>
        {open.length > 0 && (
          <nav aria-label="Console" className="w-full">
            <ul className="flex flex-wrap gap-1">
              {open.map((section) => (
                <li key={section.path}>
                  <NavLink
                    to={section.path}
                    className={({ isActive }) =>
                      `inline-block rounded px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-sky-300 ${
                        isActive ? 'bg-white font-semibold text-slate-900' : 'text-white underline hover:bg-slate-700'
                      }`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="console-main" className="mx-auto max-w-6xl p-4 sm:p-6">
        {children}
      </main>
    </div>
  )
}
