// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signIn } from './sign-in.ts'

afterEach(() => vi.restoreAllMocks())

const ok = () =>
  new Response(JSON.stringify({ isAuthenticated: true, email: 'a@b.c', role: 'member' }), { status: 200 })

describe('signing in from the browser', () => {
  it('sends the bot-check token when the site enables it', async () => {
    const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(ok())
    await signIn(
      { email: 'a@b.c', password: 'x' },
      { enableRecaptcha: true },
      { token: (action) => Promise.resolve(`token-for-${action}`) },
    )
    expect(fetchSpy.mock.calls[0]?.[1]?.headers).toMatchObject({ 'x-recaptcha-token': 'token-for-login' })
  })

  it('sends none when it is off', async () => {
    const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(ok())
    await signIn({ email: 'a@b.c', password: 'x' }, { enableRecaptcha: false })
    expect(fetchSpy.mock.calls[0]?.[1]?.headers).not.toHaveProperty('x-recaptcha-token')
  })
})
