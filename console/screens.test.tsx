// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StaffRole } from '#schemas/staff-roles.ts'
import { App } from './app.tsx'
import { screens, type Screen } from './screens.ts'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** What a developer writes to add a screen: its component, and one line in the registry. */
function Notes() {
  return <h1>Handover notes</h1>
}
const notes: Screen = {
  path: 'notes',
  label: 'Notes',
  roles: ['admin'],
  load: () => Promise.resolve({ default: Notes }),
}
const withNotes: readonly Screen[] = [...screens, notes]

/** Opens the console at `path` (under /console) for a staff member with `roles`: the server answers only who they are. */
async function openConsole(registry: readonly Screen[], path: string, roles: StaffRole[]) {
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(
      url === '/api/v4/staff/me'
        ? Response.json({ email: 'staff@example.test', roles })
        : Response.json({ message: `No such call in this test: ${url}` }, { status: 404 }),
    ),
  )
  window.history.replaceState(null, '', `/console${path}`)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <App screens={registry} />
    </QueryClientProvider>,
  )
  // The frame is up once it has its navigation (or, for a role with no screen, its start).
  await screen.findByText('staff@example.test')
}

const navigation = () => screen.queryByRole('navigation', { name: 'Console' })
const navLabels = () =>
  within(navigation() ?? document.createElement('nav'))
    .queryAllByRole('link')
    .map((link) => link.textContent)

describe('a console screen added to the registry', () => {
  it('is routed, and in the navigation, for the roles it names', async () => {
    await openConsole(withNotes, '/notes', ['admin'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Handover notes' })).toBeTruthy()
    expect(navLabels()).toContain('Notes')
  })

  it('is refused to a role it does not name, and not in its navigation', async () => {
    await openConsole(withNotes, '/notes', ['support'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Not open to your account' })).toBeTruthy()
    expect(screen.getByText('Notes is for these roles: Administrator.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Handover notes' })).toBeNull()
    expect(navLabels()).not.toContain('Notes')
  })

  it('is not there without its line in the registry', async () => {
    await openConsole(screens, '/notes', ['admin'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy()
    expect(navLabels()).not.toContain('Notes')
  })

  it('is where a staff member starts when it is the first their roles open', async () => {
    const board: Screen = { ...notes, path: 'board', label: 'Board', roles: ['support'] }
    await openConsole([notes, board], '/', ['admin'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Handover notes' })).toBeTruthy()
    expect(window.location.pathname).toBe('/console/notes')
    cleanup()
    await openConsole([notes, board], '/', ['support'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Handover notes' })).toBeTruthy()
    expect(window.location.pathname).toBe('/console/board')
  })
})

describe('the registry’s navigation', () => {
  it.each<[StaffRole[], string[]]>([
    [['support'], ['Grievances', 'Members', 'Directory reports', 'Messages', 'Everyone']],
    [
      ['admin'],
      [
        'Grievances',
        'Members',
        'Directory reports',
        'Messages',
        'Staff',
        'Plans and prices',
        'Audit trail',
        'Everyone',
      ],
    ],
    [['content'], ['Everyone']],
  ])('for %j is %j', async (roles, labels) => {
    const everyone: Screen = { ...notes, path: 'everyone', label: 'Everyone', roles: ['support', 'admin', 'content'] }
    await openConsole([...screens, everyone], '/everyone', roles)
    await screen.findByRole('heading', { level: 1, name: 'Handover notes' })
    expect(navLabels()).toEqual(labels)
  })

  it('leaves a role with no screen at the console’s start, without a navigation', async () => {
    await openConsole(screens, '/', ['content'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to do here' })).toBeTruthy()
    expect(navigation()).toBeNull()
  })
})
