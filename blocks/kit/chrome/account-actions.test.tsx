// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BlockRegistry, useLocation } from '#engine'
import { BlockFrame } from '#engine/tools'
import { manifest } from '#site-config/manifest.ts'
import { site } from '#site-config/site.ts'
import { AccountActions } from './header-parts.tsx'
import { storyConfig, storyContent } from '../testing/story-fixtures.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  document.head.replaceChildren()
})

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

function renderSignedIn(signedIn: boolean) {
  render(
    <BlockFrame
      content={storyContent}
      config={storyConfig}
      registry={new BlockRegistry({})}
      site={site}
      manifest={manifest}
      session={signedIn ? { isAuthenticated: true, role: 'member' } : { isAuthenticated: false }}
      path="/dashboard"
    >
      <AccountActions texts={storyContent.header.variables.texts} />
      <Where />
    </BlockFrame>,
  )
}

describe('Logout', () => {
  it('ends the session on the server (with the csrf header) and goes to /member-login', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="token-1">'
    const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }))
    renderSignedIn(true)
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/member-login'))
    const [url, init] = fetchSpy.mock.calls[0] ?? []
    expect(url).toBe('/api/v4/member/logout')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({ 'csrf-token': 'token-1' })
  })

  it('does not call the server when the visitor is not signed in', async () => {
    const fetchSpy = vi.spyOn(window, 'fetch')
    renderSignedIn(false)
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/member-login'))
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
